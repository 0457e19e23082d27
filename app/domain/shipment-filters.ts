// The customer's shipment list: search, status filter, sort and page, all read from and
// written to the URL so that every view of the list can be linked and works without JavaScript.
import { normalizeStatus, type ShipmentStatus } from "./shipment-status";
import { normalizeTrackingId } from "./tracking-id";

export const PAGE_SIZE = 10;

export const SORT_FIELDS = ["createdAt", "updatedAt", "trackingId", "status", "totalCost"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const SORT_LABELS: Record<SortField, string> = {
  createdAt: "Date created",
  updatedAt: "Last updated",
  trackingId: "Tracking ID",
  status: "Status",
  totalCost: "Total cost",
};

export type SortOrder = "asc" | "desc";

export type ShipmentFilters = {
  /** The start of a tracking ID. */
  search: string;
  status: ShipmentStatus | null;
  sortBy: SortField;
  sortOrder: SortOrder;
  page: number;
};

export const DEFAULT_FILTERS: ShipmentFilters = { search: "", status: null, sortBy: "createdAt", sortOrder: "desc", page: 1 };

/** Tracking IDs are 15 characters; a longer search cannot match one. */
const MAX_SEARCH = 15;

/** Whatever the URL holds; anything unknown falls back to the default, never to an error. */
export function parseShipmentFilters(params: URLSearchParams): ShipmentFilters {
  const sortBy = params.get("sortBy");
  const page = Number(params.get("page"));
  return {
    search: normalizeTrackingId(params.get("search") ?? "").slice(0, MAX_SEARCH),
    status: normalizeStatus(params.get("status") ?? ""),
    sortBy: (SORT_FIELDS as readonly string[]).includes(sortBy ?? "") ? (sortBy as SortField) : DEFAULT_FILTERS.sortBy,
    sortOrder: params.get("sortOrder") === "asc" ? "asc" : "desc",
    page: Number.isInteger(page) && page > 1 ? page : 1,
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

export type Pagination = {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  /** 1-based positions of the first and last item shown; 0 when there are none. */
  startIndex: number;
  endIndex: number;
  hasPrev: boolean;
  hasNext: boolean;
};

/** SPEC.md's customer pagination. A page past the end shows the last one. */
export function paginate(totalItems: number, page: number, pageSize = PAGE_SIZE): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const startIndex = totalItems === 0 ? 0 : (currentPage - 1) * pageSize + 1;
  const endIndex = Math.min(currentPage * pageSize, totalItems);
  return { currentPage, totalPages, totalItems, startIndex, endIndex, hasPrev: currentPage > 1, hasNext: currentPage < totalPages };
}
