// The parts every list page is built from: a filter bar, a table that becomes a stack of cards
// on small screens, pagination and an empty state. The filters live in the URL (a GET form),
// so every view of a list can be linked to and works without JavaScript; with it, the list
// follows the form as one types (app/behaviours/live-filter.ts: the page's results, marked
// data-live-results, on a page that does not hydrate).
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { tk } from "~/features/languages/languages";
import { enhanceLiveFilters } from "~/behaviours/live-filter";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { SEARCH_MAX_LENGTH } from "~/domain/list-filters";
import { countLabel, type Pagination } from "~/domain/pagination";

type SearchBox = {
  label: string;
  value: string;
  placeholder?: string;
  /** More attributes for the input; a className replaces the default "input". */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "defaultValue">;
};

/**
 * A GET form on the list's own address: a labelled search box (`search`), the list's other
 * fields (children), a submit button and, when given, a "Filters" panel for the rest.
 */
export function FilterBar({
  id,
  label,
  search,
  submitLabel,
  children,
  more,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  /** The search landmark's name. */
  label: string;
  search: SearchBox;
  /** Translated by the caller; "Search" when none is given. */
  submitLabel?: string;
  children?: ReactNode;
  more?: { open: boolean; content: ReactNode };
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  // With JavaScript the list follows the form as it changes (app/behaviours/live-filter.ts), through the router here.
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;
  // The fields show what the address says. An address this form asked for already matches
  // them (and the reader may still be typing); any other (a link, a tile, the header's search
  // box, back and forward) starts the form afresh from the new values.
  const [generation, setGeneration] = useState(0);
  const submitted = useRef(false);
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (submitted.current) submitted.current = false;
    else setGeneration((count) => count + 1);
  }, [location.key]);
  const followChanges = useBehaviour<HTMLFormElement>(
    useCallback(
      (root) =>
        enhanceLiveFilters(root, (form) => {
          submitted.current = true;
          latestSubmit.current(form, { replace: true, preventScrollReset: true });
        }),
      [],
    ),
  );
  const searchId = `${id}-search`;
  return (
    <Form
      key={generation}
      ref={followChanges}
      method="get"
      action={location.pathname}
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      data-live-filter=""
      onSubmit={() => {
        submitted.current = true;
      }}
    >
      <div className="min-w-[min(100%,16rem)] flex-1">
        <label htmlFor={searchId} className="label">
          {search.label}
        </label>
        <input
          id={searchId}
          name="search"
          type="search"
          defaultValue={search.value}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={search.placeholder}
          className="input"
          {...search.inputProps}
        />
      </div>
      {children}
      <button type="submit" className="btn-primary" data-pending={t("Searching...")}>
        {submitLabel ?? t("Search")}
      </button>
      {more ? (
        <details className="basis-full" open={more.open || undefined}>
          <summary className="inline-flex text-sm font-semibold text-brand-700">{t("Filters")}</summary>
          <div className="mt-3 flex flex-wrap items-end gap-3">{more.content}</div>
        </details>
      ) : null}
    </Form>
  );
}

// The labels of a date range's two fields, by what the dates are of.
const DATE_RANGE_LABELS = {
  Created: { from: tk("Created from"), to: tk("Created to") },
  Issued: { from: tk("Issued from"), to: tk("Issued to") },
} as const;

/** The `dateFrom` and `dateTo` fields of a filter bar, labelled "<verb> from" and "<verb> to". */
export function DateRangeFields({ idPrefix, verb, dateFrom, dateTo }: { idPrefix: string; verb: keyof typeof DATE_RANGE_LABELS; dateFrom: string | null; dateTo: string | null }) {
  const { t } = useTranslation();
  const labels = DATE_RANGE_LABELS[verb];
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-date-from`} className="label">
          {t(labels.from)}
        </label>
        <input id={`${idPrefix}-date-from`} type="date" name="dateFrom" defaultValue={dateFrom ?? ""} className="input" />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-date-to`} className="label">
          {t(labels.to)}
        </label>
        <input id={`${idPrefix}-date-to`} type="date" name="dateTo" defaultValue={dateTo ?? ""} className="input" />
      </div>
    </>
  );
}

/** A note under a filter bar about how the address's filters were read (a date range swapped). */
export function FilterNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {children}
    </p>
  );
}

export type Column<Row> = {
  /** The column's heading; on small screens it labels the cell inside the row's card. */
  label: string;
  /** Shown in the heading instead of the label (a select-all box, a visually hidden label). */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell names its row: a row header, and the card's title on small screens. */
  rowHeader?: boolean;
  className?: string;
};

/** A table; below the md breakpoint each row is a card of labelled cells under the row's name. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    // Relative, so that visually hidden labels in scrolled-away cells stay inside the scroller.
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700 max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-3 ${column.className ?? ""}`}>
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-md:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top hover:bg-slate-50 max-md:flex max-md:flex-col max-md:px-4 max-md:py-3">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.label} scope="row" className={`px-3 py-3 font-semibold max-md:order-first max-md:px-0 max-md:pb-1 max-md:text-base ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.label}
                    data-label={column.label}
                    className={`px-3 py-3 max-md:flex max-md:gap-3 max-md:px-0 max-md:*:min-w-0 max-md:py-1 max-md:text-left max-md:before:w-28 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] ${column.className ?? ""}`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A list's pagination, shown only when there is more than one page: "Showing X to Y of
 * Z results", Previous, Next, "Page N of M". Links keep the rest of the query (filters, search).
 */
export function PaginationNav({ pagination, label }: { pagination: Pagination; label: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  if (pagination.pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-4 text-sm">
      <p className="text-slate-700">
        {t("Showing {{first}} to {{last}} of {{total}} results", {
          first: countLabel(pagination.first, false, locale),
          last: countLabel(pagination.last, false, locale),
          total: countLabel(pagination.total, pagination.more, locale),
        })}
      </p>
      <div className="flex items-center gap-2">
        {pagination.hasPrev ? (
          <Link to={hrefFor(pagination.page - 1)} className="btn-secondary">
            {t("Previous")}
          </Link>
        ) : null}
        <span className="px-2 text-slate-700">
          {t("Page {{page}} of {{pages}}", { page: countLabel(pagination.page, false, locale), pages: countLabel(pagination.pageCount, pagination.more, locale) })}
        </span>
        {pagination.hasNext ? (
          <Link to={hrefFor(pagination.page + 1)} className="btn-secondary">
            {t("Next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** What a list says when it has no rows: why, and where to go from here. */
export function EmptyState({
  title,
  hint,
  action,
  headingLevel = 3,
}: {
  title: string;
  hint: string;
  action?: { to: string; label: string };
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="px-6 py-12 text-center">
      <Heading className="mb-1 text-lg font-semibold">{title}</Heading>
      <p className="text-slate-700">{hint}</p>
      {action ? (
        <Link to={action.to} className="btn-primary mt-4">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
