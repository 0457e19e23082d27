import { Link, useLocation } from "@remix-run/react";

/** The `page` query parameter as a whole number from 1. */
export function pageParam(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * SPEC.md's list pagination, shown only when there is more than one page: "Showing X to Y of
 * Z results", Previous, Next, "Page N of M". Links keep the rest of the query (filters, search).
 */
export function Pagination({ page, pageSize, total, label }: { page: number; pageSize: number; total: number; label: string }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">
        Showing {first} to {last} of {total} results
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className="btn-secondary">
            Previous
          </Link>
        ) : null}
        <span className="px-2 text-slate-700">
          Page {Math.min(page, pages)} of {pages}
        </span>
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className="btn-secondary">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
