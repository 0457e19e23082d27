// What every list reads from its address, under SPEC.md's names (status, search, dateFrom,
// dateTo, sortBy, sortOrder, page): each view can be linked to and works without JavaScript.
// Unknown or malformed values fall back to the defaults instead of failing the page (a date
// that is not a real one is left out with a notice: shipment-filters.ts).
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
