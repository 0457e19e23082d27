import { Link } from "@remix-run/react";
import { useEffect } from "react";

const AUTO_PRINT_DELAY_MS = 300;

/**
 * 'Print / Save PDF' and the way back. Without JavaScript the button is a link to the
 * print view (?print=1); with it the print dialog opens, and ?print=1 opens it by itself.
 */
export function PrintControls({ printHref, autoPrint, backTo, backLabel }: { printHref: string; autoPrint: boolean; backTo: string; backLabel: string }) {
  useEffect(() => {
    if (!autoPrint) return;
    const timer = window.setTimeout(() => window.print(), AUTO_PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoPrint]);
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      <Link to={backTo} className="btn-secondary">
        {backLabel}
      </Link>
      <a
        href={printHref}
        className="btn-primary"
        onClick={(event) => {
          event.preventDefault();
          window.print();
        }}
      >
        Print / Save PDF
      </a>
      {autoPrint ? (
        <p className="text-sm text-slate-700">
          This is the print view: use your browser&apos;s Print command and choose &ldquo;Save as PDF&rdquo; to keep a copy.
        </p>
      ) : null}
    </div>
  );
}
