// List pagination ('Showing X to Y of Z results', 'Page N of M'), shared by every
// list: the customer's shipments, the admin's shipments, users and the mailbox.

/** Page size 10, unless a list says otherwise. */
export const PAGE_SIZE = 10;

/** The `page` query parameter as a whole number from 1; anything else is page 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

export type Pagination = {
  page: number;
  pageSize: number;
  pageCount: number;
  /** 1-based positions of the first and last item shown; 0 when there are none. */
  first: number;
  last: number;
  total: number;
  /** The total counts only the first matches of a search: there are more ("1,000+"). */
  more: boolean;
  hasPrev: boolean;
  hasNext: boolean;
};

/**
 * The part of `total` items that page `requestedPage` shows; a page past the end shows the last
 * one. `more`: there are more than `total` items, so the last page counted has a next one.
 */
export function paginate(total: number, requestedPage: number, pageSize = PAGE_SIZE, more = false): Pagination {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return { page, pageSize, pageCount, first, last, total, more, hasPrev: page > 1, hasNext: more || page < pageCount };
}

/** A count as a list says it, in `locale`: "1,000+" when there are more than it counted. */
export function countLabel(count: number, more = false, locale = "en-US"): string {
  return `${count.toLocaleString(locale)}${more ? "+" : ""}`;
}

/** The SQL offset of the page's first row. */
export function pageOffset(pagination: Pagination): number {
  return (pagination.page - 1) * pagination.pageSize;
}
