import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { describeRate } from "~/features/pricing/exchange-rates";
import { formatDate } from "~/domain/format";

/** Which rate, of which day, a price was converted at from the base currency; nothing for a price in the base currency. */
export function ExchangeNote({
  exchange,
  timeZone,
  className = "text-sm text-slate-700",
}: {
  exchange: { base: string; currency: string; rate: number; setAt: number | null } | null;
  timeZone: string;
  className?: string;
}) {
  const { t } = useTranslation("shipments");
  const locale = useLocale();
  if (!exchange || exchange.currency === exchange.base) return null;
  const values = { base: exchange.base, rate: describeRate(exchange, locale) };
  return (
    <p className={className}>
      {exchange.setAt !== null
        ? t("Converted from {{base}} at {{rate}}, the rate of {{date}}.", { ...values, date: formatDate(exchange.setAt, timeZone, locale) })
        : t("Converted from {{base}} at {{rate}}.", values)}
    </p>
  );
}
