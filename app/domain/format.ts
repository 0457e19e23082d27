// Display formats. Moments render in the reader's time zone when the browser has told us
// (app/.server/time-zone.ts), otherwise in UTC, naming the zone with the time. Date-only values
// (an estimated delivery) render as the day they name, the same in every zone (app/domain/calendar.ts).
import { DATE_ONLY_ZONE } from "./calendar";

// Every format takes the reader's locale (app/features/languages/languages.ts LOCALES); English
// (the United States' conventions) when none is given.
const LOCALE = "en-US";

// A formatter costs far more to make than to use (a list page formats hundreds of values, and
// a phone renders it twice while it hydrates): each kind is made once per locale and time zone
// or currency. The keys are locales, time zones and currency codes, bounded sets; a key Intl
// refuses throws before anything is stored.
function memoized<T>(make: (locale: string, key: string) => T): (locale: string, key: string) => T {
  const made = new Map<string, T>();
  return (locale, key) => {
    const both = `${locale} ${key}`;
    let value = made.get(both);
    if (value === undefined) {
      value = make(locale, key);
      made.set(both, value);
    }
    return value;
  };
}

const dateFormat = memoized((locale, timeZone) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }));
// dateStyle and timeStyle cannot be combined with timeZoneName, hence the parts.
const dateTimeFormat = memoized(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }),
);
const monthDayFormat = memoized((locale, timeZone) => new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone }));
const exponentOf = memoized(
  (locale, currency) => new Intl.NumberFormat(locale, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2,
);
const moneyFormat = memoized((locale, currency) => {
  const exponent = exponentOf(LOCALE, currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
});

function isValidTime(value: number): boolean {
  return Number.isFinite(value) && !Number.isNaN(new Date(value).getTime());
}

export function formatDate(value: number | null | undefined, timeZone = "UTC", locale = LOCALE): string {
  if (value === null || value === undefined) return "N/A";
  if (!isValidTime(value)) return "Invalid Date";
  return dateFormat(locale, timeZone).format(value);
}

export function formatDateTime(value: number | null | undefined, timeZone = "UTC", locale = LOCALE): string {
  if (value === null || value === undefined) return "N/A";
  if (!isValidTime(value)) return "Invalid Date";
  return dateTimeFormat(locale, timeZone).format(value);
}

/** "Nov 27, 2026": the day a date-only value names (an estimated delivery), whoever reads it. */
export function formatDay(value: number | null | undefined, locale = LOCALE): string {
  return formatDate(value, DATE_ONLY_ZONE, locale);
}

/** "Nov 27": the day a date-only value names, as a short notice says it. */
export function formatMonthDay(value: number, locale = LOCALE): string {
  if (!isValidTime(value)) return "Invalid Date";
  return monthDayFormat(locale, DATE_ONLY_ZONE).format(value);
}

/** ISO date-time for <time dateTime>. */
export function isoDateTime(value: number): string {
  return new Date(value).toISOString();
}

/** Digits after the decimal point for a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  return exponentOf(LOCALE, currency);
}

/** An amount in major units (12.5 dollars) as integer minor units of `currency` (1250). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyExponent(currency));
}

/** Integer minor units as the plain number a money input shows: 1250 USD becomes "12.50". */
export function minorUnitsInput(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return (minorUnits / 10 ** exponent).toFixed(exponent);
}

/** Money stored as integer minor units. */
export function formatMoney(minorUnits: number, currency: string, locale = LOCALE): string {
  return moneyFormat(locale, currency).format(minorUnits / 10 ** exponentOf(LOCALE, currency));
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** "DE" becomes "Germany"; an unknown code is shown as it is. */
export function countryName(code: string, locale = LOCALE): string {
  try {
    let names = regionNames.get(locale);
    if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" })));
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** 'Just now' under a minute, then minutes, hours and days up to 30 days, then the date. */
export function relativeTime(value: number, now: number, timeZone = "UTC", locale = LOCALE): string {
  const seconds = Math.floor((now - value) / 1000);
  if (locale !== LOCALE) return otherRelativeTime(value, seconds, timeZone, locale);
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days <= 30) return `${days} day${days === 1 ? "" : "s"} ago`;
  return formatDate(value, timeZone);
}

/** relativeTime in another language than English, in `Intl`'s words ("hace 5 minutos", "à l'instant"). */
function otherRelativeTime(value: number, seconds: number, timeZone: string, locale: string): string {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (seconds < 60) return words.format(0, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return words.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return words.format(-hours, "hour");
  const days = Math.floor(hours / 24);
  if (days <= 30) return words.format(-days, "day");
  return formatDate(value, timeZone, locale);
}

/** "a", "a and b", "a, b and c" (in English; other languages as `Intl` joins them). */
export function listOf(items: readonly string[], locale = LOCALE): string {
  if (locale !== LOCALE) return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export type Dimensions = { length: number; width: number; height: number };

/** "40 × 30 × 20 cm". */
export function formatDimensions({ length, width, height }: Dimensions): string {
  return `${length} × ${width} × ${height} cm`;
}

/**
 * The sizes of a shipment: its own when it has them (one parcel), else those of its parcels,
 * each size once with how many parcels have it ("40 × 30 × 20 cm ×2, 10 × 10 × 10 cm"); "-" when
 * nothing was measured.
 */
export function shipmentSizes(own: Dimensions | null, packages: readonly (Dimensions & { quantity: number })[] = []): string {
  if (own) return formatDimensions(own);
  const counts = new Map<string, number>();
  for (const item of packages) {
    const size = formatDimensions(item);
    counts.set(size, (counts.get(size) ?? 0) + item.quantity);
  }
  if (counts.size === 0) return "-";
  return [...counts].map(([size, count]) => (count > 1 ? `${size} ×${count}` : size)).join(", ");
}

/** `text` safe inside HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** "2.5 kg" ("2,5 kg" in Spanish): a weight in kilograms as forms and lists show it, without grouping. */
export function formatWeight(kg: number, locale = LOCALE): string {
  if (locale === LOCALE) return `${kg} kg`;
  return new Intl.NumberFormat(locale, { style: "unit", unit: "kilogram", maximumFractionDigits: 3, useGrouping: false }).format(kg);
}

/** A plain number in the reader's locale ("1.5", "1,5"), without grouping. */
export function formatNumber(value: number, locale = LOCALE): string {
  if (locale === LOCALE) return String(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false }).format(value);
}
