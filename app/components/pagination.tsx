import { Link, useLocation } from "@remix-run/react";
import type { PageWindow } from "~/domain/pagination";

/**
 * SPEC.md's list pagination, shown only when there is more than one page: "Showing X to Y of
 * Z results", Previous, Next, "Page N of M". Links keep the rest of the query (filters, search).
 */
export function Pagination({ window, label }: { window: PageWindow; label: string }) {
  const location = useLocation();
  if (window.pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">
        Showing {window.first} to {window.last} of {window.total} results
      </p>
      <div className="flex items-center gap-2">
        {window.hasPrev ? (
          <Link to={hrefFor(window.page - 1)} className="btn-secondary">
            Previous
          </Link>
        ) : null}
        <span className="px-2 text-slate-700">
          Page {window.page} of {window.pageCount}
        </span>
        {window.hasNext ? (
          <Link to={hrefFor(window.page + 1)} className="btn-secondary">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
