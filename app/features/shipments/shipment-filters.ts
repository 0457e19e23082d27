// The shipment lists' filters, the customer's own shipments and the admin's all alike: search,
// status, sort and page, plus the admin's time period and created-date range.
import { localDate, startOfDay } from "~/domain/calendar";
import { dateParam, dateRangeParams, listQuery, oneOf, searchParam, type DateRangeFilter } from "~/domain/list-filters";
import { pageParam } from "~/domain/pagination";
import { DEFAULT_SORT, parseSort, type SortField, type SortOrder } from "./shipment-sort";
import { normalizeStatus, type ShipmentStatus } from "./shipment-status";
import { normalizeTrackingId } from "~/features/tracking/tracking-id";

export type ShipmentFilters = {
  search: string;
  /** null: every status. */
  status: ShipmentStatus | null;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
};

export const TIME_PERIODS = ["all", "today", "week", "month", "quarter"] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];
export const TIME_PERIOD_LABELS: Record<TimePeriod, string> = {
  all: "All Time",
  today: "Today",
  week: "This Week",
  month: "This Month",
  quarter: "This Quarter",
};

export type AdminShipmentFilters = ShipmentFilters & DateRangeFilter & { period: TimePeriod };

export const DEFAULT_FILTERS: ShipmentFilters = { search: "", status: null, ...DEFAULT_SORT, page: 1 };
const DEFAULT_ADMIN_FILTERS: AdminShipmentFilters = { ...DEFAULT_FILTERS, period: "all", dateFrom: null, dateTo: null, datesSwapped: false };

/** Tracking IDs are 15 characters; a longer search cannot match one. */
const TRACKING_ID_LENGTH = 15;

function parseFilters(params: URLSearchParams, search: string): ShipmentFilters {
  // "all" (or nothing) is every status, as is anything unknown.
  return { search, status: normalizeStatus(params.get("status") ?? ""), ...parseSort(params), page: pageParam(params) };
}

/** The customer's list: the search is the start of a tracking ID. */
export function parseCustomerShipmentFilters(params: URLSearchParams): ShipmentFilters {
  return parseFilters(params, normalizeTrackingId(searchParam(params)).slice(0, TRACKING_ID_LENGTH));
}

/** The admin's list: the search is free text (tracking ID, names, e-mails). */
export function parseAdminShipmentFilters(params: URLSearchParams): AdminShipmentFilters {
  return {
    ...parseFilters(params, searchParam(params)),
    period: oneOf(TIME_PERIODS, params.get("period"), "all"),
    ...dateRangeParams(params),
  };
}

const DATE_FILTERS = ["dateFrom", "dateTo"] as const;

/** The notice for each set of date filters left out: one sentence each, so each has its translation. */
const IGNORED_DATES_NOTICES = {
  dateFrom: "The Created from date is not a real date (YYYY-MM-DD), so it was left out.",
  dateTo: "The Created to date is not a real date (YYYY-MM-DD), so it was left out.",
  both: "The Created from and Created to dates are not real dates (YYYY-MM-DD), so they were left out.",
} as const;

/**
 * What the list says about date filters in its address that are not real dates (2024-02-30,
 * 9999-99-99): they are left out and the list shows without them, rather than a 400 for a
 * link. Null when there are none.
 */
export function ignoredDateFiltersNotice(params: URLSearchParams): string | null {
  const ignored = DATE_FILTERS.filter((name) => (params.get(name) ?? "") !== "" && dateParam(params, name) === null);
  if (ignored.length === 0) return null;
  return IGNORED_DATES_NOTICES[ignored.length === 1 ? ignored[0]! : "both"];
}

/** The list's address for `filters`, leaving the defaults out ("" when all are defaults). */
export function filtersQuery(filters: ShipmentFilters | AdminShipmentFilters): string {
  const { search, status, period, dateFrom, dateTo, sortBy, sortOrder, page } = { ...DEFAULT_ADMIN_FILTERS, ...filters };
  return listQuery({ search, status, period, dateFrom, dateTo, sortBy, sortOrder, page }, DEFAULT_ADMIN_FILTERS);
}

/** Whether the list is narrowed (the empty state then suggests adjusting the search); sorting does not. */
export function isFiltered(filters: ShipmentFilters | AdminShipmentFilters): boolean {
  const { search, status, period, dateFrom, dateTo } = { ...DEFAULT_ADMIN_FILTERS, ...filters };
  return search !== "" || status !== null || period !== "all" || dateFrom !== null || dateTo !== null;
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
