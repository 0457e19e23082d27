// Prices are computed in the base currency (US dollars: every tariff figure is one) and
// converted with the exchange rates of the settings, rounded to the target currency's minor
// unit (JPY has none, BHD three). See docs/decisions/004-dollar-tariff-converted-at-stored-rates.md.
import { currencyExponent } from "~/domain/format";

export const BASE_CURRENCY = "USD";

/** How many units of `currency` one unit of the base currency buys, and when that was set. */
export type ExchangeRate = { currency: string; rate: number; setAt: number };

/** The rate a quote in the base currency itself uses. */
export const BASE_RATE: ExchangeRate = { currency: BASE_CURRENCY, rate: 1, setAt: 0 };

/** Bounds a rate must keep: positive, and no currency is worth less than a millionth of a dollar. */
export const RATE_LIMITS = { min: 0.000001, max: 1_000_000, decimals: 6 } as const;

export function isValidRate(rate: number): boolean {
  return Number.isFinite(rate) && rate >= RATE_LIMITS.min && rate <= RATE_LIMITS.max;
}

/** A rate as stored: six decimals are plenty and keep 0.1 + 0.2 drift out of the table. */
export function roundRate(rate: number): number {
  return Math.round(rate * 10 ** RATE_LIMITS.decimals) / 10 ** RATE_LIMITS.decimals;
}

/** The factor that turns base-currency minor units into the target's minor units. */
function minorFactor(rate: ExchangeRate): number {
  return rate.rate * 10 ** (currencyExponent(rate.currency) - currencyExponent(BASE_CURRENCY));
}

/** Base-currency minor units in the target currency's minor units, rounded half away from zero. */
export function convertMinorUnits(amount: number, rate: ExchangeRate): number {
  const exact = amount * minorFactor(rate);
  // Products such as 1.005 * 100 land a hair below the half; a tolerance keeps them on it.
  return Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
}

/** Minor units of `rate.currency` in the base currency's minor units (the inverse of convertMinorUnits), rounded half away from zero. */
export function toBaseMinorUnits(amount: number, rate: ExchangeRate): number {
  const exact = amount / minorFactor(rate);
  return Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
}

/**
 * Several amounts converted so that they still add up: the sum of the results is the
 * converted sum (each is the difference of converted running totals), and each result is
 * within one minor unit of its own conversion.
 */
export function convertParts(amounts: readonly number[], rate: ExchangeRate): number[] {
  let total = 0;
  let convertedTotal = 0;
  return amounts.map((amount) => {
    total += amount;
    const next = convertMinorUnits(total, rate);
    const part = next - convertedTotal;
    convertedTotal = next;
    return part;
  });
}

/** "1 USD = 0.87 EUR". */
export function describeRate(rate: Pick<ExchangeRate, "currency" | "rate">, locale = "en-US"): string {
  return `1 ${BASE_CURRENCY} = ${new Intl.NumberFormat(locale, { maximumFractionDigits: RATE_LIMITS.decimals }).format(rate.rate)} ${rate.currency}`;
}
