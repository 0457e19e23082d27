// The shipment lists' tables. The admin's: search and filters (a GET form, so every view has
// its own address), a status form and actions on each row, selection for the bulk status change,
// bulk courier assignment and bulk delete, and pagination; plain HTML first, JavaScript adds live selection counts,
// dialogs, and status changes without leaving the page. The customer's: their own shipments with Track and Invoice links.
import { Link, useFetcher } from "@remix-run/react";
import { Price } from "~/features/pricing/price";
import { chargeFor } from "~/features/pricing/charge";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useMessages } from "~/components/forms";
import type { CustomerShipmentRow } from "~/features/shipments/customer-shipments.server";
import type { AdminShipmentRow } from "~/features/shipments/shipment-list.server";
import { MAX_LENGTH } from "~/domain/field-limits";
import { countryName, formatDate, formatDateTime, formatDay, formatMoney } from "~/domain/format";
import { SWAPPED_DATES_MESSAGE } from "~/domain/list-filters";
import type { Pagination } from "~/domain/pagination";
import { isFiltered, TIME_PERIOD_LABELS, TIME_PERIODS, type AdminShipmentFilters } from "~/features/shipments/shipment-filters";
import { DEFAULT_SORT } from "~/features/shipments/shipment-sort";
import { SHIPMENT_STATUSES, statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { BULK_STATUSES, NOTHING_SELECTED } from "~/features/shipments/shipment-selection";
import { DialogLink } from "~/components/dialog-link";
import { DataTable, DateRangeFields, EmptyState, FilterBar, FilterNotice, PaginationNav, type Column } from "~/components/list";
import { SortFields, StatusFilter } from "./list-filter-fields";
import { useLocale, useTimeZone } from "~/components/root-data";
import {
  BULK_DELETE_ACTION,
  BULK_STATUS_ACTION,
  BulkDeleteForm,
  deleteAction,
  DeleteShipmentForm,
  locationAction,
  LocationForm,
} from "./shipment-actions";
import { StatusBadge } from "./status-badge";
import { CourierOptions } from "~/features/couriers/assign-courier-form";
import type { CourierOption } from "~/features/couriers/couriers.server";
import { useHydrated } from "~/components/use-hydrated";
import { WrapPoints } from "~/components/wrap-points";

/** Where the bulk bar's Assign posts the selection and the chosen courier. */
const BULK_COURIER_ACTION = "/admin/shipments/bulk-courier";

/** The bulk bar's form: the rows' boxes belong to it. It asks to delete (GET, a confirmation) or, through Update status, posts a status change. */
const BULK_FORM_ID = "bulk-actions";
const NOTHING: ReadonlySet<string> = new Set();

export function AdminShipmentTable({
  title,
  rows,
  pagination,
  filters,
  notice = null,
  here,
  withDateRange = false,
  couriers,
}: {
  title: string;
  rows: AdminShipmentRow[];
  pagination: Pagination;
  filters: AdminShipmentFilters;
  /** What the list says about filters in its address it left out. */
  notice?: string | null;
  /** The list's own address (path and query), where row actions come back to. */
  here: string;
  withDateRange?: boolean;
  /** The couriers the bulk bar assigns the selection to (the shipments list; absent elsewhere). */
  couriers?: readonly CourierOption[];
}) {
  const hydrated = useHydrated();
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("shipments");
  const messages = useMessages();
  const [noneSelected, setNoneSelected] = useState(false);
  const bulkStatus = useFetcher<{ errors?: string[] }>();
  const bulkCourier = useFetcher<{ errors?: string[] }>();
  const bulkErrors = [
    ...(bulkStatus.state === "idle" ? (bulkStatus.data?.errors ?? []) : []),
    ...(bulkCourier.state === "idle" ? (bulkCourier.data?.errors ?? []) : []),
  ];
  const pageIds = rows.map((row) => row.id);
  // The ticks belong to their page of rows: another page starts with nothing selected. (Kept with
  // the page's key, not reset by an effect: a state set there re-rendered the whole table in one
  // block right after hydration.)
  const pageKey = pageIds.join(",");
  const [ticks, setTicks] = useState<{ pageKey: string; ids: ReadonlySet<string> }>({ pageKey, ids: NOTHING });
  const selected = ticks.pageKey === pageKey ? ticks.ids : NOTHING;
  const setSelected = (next: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setTicks((current) => ({ pageKey, ids: next(current.pageKey === pageKey ? current.ids : NOTHING) }));
  const selectedIds = pageIds.filter((id) => selected.has(id));

  const toggle = (id: string, on: boolean) => {
    setNoneSelected(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const withReturn = (path: string) => `${path}?${new URLSearchParams({ redirectTo: here })}`;

  const columns: Column<AdminShipmentRow>[] = [
    {
      label: t("Select"),
      header: (
        <SelectAll
          hydrated={hydrated}
          count={selectedIds.length}
          total={pageIds.length}
          onChange={(on) => {
            setNoneSelected(false);
            setSelected(() => (on ? new Set(pageIds) : NOTHING));
          }}
        />
      ),
      cell: (row) => (
        <input
          id={`select-${row.id}`}
          type="checkbox"
          form={BULK_FORM_ID}
          name="ids"
          value={row.id}
          className="h-4 w-4"
          // Ticks are followed from React's first run; the box is controlled once hydrated (a
          // transition later), so a tick made in between is kept, not undone.
          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
          {...(hydrated ? { checked: selected.has(row.id) } : {})}
        />
      ),
    },
    {
      label: t("Tracking ID"),
      rowHeader: true,
      // The tracking ID labels the row's checkbox.
      cell: (row) => (
        <label htmlFor={`select-${row.id}`} className="font-mono">
          <Trans t={t} i18nKey="<sr>Select </sr>{{trackingId}}" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
        </label>
      ),
    },
    {
      label: t("Customer"),
      cell: (row) => (
        <div>
          <div className="font-medium">{row.senderName}</div>
          <div className="break-words text-slate-600">{row.senderEmail ? <WrapPoints text={row.senderEmail} /> : "-"}</div>
        </div>
      ),
    },
    {
      label: t("Route"),
      cell: (row) => (
        <div>
          <div>
            {row.originCity} → {row.destinationCity}
          </div>
          <div className="text-slate-600">
            {countryName(row.originCountry, locale)} → {countryName(row.destinationCountry, locale)}
          </div>
        </div>
      ),
    },
    { label: t("Status"), cell: (row) => <StatusForm shipmentId={row.id} trackingId={row.trackingId} status={row.status} here={here} /> },
    { label: t("Created"), cell: (row) => formatDateTime(row.createdAt, timeZone, locale) },
    { label: t("Value"), className: "whitespace-nowrap", cell: (row) => formatMoney(row.declaredValue, row.currency, locale) },
    // What "Sort by Total cost" orders by.
    { label: t("Total cost"), className: "whitespace-nowrap", cell: (row) => <Price charge={chargeFor(row)} /> },
    {
      label: t("Actions"),
      cell: (row) => (
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={`/track/${encodeURIComponent(row.trackingId)}`} className="link">
              <Trans t={t} i18nKey="View<sr> details of {{trackingId}}</sr>" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
            </Link>
          </li>
          <li>
            <DialogLink
              to={withReturn(locationAction(row.id))}
              action={locationAction(row.id)}
              title={t("Current location of {{trackingId}}", { trackingId: row.trackingId })}
              className="link"
              content={(close) => (
                <LocationForm shipmentId={row.id} currentLocation={row.currentLocation} redirectTo={here} onCancel={close} idPrefix={`dialog-${row.id}`} />
              )}
            >
              <Trans t={t} i18nKey="Location<sr> of {{trackingId}}</sr>" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
            </DialogLink>
          </li>
          <li>
            <Link to={`/admin/shipments/${encodeURIComponent(row.id)}/edit`} className="link">
              <Trans t={t} i18nKey="Edit<sr> {{trackingId}}</sr>" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
            </Link>
          </li>
          <li>
            <DialogLink
              to={withReturn(deleteAction(row.id))}
              action={deleteAction(row.id)}
              title={t("Delete {{trackingId}}", { trackingId: row.trackingId })}
              description={t("Are you sure you want to delete this shipment?")}
              className="font-medium text-red-700 underline underline-offset-2 hover:text-red-800"
              content={(close) => <DeleteShipmentForm shipmentId={row.id} redirectTo={here} onCancel={close} />}
            >
              <Trans t={t} i18nKey="Delete<sr> {{trackingId}}</sr>" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
            </DialogLink>
          </li>
        </ul>
      ),
    },
  ];

  return (
    <section aria-labelledby="shipments-title" className="card p-0">
      <div className="border-b border-slate-200 p-6">
        <h2 id="shipments-title" className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        <AdminShipmentFilterBar filters={filters} withDateRange={withDateRange} />
        {notice ? <FilterNotice>{messages(notice)}</FilterNotice> : null}
        {filters.datesSwapped ? <FilterNotice>{messages(SWAPPED_DATES_MESSAGE)}</FilterNotice> : null}
      </div>

      <form id={BULK_FORM_ID} method="get" action={BULK_DELETE_ACTION} onReset={() => setSelected(() => NOTHING)}>
        <input type="hidden" name="redirectTo" value={here} />
        {pageIds.map((id) => (
          <input key={id} type="hidden" name="pageIds" value={id} />
        ))}
      </form>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-6 py-3" aria-label={t("Bulk actions")} role="group">
        <p className="mr-auto text-sm font-medium" aria-live="polite">
          {hydrated ? t("{{count}} shipment(s) selected", { count: selectedIds.length }) : t("Tick shipments to change their status or delete them.")}
        </p>
        {noneSelected ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {messages(NOTHING_SELECTED)}
          </p>
        ) : null}
        {bulkErrors.length > 0 ? (
          <ul role="alert" className="text-sm font-medium text-red-700">
            {bulkErrors.map((error) => (
              <li key={error}>{messages(error)}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="bulk-status" className="text-sm font-medium">
            {t("New status")}
          </label>
          <select id="bulk-status" name="status" form={BULK_FORM_ID} defaultValue="" className="input w-44 max-w-full py-1 text-sm">
            <option value="">{t("Choose a status")}</option>
            {BULK_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(statusLabel(option), { ns: "statuses" })}
              </option>
            ))}
          </select>
          {/* Without JavaScript the form posts here; with it, the same form goes through a fetcher and the answer's message shows above. */}
          <button
            type="submit"
            form={BULK_FORM_ID}
            formMethod="post"
            formAction={BULK_STATUS_ACTION}
            className="btn-primary py-1.5"
            disabled={bulkStatus.state !== "idle"}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setNoneSelected(selectedIds.length === 0);
              if (selectedIds.length > 0) bulkStatus.submit(event.currentTarget);
            }}
          >
            {bulkStatus.state === "idle" ? t("Update status") : t("Updating...")}
          </button>
          {couriers ? (
            <>
              <label htmlFor="bulk-courier" className="text-sm font-medium">
                {t("Courier")}
              </label>
              <select id="bulk-courier" name="courierId" form={BULK_FORM_ID} defaultValue="" className="input w-44 max-w-full py-1 text-sm">
                <CourierOptions couriers={couriers} />
              </select>
              <button
                type="submit"
                form={BULK_FORM_ID}
                formMethod="post"
                formAction={BULK_COURIER_ACTION}
                className="btn-primary py-1.5"
                disabled={bulkCourier.state !== "idle"}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setNoneSelected(selectedIds.length === 0);
                  if (selectedIds.length > 0) bulkCourier.submit(event.currentTarget);
                }}
              >
                {bulkCourier.state === "idle" ? t("Assign") : t("Assigning...")}
              </button>
            </>
          ) : null}
          {hydrated && selectedIds.length > 0 ? (
            <DialogLink
              to={`${BULK_DELETE_ACTION}?${new URLSearchParams([...selectedIds.map((id) => ["ids", id]), ["redirectTo", here]])}`}
              action={BULK_DELETE_ACTION}
              title={t("Delete shipments")}
              description={t("Are you sure you want to delete {{count}} shipments?", { count: selectedIds.length })}
              className="btn-danger py-1.5"
              content={(close) => <BulkDeleteForm ids={selectedIds} redirectTo={here} onCancel={close} />}
            >
              {t("Delete")}
            </DialogLink>
          ) : (
            <button
              type="submit"
              form={BULK_FORM_ID}
              className="btn-danger py-1.5"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setNoneSelected(true);
              }}
            >
              {t("Delete")}
            </button>
          )}
          <button type="reset" form={BULK_FORM_ID} className="btn-secondary py-1.5" onClick={() => setNoneSelected(false)}>
            {t("Clear selection")}
          </button>
        </div>
      </div>

      {rows.length === 0 ? (
        isFiltered(filters) ? (
          <EmptyState title={t("No shipments found")} hint={t("Try adjusting your search criteria")} />
        ) : (
          <EmptyState
            title={t("No shipments found")}
            hint={t("Get started by creating a new shipment")}
            action={{ to: "/admin/shipments/new", label: t("Create New Shipment") }}
          />
        )
      ) : (
        <DataTable caption={title} columns={columns} rows={rows} rowKey={(row) => row.id} />
      )}
      <PaginationNav pagination={pagination} label={t("Shipment pages")} />
    </section>
  );
}

function AdminShipmentFilterBar({ filters, withDateRange }: { filters: AdminShipmentFilters; withDateRange: boolean }) {
  const sorted = filters.sortBy !== DEFAULT_SORT.sortBy || filters.sortOrder !== DEFAULT_SORT.sortOrder;
  const { t } = useTranslation("shipments");
  return (
    <FilterBar
      id="shipments"
      label={t("Filter shipments")}
      search={{ label: t("Search shipments"), value: filters.search, placeholder: t("Search by tracking ID, customer name, or email...") }}
      more={{
        open: sorted || Boolean(filters.dateFrom || filters.dateTo),
        content: (
          <>
            <SortFields sortBy={filters.sortBy} sortOrder={filters.sortOrder} idPrefix="shipments" />
            {withDateRange ? <DateRangeFields idPrefix="shipments" verb="Created" dateFrom={filters.dateFrom} dateTo={filters.dateTo} /> : null}
          </>
        ),
      }}
    >
      <StatusFilter id="shipments-status" value={filters.status} allLabel={t("All Status")} />
      <div>
        <label htmlFor="shipments-period" className="label">
          {t("Time period")}
        </label>
        <select id="shipments-period" name="period" defaultValue={filters.period} className="input">
          {TIME_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(TIME_PERIOD_LABELS[period])}
            </option>
          ))}
        </select>
      </div>
    </FilterBar>
  );
}

/** The customer's own shipments: each with its status, where it goes, its cost and links. */
export function CustomerShipmentTable({ rows }: { rows: CustomerShipmentRow[] }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("shipments");
  const columns: Column<CustomerShipmentRow>[] = [
    { label: t("Tracking ID"), rowHeader: true, cell: (row) => <span className="font-mono">{row.trackingId}</span> },
    { label: t("Status"), cell: (row) => <StatusBadge status={row.status} /> },
    { label: t("Recipient"), cell: (row) => row.recipientName },
    { label: t("Destination"), cell: (row) => `${row.destinationCity}, ${countryName(row.destinationCountry, locale)}` },
    { label: t("Created"), className: "whitespace-nowrap", cell: (row) => formatDate(row.createdAt, timeZone, locale) },
    { label: t("Est. delivery"), className: "whitespace-nowrap", cell: (row) => formatDay(row.estimatedDelivery, locale) },
    { label: t("Total"), className: "whitespace-nowrap text-right", cell: (row) => <Price charge={chargeFor(row)} /> },
    {
      label: t("Actions"),
      header: <span className="sr-only">{t("Actions")}</span>,
      cell: (row) => (
        <div className="flex gap-3 whitespace-nowrap">
          <Link to={`/track/${row.trackingId}`} className="link">
            <Trans t={t} i18nKey="Track<sr> {{trackingId}}</sr>" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
          </Link>
          {row.invoiceUrl ? (
            <Link to={row.invoiceUrl} className="link">
              <Trans t={t} i18nKey="Invoice<sr> for {{trackingId}}</sr>" values={{ trackingId: row.trackingId }} components={{ sr: <span className="sr-only" /> }} />
            </Link>
          ) : null}
        </div>
      ),
    },
  ];
  return <DataTable caption={t("Your shipments")} columns={columns} rows={rows} rowKey={(row) => row.id} />;
}

function SelectAll({
  hydrated,
  count,
  total,
  onChange,
}: {
  hydrated: boolean;
  count: number;
  total: number;
  onChange: (on: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const { t } = useTranslation("shipments");
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor="select-all">
        <Trans t={t} i18nKey="All<sr> shipments on this page</sr>" components={{ sr: <span className="sr-only" /> }} />
      </label>
      <input
        ref={box}
        id="select-all"
        type="checkbox"
        form={BULK_FORM_ID}
        name="all"
        value="page"
        className="h-4 w-4"
        onChange={(event) => onChange(event.currentTarget.checked)}
        {...(hydrated ? { checked: total > 0 && count === total } : {})}
      />
    </span>
  );
}

/**
 * A form per row: the select and an Update button. With JavaScript the button hides and
 * a change submits at once, except custom destination, which first asks where.
 */
function StatusForm({ shipmentId, trackingId, status, here }: { shipmentId: string; trackingId: string; status: ShipmentStatus; here: string }) {
  const hydrated = useHydrated();
  const { t } = useTranslation("shipments");
  const messages = useMessages();
  const fetcher = useFetcher<{ error?: string }>();
  // The choice belongs to the status it was made from: a new status (a reload) starts afresh.
  const [picked, setPicked] = useState({ from: status, choice: status as string });
  const choice = picked.from === status ? picked.choice : status;
  const askDestination = hydrated && choice === "custom_destination" && status !== "custom_destination";
  const selectId = `status-${shipmentId}`;
  const destinationId = `destination-${shipmentId}`;
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <fetcher.Form method="post" action={`/admin/shipments/${encodeURIComponent(shipmentId)}/status`} className="flex flex-col gap-2">
      <input type="hidden" name="redirectTo" value={here} />
      {/* On small screens the card's "Status" label stands beside it. */}
      <label htmlFor={selectId} className="text-xs font-medium text-slate-600 max-md:sr-only">
        <Trans t={t} i18nKey="Status<sr> of {{trackingId}}</sr>" values={{ trackingId }} components={{ sr: <span className="sr-only" /> }} />
      </label>
      <div className="-mt-1 flex flex-wrap items-center gap-2 max-md:mt-0">
        <select
          id={selectId}
          name="status"
          value={hydrated ? choice : undefined}
          defaultValue={hydrated ? undefined : status}
          disabled={fetcher.state !== "idle"}
          className="input w-44 max-w-full py-1 text-sm"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setPicked({ from: status, choice: next });
            if (next !== "custom_destination") fetcher.submit(event.currentTarget.form);
          }}
        >
          {SHIPMENT_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(statusLabel(option), { ns: "statuses" })}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-secondary px-2 py-1" hidden={hydrated}>
          <Trans t={t} i18nKey="Update<sr> status of {{trackingId}}</sr>" values={{ trackingId }} components={{ sr: <span className="sr-only" /> }} />
        </button>
      </div>
      {askDestination ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={destinationId} className="text-sm font-medium">
            {t("Please enter the custom destination")}
          </label>
          <div className="flex gap-2">
            <input
              id={destinationId}
              name="destination"
              className="input py-1 text-sm"
              maxLength={MAX_LENGTH.customDestination}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${destinationId}-error` : undefined}
            />
            <button type="submit" className="btn-primary px-3 py-1">
              {t("Save")}
            </button>
          </div>
          {error ? (
            <p id={`${destinationId}-error`} className="text-sm font-medium text-red-700">
              {messages(error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </fetcher.Form>
  );
}

