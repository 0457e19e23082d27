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
  if (!exchange || exchange.currency === exchange.base) return null;
  return (
    <p className={className}>
      {`Converted from ${exchange.base} at ${describeRate(exchange)}${exchange.setAt !== null ? `, the rate of ${formatDate(exchange.setAt, timeZone)}` : ""}.`}
    </p>
  );
}
