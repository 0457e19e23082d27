import { Link } from "@remix-run/react";
import { enhancePrint } from "~/behaviours/print";
import { useBehaviour } from "~/behaviours/use-behaviour";

/**
 * 'Print / Save PDF' and the way back. Without JavaScript the button is a link to the
 * print view (?print=1); with it the print dialog opens, and ?print=1 opens it by itself
 * (behaviours/print.ts).
 */
export function PrintControls({ printHref, autoPrint, backTo, backLabel }: { printHref: string; autoPrint: boolean; backTo: string; backLabel: string }) {
  const controls = useBehaviour<HTMLDivElement>(enhancePrint, [autoPrint]);
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden" ref={controls}>
      <Link to={backTo} className="btn-secondary">
        {backLabel}
      </Link>
      <a href={printHref} className="btn-primary" data-print>
        Print / Save PDF
      </a>
      {autoPrint ? (
        <p className="text-sm text-slate-700" data-auto-print>
          This is the print view: use your browser&apos;s Print command and choose &ldquo;Save as PDF&rdquo; to keep a copy.
        </p>
      ) : null}
    </div>
  );
}
