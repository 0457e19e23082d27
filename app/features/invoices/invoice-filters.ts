// The admin's invoice list filters, in the address like every list's: search (an invoice
// number, a tracking ID, a customer's name or e-mail), status, the issue-date range and page.
import { dateRangeParams, listQuery, oneOf, searchParam, type DateRangeFilter } from "~/domain/list-filters";
import { INVOICE_STATUSES, type InvoiceStatus } from "./invoice";
import { pageParam } from "~/domain/pagination";

export type InvoiceFilters = DateRangeFilter & { search: string; status: InvoiceStatus | null; page: number };

const DEFAULTS: InvoiceFilters = { search: "", status: null, dateFrom: null, dateTo: null, datesSwapped: false, page: 1 };

export function parseInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  const status = oneOf(["all", ...INVOICE_STATUSES], params.get("status"), "all");
  return { search: searchParam(params), status: status === "all" ? null : status, ...dateRangeParams(params), page: pageParam(params) };
}

/** The filters' query ("" for none): the CSV export takes the list's filters, never its page. */
export function invoiceFiltersQuery(filters: InvoiceFilters, { withPage = true } = {}): string {
  const { search, status, dateFrom, dateTo, page } = filters;
  return listQuery({ search, status, dateFrom, dateTo, page: withPage ? page : 1 }, DEFAULTS);
}

export function isInvoiceListFiltered(filters: InvoiceFilters): boolean {
  return filters.search !== "" || filters.status !== null || filters.dateFrom !== null || filters.dateTo !== null;
}
