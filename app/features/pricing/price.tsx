import { formatMoney } from "~/domain/format";
import { taxNote, type Charge } from "./charge";

/** A shipment's total as every screen shows it: the amount, then whether tax is in it. */
export function Price({ charge, className }: { charge: Charge; className?: string }) {
  return (
    <span className={className}>
      {formatMoney(charge.total, charge.currency)} <span className="text-xs font-normal text-slate-600">({taxNote(charge)})</span>
    </span>
  );
}
