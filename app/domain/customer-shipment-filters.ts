// The customer's shipment list: search, status filter, sort and page, all read from and
// written to the URL so that every view of the list can be linked and works without JavaScript.
import { pageParam } from "./pagination";
import { DEFAULT_SORT, parseSort, type SortField, type SortOrder } from "./shipment-sort";
import { normalizeStatus, type ShipmentStatus } from "./shipment-status";
import { normalizeTrackingId } from "./tracking-id";

export const PAGE_SIZE = 10;

export type ShipmentFilters = {
  /** The start of a tracking ID. */
  search: string;
  status: ShipmentStatus | null;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
};

export const DEFAULT_FILTERS: ShipmentFilters = { search: "", status: null, ...DEFAULT_SORT, page: 1 };

/** Tracking IDs are 15 characters; a longer search cannot match one. */
const MAX_SEARCH = 15;

/** Whatever the URL holds; anything unknown falls back to the default, never to an error. */
export function parseShipmentFilters(params: URLSearchParams): ShipmentFilters {
  return {
    search: normalizeTrackingId(params.get("search") ?? "").slice(0, MAX_SEARCH),
    status: normalizeStatus(params.get("status") ?? ""),
    ...parseSort(params),
    page: pageParam(params),
  };
}

/** A query string for `filters` with `changes`, leaving defaults out ("" when all are defaults). */
export function filtersQuery(filters: ShipmentFilters, changes: Partial<ShipmentFilters> = {}): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.status) params.set("status", next.status);
  if (next.sortBy !== DEFAULT_FILTERS.sortBy) params.set("sortBy", next.sortBy);
  if (next.sortOrder !== DEFAULT_FILTERS.sortOrder) params.set("sortOrder", next.sortOrder);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Search or status narrow the list (sorting does not). */
export function isFiltered(filters: ShipmentFilters): boolean {
  return filters.search !== "" || filters.status !== null;
}
