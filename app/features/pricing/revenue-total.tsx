import { partsText, totalText, TOTAL_NOTE, type RevenueTotal } from "./revenue";

/** A revenue figure: the total in the base currency, and beside it what it adds per currency. */
export function RevenueFigure({ revenue, totalClassName = "text-2xl font-bold" }: { revenue: RevenueTotal; totalClassName?: string }) {
  const parts = partsText(revenue);
  return (
    <>
      <p className={totalClassName}>{totalText(revenue)}</p>
      {parts === null ? null : (
        <p className="text-sm text-slate-700">
          {parts}. {TOTAL_NOTE}
        </p>
      )}
    </>
  );
}
