import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { listInvoices } from "~/features/invoices/invoices.server";
import { requireAdmin } from "~/http/guards.server";
import { requestTimeZone } from "~/.server/time-zone";
import { DataTable, DateRangeFields, EmptyState, FilterBar, FilterNotice, PaginationNav, type Column } from "~/components/list";
import { useTimeZone } from "~/components/root-data";
import { formatDate, formatDateTime, formatMoney } from "~/domain/format";
import { BASE_CURRENCY } from "~/features/pricing/exchange-rates";
import { totalText, TOTAL_NOTE, unconvertedNote } from "~/features/pricing/revenue";
import { INVOICE_STATUS_ACTIONS, INVOICE_STATUS_LABELS, INVOICE_STATUSES, nextStatuses, type InvoiceStatus } from "~/features/invoices/invoice";
import { invoiceFiltersQuery, isInvoiceListFiltered, parseInvoiceFilters } from "~/features/invoices/invoice-filters";
import { SWAPPED_DATES_MESSAGE } from "~/domain/list-filters";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: `Invoices | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "Every invoice: search, status, dates, totals per currency, payments and CSV export." },
];

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
  const columns: Column<InvoiceRow>[] = [
    {
      label: "Invoice",
      rowHeader: true,
      cell: (row) => (
        <Link to={`/invoices/${encodeURIComponent(row.id)}`} className="link font-mono">
          {row.number}
          <span className="sr-only"> (printable invoice)</span>
        </Link>
      ),
    },
    {
      label: "Shipment",
      cell: (row) =>
        row.shipmentId ? (
          <Link to={`/admin/shipments/${encodeURIComponent(row.shipmentId)}/edit`} className="link font-mono">
            {row.trackingId}
          </Link>
        ) : (
          <span>
            <span className="font-mono">{row.trackingId}</span> <span className="text-slate-600">(shipment deleted)</span>
          </span>
        ),
    },
    {
      label: "Customer",
      cell: (row) => (
        <div>
          <div className="font-medium">{row.customerName}</div>
          <div className="break-words text-slate-600">{row.customerEmail ? <WrapPoints text={row.customerEmail} /> : "-"}</div>
        </div>
      ),
    },
    { label: "Issued", className: "whitespace-nowrap", cell: (row) => formatDate(row.issuedAt, timeZone) },
    { label: "Total", className: "whitespace-nowrap", cell: (row) => formatMoney(row.total, row.currency) },
    {
      label: "Status",
      cell: (row) => (
        <div>
          <InvoiceStatusBadge status={row.status} />
          {row.statusChangedAt ? (
            <div className="mt-1 text-xs text-slate-600">
              {formatDateTime(row.statusChangedAt, timeZone)}
              {row.statusChangedByName ? ` by ${row.statusChangedByName}` : ""}
            </div>
          ) : null}
        </div>
      ),
    },
    { label: "Actions", cell: (row) => <StatusButtons invoiceId={row.id} number={row.number} status={row.status} here={here} /> },
  ];
  return (
    <main id="main" className="space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Invoices</h1>
        <a href={`/admin/invoices.csv${invoiceFiltersQuery(filters, { withPage: false })}`} className="btn-secondary" download>
          Export CSV
        </a>
      </div>

      <section aria-labelledby="totals-title" className="space-y-3">
        <h2 id="totals-title" className="text-lg font-semibold">
          Totals {isInvoiceListFiltered(filters) ? "of the invoices found" : "of every invoice"}
        </h2>
        {totals.length === 0 ? (
          <p className="text-slate-700">No invoices.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {totals.every((total) => total.currency === BASE_CURRENCY) ? null : (
              <li className="card border-brand-300">
                <p className="text-sm font-medium text-slate-700">
                  All currencies, in {BASE_CURRENCY}: {totals.reduce((count, total) => count + total.count, 0)} invoices
                </p>
                <p className="mt-1 text-lg font-bold">Unpaid {totalText(inBase.unpaid)}</p>
                <p className="text-slate-800">Paid {totalText(inBase.paid)}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {TOTAL_NOTE} {unconvertedNote([inBase.unpaid, inBase.paid])}
                </p>
              </li>
            )}
            {totals.map((total) => (
              <li key={total.currency} className="card">
                <p className="text-sm font-medium text-slate-700">
                  {total.currency}: {total.count} {total.count === 1 ? "invoice" : "invoices"}
                </p>
                <p className="mt-1 text-lg font-bold">Unpaid {formatMoney(total.unpaid, total.currency)}</p>
                <p className="text-slate-800">Paid {formatMoney(total.paid, total.currency)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="invoices-title" className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <h2 id="invoices-title" className="mb-4 text-lg font-semibold">
            All invoices
          </h2>
          <FilterBar
            id="invoices"
            label="Filter invoices"
            search={{ label: "Search invoices", value: filters.search, placeholder: "Invoice number, tracking ID, customer name or e-mail" }}
          >
            <div>
              <label htmlFor="invoices-status" className="label">
                Status
              </label>
              <select id="invoices-status" name="status" defaultValue={filters.status ?? "all"} className="input">
                <option value="all">All Status</option>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {INVOICE_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <DateRangeFields idPrefix="invoices" verb="Issued" dateFrom={filters.dateFrom} dateTo={filters.dateTo} />
          </FilterBar>
          {filters.datesSwapped ? <FilterNotice>{SWAPPED_DATES_MESSAGE}</FilterNotice> : null}
        </div>
        {rows.length === 0 ? (
          isInvoiceListFiltered(filters) ? (
            <EmptyState title="No invoices found" hint="Try adjusting your search criteria" />
          ) : (
            <EmptyState title="No invoices yet" hint="Each shipment's invoice appears here once it is created." />
          )
        ) : (
          <DataTable caption="Invoices, newest first" columns={columns} rows={rows} rowKey={(row) => row.id} />
        )}
        <PaginationNav pagination={pagination} label="Invoice pages" />
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
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[status]}`}>{INVOICE_STATUS_LABELS[status]}</span>;
}

/** A form per row: one button per status the invoice can move to. */
function StatusButtons({ invoiceId, number, status, here }: { invoiceId: string; number: string; status: InvoiceStatus; here: string }) {
  return (
    <Form method="post" action={`/admin/invoices/${encodeURIComponent(invoiceId)}/status`} className="flex flex-wrap gap-2">
      <input type="hidden" name="redirectTo" value={here} />
      {nextStatuses(status).map((next) => (
        <button key={next} type="submit" name="status" value={next} className="btn-secondary px-2 py-1 text-sm" data-pending="">
          {INVOICE_STATUS_ACTIONS[next]}
          <span className="sr-only"> {number}</span>
        </button>
      ))}
    </Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
