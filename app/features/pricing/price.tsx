import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { formatMoney } from "~/domain/format";
import { taxNote, type Charge } from "./charge";

/** A shipment's total as every screen shows it: the amount, then whether tax is in it. */
export function Price({ charge, className }: { charge: Charge; className?: string }) {
  const { t } = useTranslation("shipments");
  const locale = useLocale();
  const note = taxNote(t, charge, locale);
  return (
    <span className={className}>
      {formatMoney(charge.total, charge.currency, locale)} <span className="text-xs font-normal text-slate-600">({note})</span>
    </span>
  );
}
