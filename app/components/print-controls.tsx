import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { enhancePrint } from "~/behaviours/print";
import { useBehaviour } from "~/behaviours/use-behaviour";

/**
 * 'Print / Save PDF' and the way back. Without JavaScript the button is a link to the
 * print view (?print=1); with it the print dialog opens, and ?print=1 opens it by itself
 * (behaviours/print.ts).
 */
export function PrintControls({ printHref, autoPrint, backTo, backLabel }: { printHref: string; autoPrint: boolean; backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  const controls = useBehaviour<HTMLDivElement>(enhancePrint, [autoPrint]);
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden" ref={controls}>
      <Link to={backTo} className="btn-secondary">
        {backLabel}
      </Link>
      <a href={printHref} className="btn-primary" data-print>
        {t("Print / Save PDF")}
      </a>
      {autoPrint ? (
        <p className="text-sm text-slate-700" data-auto-print>
          {t("This is the print view: use your browser's Print command and choose “Save as PDF” to keep a copy.")}
        </p>
      ) : null}
    </div>
  );
}
