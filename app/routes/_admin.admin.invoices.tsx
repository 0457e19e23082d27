import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessages } from "~/components/forms";
import { metaT } from "~/features/languages/translate";
import { listInvoices } from "~/features/invoices/invoices.server";
import { requireAdmin } from "~/http/guards.server";
import { requestTimeZone } from "~/.server/time-zone";
import { DataTable, DateRangeFields, EmptyState, FilterBar, FilterNotice, PaginationNav, type Column } from "~/components/list";
import { useLocale, useTimeZone } from "~/components/root-data";
import { formatDate, formatDateTime, formatMoney } from "~/domain/format";
import { BASE_CURRENCY } from "~/features/pricing/exchange-rates";
import { TOTAL_NOTE, unconvertedNote } from "~/features/pricing/revenue";
import { INVOICE_STATUS_ACTIONS, INVOICE_STATUS_LABELS, INVOICE_STATUSES, nextStatuses, type InvoiceStatus } from "~/features/invoices/invoice";
import { invoiceFiltersQuery, isInvoiceListFiltered, parseInvoiceFilters } from "~/features/invoices/invoice-filters";
import { SWAPPED_DATES_MESSAGE } from "~/domain/list-filters";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "invoices");
  return [
    { title: t("Invoices | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Every invoice: search, status, dates, totals per currency, payments and CSV export.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filters = parseInvoiceFilters(new URL(request.url).searchParams);
  return { filters, ...(await listInvoices(context.db, filters, { timeZone: requestTimeZone(request) })) };
}

type InvoiceRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function InvoicesPage() {
  const { filters, rows, pagination, totals, inBase } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("invoices");
  const messages = useMessages();
  const columns: Column<InvoiceRow>[] = [
    {
      label: t("Invoice"),
      rowHeader: true,
      cell: (row) => (
        <Link to={`/invoices/${encodeURIComponent(row.id)}`} className="link font-mono">
          {row.number}
          <span className="sr-only"> {t("(printable invoice)")}</span>
        </Link>
      ),
    },
    {
      label: t("Shipment"),
      cell: (row) =>
        row.shipmentId ? (
          <Link to={`/admin/shipments/${encodeURIComponent(row.shipmentId)}/edit`} className="link font-mono">
            {row.trackingId}
          </Link>
        ) : (
          <span>
            <span className="font-mono">{row.trackingId}</span> <span className="text-slate-600">{t("(shipment deleted)")}</span>
          </span>
        ),
    },
    {
      label: t("Customer"),
      cell: (row) => (
        <div>
          <div className="font-medium">{row.customerName}</div>
          <div className="break-words text-slate-600">{row.customerEmail ? <WrapPoints text={row.customerEmail} /> : "-"}</div>
        </div>
      ),
    },
    { label: t("Issued"), className: "whitespace-nowrap", cell: (row) => formatDate(row.issuedAt, timeZone, locale) },
    { label: t("Total"), className: "whitespace-nowrap", cell: (row) => formatMoney(row.total, row.currency, locale) },
    {
      label: t("Status"),
      cell: (row) => (
        <div>
          <InvoiceStatusBadge status={row.status} />
          {row.statusChangedAt ? (
            <div className="mt-1 text-xs text-slate-600">
              {row.statusChangedByName
                ? t("{{date}} by {{name}}", { date: formatDateTime(row.statusChangedAt, timeZone, locale), name: row.statusChangedByName })
                : formatDateTime(row.statusChangedAt, timeZone, locale)}
            </div>
          ) : null}
        </div>
      ),
    },
    { label: t("Actions"), cell: (row) => <StatusButtons invoiceId={row.id} number={row.number} status={row.status} here={here} /> },
  ];
  return (
    <main id="main" className="space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Invoices")}</h1>
        <a href={`/admin/invoices.csv${invoiceFiltersQuery(filters, { withPage: false })}`} className="btn-secondary" download>
          {t("Export CSV")}
        </a>
      </div>

      <section aria-labelledby="totals-title" className="space-y-3">
        <h2 id="totals-title" className="text-lg font-semibold">
          {isInvoiceListFiltered(filters) ? t("Totals of the invoices found") : t("Totals of every invoice")}
        </h2>
        {totals.length === 0 ? (
          <p className="text-slate-700">{t("No invoices.")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {totals.every((total) => total.currency === BASE_CURRENCY) ? null : (
              <li className="card border-brand-300">
                <p className="text-sm font-medium text-slate-700">
                  {t("All currencies, in {{currency}}: {{count}} invoices", { currency: BASE_CURRENCY, count: totals.reduce((count, total) => count + total.count, 0) })}
                </p>
                <p className="mt-1 text-lg font-bold">{t("Unpaid {{amount}}", { amount: formatMoney(inBase.unpaid.total, BASE_CURRENCY, locale) })}</p>
                <p className="text-slate-800">{t("Paid {{amount}}", { amount: formatMoney(inBase.paid.total, BASE_CURRENCY, locale) })}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {t(TOTAL_NOTE)} {unconvertedNote([inBase.unpaid, inBase.paid])}
                </p>
              </li>
            )}
            {totals.map((total) => (
              <li key={total.currency} className="card">
                <p className="text-sm font-medium text-slate-700">
                  {t("{{currency}}: {{count}} invoices", { currency: total.currency, count: total.count })}
                </p>
                <p className="mt-1 text-lg font-bold">{t("Unpaid {{amount}}", { amount: formatMoney(total.unpaid, total.currency, locale) })}</p>
                <p className="text-slate-800">{t("Paid {{amount}}", { amount: formatMoney(total.paid, total.currency, locale) })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="invoices-title" className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <h2 id="invoices-title" className="mb-4 text-lg font-semibold">
            {t("All invoices")}
          </h2>
          <FilterBar
            id="invoices"
            label={t("Filter invoices")}
            search={{ label: t("Search invoices"), value: filters.search, placeholder: t("Invoice number, tracking ID, customer name or e-mail") }}
          >
            <div>
              <label htmlFor="invoices-status" className="label">
                {t("Status")}
              </label>
              <select id="invoices-status" name="status" defaultValue={filters.status ?? "all"} className="input">
                <option value="all">{t("All Status")}</option>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(INVOICE_STATUS_LABELS[status])}
                  </option>
                ))}
              </select>
            </div>
            <DateRangeFields idPrefix="invoices" verb="Issued" dateFrom={filters.dateFrom} dateTo={filters.dateTo} />
          </FilterBar>
          {filters.datesSwapped ? <FilterNotice>{messages(SWAPPED_DATES_MESSAGE)}</FilterNotice> : null}
        </div>
        {rows.length === 0 ? (
          isInvoiceListFiltered(filters) ? (
            <EmptyState title={t("No invoices found")} hint={t("Try adjusting your search criteria")} />
          ) : (
            <EmptyState title={t("No invoices yet")} hint={t("Each shipment's invoice appears here once it is created.")} />
          )
        ) : (
          <DataTable caption={t("Invoices, newest first")} columns={columns} rows={rows} rowKey={(row) => row.id} />
        )}
        <PaginationNav pagination={pagination} label={t("Invoice pages")} />
      </section>
    </main>
  );
}

const BADGE_CLASSES: Record<InvoiceStatus, string> = {
  unpaid: "bg-yellow-100 text-yellow-900",
  paid: "bg-green-100 text-green-900",
  void: "bg-slate-200 text-slate-800",
};

function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation("invoices");
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[status]}`}>{t(INVOICE_STATUS_LABELS[status])}</span>;
}

/** A form per row: one button per status the invoice can move to. */
function StatusButtons({ invoiceId, number, status, here }: { invoiceId: string; number: string; status: InvoiceStatus; here: string }) {
  const { t } = useTranslation("invoices");
  return (
    <Form method="post" action={`/admin/invoices/${encodeURIComponent(invoiceId)}/status`} className="flex flex-wrap gap-2">
      <input type="hidden" name="redirectTo" value={here} />
      {nextStatuses(status).map((next) => (
        <button key={next} type="submit" name="status" value={next} className="btn-secondary px-2 py-1 text-sm" data-pending="">
          {t(INVOICE_STATUS_ACTIONS[next])}
          <span className="sr-only"> {number}</span>
        </button>
      ))}
    </Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
