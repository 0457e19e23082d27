// Revenue added up across currencies: each currency's sum, as charged, and their total in the
// base currency at the stored exchange rates (the `exchange_rates` table as it is when read).
// Every screen that sums revenue (the admin dashboard, analytics, invoice totals, reports)
// shows the total with the per-currency amounts beside it.
import { formatMoney } from "~/domain/format";
import { BASE_CURRENCY, BASE_RATE, toBaseMinorUnits, type ExchangeRate } from "./exchange-rates";

/** An amount of money in one currency, in its minor units. */
export type Money = { currency: string; amount: number };

/** A sum over several currencies. */
export type RevenueTotal = {
  /** In the base currency's minor units: every part with a stored rate, each converted once. */
  total: number;
  /** Each currency's sum as charged, the largest (in the base currency) first. */
  parts: Money[];
  /** The currencies of `parts` with no stored rate, left out of `total`. */
  unconverted: string[];
};

/** `amounts` (a currency may come several times) added up per currency and, at `rates`, in the base currency. */
export function revenueTotal(amounts: readonly Money[], rates: readonly ExchangeRate[]): RevenueTotal {
  const sums = new Map<string, number>();
  for (const { currency, amount } of amounts) sums.set(currency, (sums.get(currency) ?? 0) + amount);
  const rateOf = new Map(rates.map((rate) => [rate.currency, rate]));
  const converted = [...sums].map(([currency, amount]) => {
    const rate = currency === BASE_CURRENCY ? BASE_RATE : rateOf.get(currency);
    return { currency, amount, base: rate ? toBaseMinorUnits(amount, rate) : null };
  });
  converted.sort((a, b) => (b.base ?? -Infinity) - (a.base ?? -Infinity) || b.amount - a.amount || (a.currency < b.currency ? -1 : 1));
  return {
    total: converted.reduce((total, part) => total + (part.base ?? 0), 0),
    parts: converted.filter((part) => part.amount !== 0).map(({ currency, amount }) => ({ currency, amount })),
    unconverted: converted.filter((part) => part.base === null && part.amount !== 0).map((part) => part.currency),
  };
}

/** "$2,373.36": the total in the base currency. */
export function totalText(revenue: RevenueTotal, locale?: string): string {
  return formatMoney(revenue.total, BASE_CURRENCY, locale);
}

/**
 * "$2,272.53 + €87.72": what the total adds, per currency as charged; null when it is one
 * amount in the base currency (the total says it all). A currency without a rate says so.
 */
export function partsText(revenue: RevenueTotal, locale?: string): string | null {
  const [only] = revenue.parts;
  if (revenue.parts.length === 0 || (revenue.parts.length === 1 && only!.currency === BASE_CURRENCY)) return null;
  return revenue.parts
    .map((part) => `${formatMoney(part.amount, part.currency, locale)}${revenue.unconverted.includes(part.currency) ? ` (no ${part.currency} rate: not in the total)` : ""}`)
    .join(" + ");
}

/** "$2,373.36 ($2,272.53 + €87.72)": a total and its parts on one line, for a table cell or a report. */
export function revenueText(revenue: RevenueTotal, locale?: string): string {
  const parts = partsText(revenue, locale);
  return parts === null ? totalText(revenue, locale) : `${totalText(revenue, locale)} (${parts})`;
}

/** "No stored rate for XYZ: not in the total.", for totals that had to leave a currency out; null when none did. */
export function unconvertedNote(totals: readonly RevenueTotal[]): string | null {
  const left = [...new Set(totals.flatMap((total) => total.unconverted))];
  return left.length === 0 ? null : `No stored rate for ${left.join(", ")}: not in the total.`;
}

/** How a total was made, said once beside it. */
export const TOTAL_NOTE = `In ${BASE_CURRENCY} at the stored exchange rates; per currency as charged.`;
