// The admin shipment list's search, filters, sort and page, all carried in the URL so that
// every view can be linked to and works without JavaScript.
import { localDate, startOfDay } from "./calendar";
import { pageParam } from "./pagination";
import { parseSort, type SortField, type SortOrder } from "./shipment-sort";
import { normalizeStatus, type ShipmentStatus } from "./shipment-status";

/** SPEC.md: page size 10, also the dashboard's "Recent Shipments". */
export const PAGE_SIZE = 10;

export const TIME_PERIODS = ["all", "today", "week", "month", "quarter"] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];
export const TIME_PERIOD_LABELS: Record<TimePeriod, string> = {
  all: "All Time",
  today: "Today",
  week: "This Week",
  month: "This Month",
  quarter: "This Quarter",
};

export type ListFilters = {
  q: string;
  status: ShipmentStatus | "all";
  period: TimePeriod;
  /** Calendar dates (YYYY-MM-DD) in the reader's time zone, both ends included. */
  from: string | null;
  to: string | null;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Unknown or malformed values fall back to the defaults instead of failing the page. */
export function parseListFilters(params: URLSearchParams): ListFilters {
  const status = params.get("status");
  const from = params.get("from");
  const to = params.get("to");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: status && status !== "all" ? (normalizeStatus(status) ?? "all") : "all",
    period: oneOf(TIME_PERIODS, params.get("period"), "all"),
    from: from && isCalendarDate(from) ? from : null,
    to: to && isCalendarDate(to) ? to : null,
    ...parseSort(params),
    page: pageParam(params),
  };
}

/** Whether the list is narrowed (the empty state then suggests adjusting the search). */
export function hasActiveFilters(filters: ListFilters): boolean {
  return filters.q !== "" || filters.status !== "all" || filters.period !== "all" || filters.from !== null || filters.to !== null;
}

/** Where a time filter starts: today, this week (from Monday), this month or quarter; null for all time. */
export function periodStart(period: TimePeriod, now: number, timeZone: string): number | null {
  if (period === "all") return null;
  const today = localDate(now, timeZone);
  switch (period) {
    case "today":
      return startOfDay(today.year, today.month, today.day, timeZone);
    case "week":
      return startOfDay(today.year, today.month, today.day - ((today.weekday + 6) % 7), timeZone);
    case "month":
      return startOfDay(today.year, today.month, 1, timeZone);
    case "quarter":
      return startOfDay(today.year, today.month - ((today.month - 1) % 3), 1, timeZone);
  }
}

/** The [start, end) instants of a from/to date range in `timeZone`. */
export function dateRange(from: string | null, to: string | null, timeZone: string): { start: number | null; end: number | null } {
  const at = (date: string, extraDays: number) => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    return startOfDay(year, month, day + extraDays, timeZone);
  };
  return { start: from ? at(from, 0) : null, end: to ? at(to, 1) : null };
}
