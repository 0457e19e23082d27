// What every list reads from its address, under one set of names (status, search, dateFrom,
// dateTo, sortBy, sortOrder, page): each view can be linked to and works without JavaScript.
// Unknown or malformed values fall back to the defaults instead of failing the page (a date
// that is not a real one is left out with a notice: shipment-filters.ts).
import { startOfDay } from "./calendar";
import { isCalendarDate } from "./field-limits";

/**
 * A longer search is cut to this many characters. The search box says so (maxLength), and the
 * LIKE pattern built from it stays within D1's 50-byte limit (app/.server/text-search.ts).
 */
export const SEARCH_MAX_LENGTH = 40;

/** The `search` parameter, trimmed and bounded; `q`, the admin lists' old name for it, is read too. */
export function searchParam(params: URLSearchParams): string {
  const text = (params.get("search") ?? params.get("q") ?? "").trim();
  // Whole characters, so that a cut never splits one in two.
  return [...text].slice(0, SEARCH_MAX_LENGTH).join("").trimEnd();
}

/** A calendar date (YYYY-MM-DD) such as `dateFrom` or `dateTo`; null when absent or not a real date (isCalendarDate). */
export function dateParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value !== null && isCalendarDate(value) ? value : null;
}

/** Said above a list whose date range was given the wrong way round. */
export const SWAPPED_DATES_MESSAGE = "The start date was after the end date, so the two were swapped.";

export type DateRangeFilter = {
  /** Calendar dates (YYYY-MM-DD) in the reader's time zone, both ends included. */
  dateFrom: string | null;
  dateTo: string | null;
  /** The address gave the end before the start; the list shows the range the right way round. */
  datesSwapped: boolean;
};

/** `dateFrom` and `dateTo`; a start after the end is swapped rather than matching nothing. */
export function dateRangeParams(params: URLSearchParams): DateRangeFilter {
  const dateFrom = dateParam(params, "dateFrom");
  const dateTo = dateParam(params, "dateTo");
  // ISO calendar dates compare as text.
  if (dateFrom && dateTo && dateFrom > dateTo) return { dateFrom: dateTo, dateTo: dateFrom, datesSwapped: true };
  return { dateFrom, dateTo, datesSwapped: false };
}

/** The [start, end) instants of a dateFrom/dateTo range in `timeZone`. */
export function dateRange(dateFrom: string | null, dateTo: string | null, timeZone: string): { start: number | null; end: number | null } {
  const at = (date: string, extraDays: number) => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    return startOfDay(year, month, day + extraDays, timeZone);
  };
  return { start: dateFrom ? at(dateFrom, 0) : null, end: dateTo ? at(dateTo, 1) : null };
}

/** `value` when it is one of `values`, else `fallback`. */
export function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

type QueryValue = string | number | null;

/** "?name=value&..." for the values that differ from their defaults, in the order given; "" when none do. */
export function listQuery<T extends Record<string, QueryValue>>(values: T, defaults: { [K in keyof T]?: QueryValue }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === "" || value === (defaults[name] ?? null)) continue;
    params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
