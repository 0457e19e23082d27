// The orders a shipment list can be sorted in, shared by the customer's and the admin's lists.
// Unknown values from the URL fall back to newest first instead of failing the page.

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

export const DEFAULT_SORT: { sortBy: SortField; sortOrder: SortOrder } = { sortBy: "createdAt", sortOrder: "desc" };

export function parseSort(params: URLSearchParams): { sortBy: SortField; sortOrder: SortOrder } {
  const sortBy = params.get("sortBy") ?? "";
  return {
    sortBy: (SORT_FIELDS as readonly string[]).includes(sortBy) ? (sortBy as SortField) : DEFAULT_SORT.sortBy,
    sortOrder: params.get("sortOrder") === "asc" ? "asc" : DEFAULT_SORT.sortOrder,
  };
}
