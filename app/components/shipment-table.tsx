// The admin's shipment list: search and filters (a GET form, so every view has its own
// address), the table with a status form and actions on each row, selection for bulk
// delete, and pagination. Works as plain HTML; JavaScript adds live selection counts,
// dialogs, a status change on select and a debounced search.
import { Form, Link, useFetcher, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ShipmentListRow } from "~/.server/shipment-list";
import { countryName, formatDateTime, formatMoney } from "~/domain/format";
import { hasActiveFilters, TIME_PERIOD_LABELS, TIME_PERIODS, type ListFilters } from "~/domain/admin-shipment-filters";
import type { PageWindow } from "~/domain/pagination";
import { DEFAULT_SORT } from "~/domain/shipment-sort";
import { SHIPMENT_STATUSES, statusLabel, type ShipmentStatus } from "~/domain/shipment-status";
import { DialogLink } from "./dialog-link";
import { Pagination } from "./pagination";
import { SortFields, StatusFilter } from "./list-filter-fields";
import { useTimeZone } from "./root-data";
import {
  BULK_DELETE_ACTION,
  bulkDeleteQuestion,
  BulkDeleteForm,
  deleteAction,
  DeleteShipmentForm,
  locationAction,
  LocationForm,
} from "./shipment-actions";
import { useHydrated } from "./use-hydrated";

const SEARCH_DEBOUNCE_MS = 300;
const BULK_FORM_ID = "bulk-delete";

export function ShipmentTable({
  title,
  rows,
  window,
  filters,
  here,
  withDateRange = false,
}: {
  title: string;
  rows: ShipmentListRow[];
  window: PageWindow;
  filters: ListFilters;
  /** The list's own address (path and query), where row actions come back to. */
  here: string;
  withDateRange?: boolean;
}) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [noneSelected, setNoneSelected] = useState(false);
  const pageIds = rows.map((row) => row.id);
  const selectedIds = pageIds.filter((id) => selected.has(id));

  // A new page of rows starts with nothing selected.
  const pageKey = pageIds.join(",");
  useEffect(() => setSelected(new Set()), [pageKey]);

  const toggle = (id: string, on: boolean) => {
    setNoneSelected(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  return (
    <section aria-labelledby="shipments-title" className="card p-0">
      <div className="border-b border-slate-200 p-6">
        <h2 id="shipments-title" className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        <FilterForm filters={filters} withDateRange={withDateRange} action={here.split("?")[0]!} />
      </div>

      <form id={BULK_FORM_ID} method="get" action={BULK_DELETE_ACTION} onReset={() => setSelected(new Set())}>
        <input type="hidden" name="redirectTo" value={here} />
        {pageIds.map((id) => (
          <input key={id} type="hidden" name="pageIds" value={id} />
        ))}
      </form>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-6 py-3" aria-label="Bulk actions" role="group">
        <p className="mr-auto text-sm font-medium" aria-live="polite">
          {hydrated ? `${selectedIds.length} shipment(s) selected` : "Tick shipments to delete several at once."}
        </p>
        {noneSelected ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            Please select shipments first
          </p>
        ) : null}
        {hydrated && selectedIds.length > 0 ? (
          <DialogLink
            to={`${BULK_DELETE_ACTION}?${new URLSearchParams([...selectedIds.map((id) => ["ids", id]), ["redirectTo", here]])}`}
            action={BULK_DELETE_ACTION}
            title="Delete shipments"
            description={bulkDeleteQuestion(selectedIds.length)}
            className="btn-danger py-1.5"
            content={(close) => <BulkDeleteForm ids={selectedIds} redirectTo={here} onCancel={close} />}
          >
            Delete
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
            Delete
          </button>
        )}
        <button type="reset" form={BULK_FORM_ID} className="btn-secondary py-1.5" onClick={() => setNoneSelected(false)}>
          Clear selection
        </button>
      </div>

      {rows.length === 0 ? (
        <EmptyState filtered={hasActiveFilters(filters)} />
      ) : (
        // Relative, so that visually hidden labels in scrolled-away cells stay inside the scroller.
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-3">
                  <SelectAll
                    hydrated={hydrated}
                    count={selectedIds.length}
                    total={pageIds.length}
                    onChange={(on) => {
                      setNoneSelected(false);
                      setSelected(on ? new Set(pageIds) : new Set());
                    }}
                  />
                </th>
                <th scope="col" className="px-3 py-3">Tracking ID</th>
                <th scope="col" className="px-3 py-3">Customer</th>
                <th scope="col" className="px-3 py-3">Route</th>
                <th scope="col" className="px-3 py-3">Status</th>
                <th scope="col" className="px-3 py-3">Created</th>
                <th scope="col" className="px-3 py-3">Value</th>
                <th scope="col" className="px-3 py-3">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <ShipmentRow
                  key={row.id}
                  row={row}
                  here={here}
                  checked={hydrated ? selected.has(row.id) : undefined}
                  onCheck={(on) => toggle(row.id, on)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {window.pageCount > 1 ? (
        <div className="border-t border-slate-200 px-6 pb-4">
          <Pagination window={window} label="Shipment pages" />
        </div>
      ) : null}
    </section>
  );
}

function FilterForm({ filters, withDateRange, action }: { filters: ListFilters; withDateRange: boolean; action: string }) {
  const submit = useSubmit();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const send = (form: HTMLFormElement, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), delay);
  };
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label="Filter shipments"
      className="grid items-end gap-3 md:grid-cols-[1fr_auto_auto_auto]"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        send(event.currentTarget, target.type === "search" ? SEARCH_DEBOUNCE_MS : 0);
      }}
    >
      <div>
        <label htmlFor="list-search" className="label">
          Search shipments
        </label>
        <input
          id="list-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder="Search by tracking ID, customer name, or email..."
          className="input"
        />
      </div>
      <StatusFilter id="list-status" value={filters.status} all={{ value: "all", label: "All Status" }} />
      <div>
        <label htmlFor="list-period" className="label">
          Time period
        </label>
        <select id="list-period" name="period" defaultValue={filters.period} className="input">
          {TIME_PERIODS.map((period) => (
            <option key={period} value={period}>
              {TIME_PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
      <details className="md:col-span-4" open={filters.sortBy !== DEFAULT_SORT.sortBy || filters.sortOrder !== DEFAULT_SORT.sortOrder || Boolean(filters.from || filters.to)}>
        <summary className="inline-flex text-sm font-medium text-brand-700">Filters</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SortFields sortBy={filters.sortBy} sortOrder={filters.sortOrder} idPrefix="list" />
          {withDateRange ? (
            <>
              <div>
                <label htmlFor="list-from" className="label">
                  Created from
                </label>
                <input id="list-from" type="date" name="from" defaultValue={filters.from ?? ""} className="input" />
              </div>
              <div>
                <label htmlFor="list-to" className="label">
                  Created to
                </label>
                <input id="list-to" type="date" name="to" defaultValue={filters.to ?? ""} className="input" />
              </div>
            </>
          ) : null}
        </div>
      </details>
    </Form>
  );
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
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor="select-all">
        All<span className="sr-only"> shipments on this page</span>
      </label>
      <input
        ref={box}
        id="select-all"
        type="checkbox"
        form={BULK_FORM_ID}
        name="all"
        value="page"
        className="h-4 w-4"
        {...(hydrated ? { checked: total > 0 && count === total, onChange: (event) => onChange(event.currentTarget.checked) } : {})}
      />
    </span>
  );
}

function ShipmentRow({
  row,
  here,
  checked,
  onCheck,
}: {
  row: ShipmentListRow;
  here: string;
  checked: boolean | undefined;
  onCheck: (on: boolean) => void;
}) {
  const timeZone = useTimeZone();
  const boxId = `select-${row.id}`;
  const withReturn = (path: string) => `${path}?${new URLSearchParams({ redirectTo: here })}`;
  return (
    <tr className="align-top hover:bg-slate-50">
      <td className="px-3 py-3">
        <input
          id={boxId}
          type="checkbox"
          form={BULK_FORM_ID}
          name="ids"
          value={row.id}
          className="h-4 w-4"
          {...(checked === undefined ? {} : { checked, onChange: (event) => onCheck(event.currentTarget.checked) })}
        />
      </td>
      <td className="px-3 py-3 font-mono font-semibold">
        {/* The tracking ID labels the row's checkbox. */}
        <label htmlFor={boxId}>
          <span className="sr-only">Select </span>
          {row.trackingId}
        </label>
      </td>
      <td className="px-3 py-3">
        <div className="font-medium">{row.senderName}</div>
        <div className="break-all text-slate-600">{row.senderEmail ?? "-"}</div>
      </td>
      <td className="px-3 py-3">
        <div>
          {row.originCity} → {row.destinationCity}
        </div>
        <div className="text-slate-600">
          {countryName(row.originCountry)} → {countryName(row.destinationCountry)}
        </div>
      </td>
      <td className="px-3 py-3">
        <StatusForm shipmentId={row.id} trackingId={row.trackingId} status={row.status} here={here} />
      </td>
      <td className="px-3 py-3">{formatDateTime(row.createdAt, timeZone)}</td>
      <td className="px-3 py-3 whitespace-nowrap">{formatMoney(row.declaredValue, row.currency)}</td>
      <td className="px-3 py-3">
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={`/track/${encodeURIComponent(row.trackingId)}`} className="link">
              View<span className="sr-only"> details of {row.trackingId}</span>
            </Link>
          </li>
          <li>
            <DialogLink
              to={withReturn(locationAction(row.id))}
              action={locationAction(row.id)}
              title={`Current location of ${row.trackingId}`}
              className="link"
              content={(close) => (
                <LocationForm shipmentId={row.id} currentLocation={row.currentLocation} redirectTo={here} onCancel={close} idPrefix={`dialog-${row.id}`} />
              )}
            >
              Location<span className="sr-only"> of {row.trackingId}</span>
            </DialogLink>
          </li>
          <li>
            <Link to={`/admin/shipments/${encodeURIComponent(row.id)}/edit`} className="link">
              Edit<span className="sr-only"> {row.trackingId}</span>
            </Link>
          </li>
          <li>
            <DialogLink
              to={withReturn(deleteAction(row.id))}
              action={deleteAction(row.id)}
              title={`Delete ${row.trackingId}`}
              description="Are you sure you want to delete this shipment?"
              className="font-medium text-red-700 underline underline-offset-2 hover:text-red-800"
              content={(close) => <DeleteShipmentForm shipmentId={row.id} redirectTo={here} onCancel={close} />}
            >
              Delete<span className="sr-only"> {row.trackingId}</span>
            </DialogLink>
          </li>
        </ul>
      </td>
    </tr>
  );
}

/**
 * A form per row: the select and an Update button. With JavaScript the button hides and
 * a change submits at once, except custom destination, which first asks where.
 */
function StatusForm({ shipmentId, trackingId, status, here }: { shipmentId: string; trackingId: string; status: ShipmentStatus; here: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ error?: string }>();
  const [choice, setChoice] = useState<string>(status);
  useEffect(() => setChoice(status), [status]);
  const askDestination = hydrated && choice === "custom_destination" && status !== "custom_destination";
  const selectId = `status-${shipmentId}`;
  const destinationId = `destination-${shipmentId}`;
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <fetcher.Form method="post" action={`/admin/shipments/${encodeURIComponent(shipmentId)}/status`} className="flex flex-col gap-2">
      <input type="hidden" name="redirectTo" value={here} />
      <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
        Status<span className="sr-only"> of {trackingId}</span>
      </label>
      <div className="-mt-1 flex items-center gap-2">
        <select
          id={selectId}
          name="status"
          value={hydrated ? choice : undefined}
          defaultValue={hydrated ? undefined : status}
          disabled={fetcher.state !== "idle"}
          className="input w-44 py-1 text-sm"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setChoice(next);
            if (next !== "custom_destination") fetcher.submit(event.currentTarget.form);
          }}
        >
          {SHIPMENT_STATUSES.map((option) => (
            <option key={option} value={option}>
              {statusLabel(option)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-secondary px-2 py-1" hidden={hydrated}>
          Update<span className="sr-only"> status of {trackingId}</span>
        </button>
      </div>
      {askDestination ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={destinationId} className="text-sm font-medium">
            Please enter the custom destination
          </label>
          <div className="flex gap-2">
            <input
              id={destinationId}
              name="destination"
              className="input py-1 text-sm"
              maxLength={200}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${destinationId}-error` : undefined}
            />
            <button type="submit" className="btn-primary px-3 py-1">
              Save
            </button>
          </div>
          {error ? (
            <p id={`${destinationId}-error`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </fetcher.Form>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="px-6 py-12 text-center">
      <h3 className="mb-1 text-lg font-semibold">No shipments found</h3>
      {filtered ? (
        <p className="text-slate-700">Try adjusting your search criteria</p>
      ) : (
        <>
          <p className="mb-4 text-slate-700">Get started by creating a new shipment</p>
          <Link to="/admin/shipments/new" className="btn-primary">
            Create New Shipment
          </Link>
        </>
      )}
    </div>
  );
}
