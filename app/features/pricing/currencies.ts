// The 50 currencies of the shipment form's picker, derived from the country table (see
// docs/decisions/004-dollar-tariff-converted-at-stored-rates.md). Server only, like countries.ts: loaders pass the list on.
import { COUNTRIES, type Country } from "~/domain/countries";

export type Currency = { code: string; name: string; symbol: string };

export const PICKER_SIZE = 50;

/**
 * Always offered: the most traded currencies of the BIS Triennial Central Bank Survey (2022),
 * reserve currencies first. Those of no country in the table (HKD, TWD) drop out.
 */
export const MAJOR_CURRENCIES = [
  "USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW", "NOK",
  "NZD", "INR", "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR", "CZK", "AED",
  "TRY", "HUF", "CLP", "SAR", "PHP", "MYR", "COP", "RUB", "RON", "PEN", "BHD", "BGN", "ARS",
] as const;

type Usage = { currency: Currency; countries: number; area: number };

/** Each currency once, with how many countries use it and their combined area. */
function currencyUsage(countries: readonly Country[]): Map<string, Usage> {
  const usage = new Map<string, Usage>();
  for (const country of countries) {
    const entry = usage.get(country.currency) ?? {
      currency: { code: country.currency, name: country.currencyName, symbol: country.currencySymbol },
      countries: 0,
      area: 0,
    };
    entry.countries += 1;
    entry.area += country.area;
    usage.set(country.currency, entry);
  }
  return usage;
}

/**
 * The major currencies, then the rest ranked by how many countries use them, then by the
 * combined area of those countries, then by code, up to `size`; listed by code.
 */
export function pickerCurrencies(countries: readonly Country[], size = PICKER_SIZE): Currency[] {
  const usage = currencyUsage(countries);
  const major = MAJOR_CURRENCIES.flatMap((code) => usage.get(code) ?? []);
  const others = [...usage.values()]
    .filter((entry) => !(MAJOR_CURRENCIES as readonly string[]).includes(entry.currency.code))
    .sort((a, b) => b.countries - a.countries || b.area - a.area || a.currency.code.localeCompare(b.currency.code));
  return [...major, ...others]
    .slice(0, size)
    .map((entry) => entry.currency)
    .sort((a, b) => a.code.localeCompare(b.code));
}

export const CURRENCIES: readonly Currency[] = pickerCurrencies(COUNTRIES);

const CODES: ReadonlySet<string> = new Set(CURRENCIES.map((currency) => currency.code));

export function isPickerCurrency(code: string): boolean {
  return CODES.has(code);
}

/** A currency's name in `locale` ("euro", "dólar estadounidense"); English keeps the list's own names. */
export function currencyName(currency: Pick<Currency, "code" | "name">, locale = "en-US"): string {
  if (locale === "en-US") return currency.name;
  try {
    return new Intl.DisplayNames([locale], { type: "currency", fallback: "none" }).of(currency.code) ?? currency.name;
  } catch {
    return currency.name;
  }
}
