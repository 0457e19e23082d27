import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { getOwnShipments } from "~/.server/customer-shipments";
import { requireUser } from "~/.server/session";
import { requestTimeZone } from "~/.server/time-zone";
import { redirectWithToast } from "~/.server/toast";
import { useTimeZone } from "~/components/root-data";
import { StatusBadge } from "~/components/status-badge";
import { useHydrated } from "~/components/use-hydrated";
import { startOfMonth } from "~/domain/calendar";
import { countryName, formatDate, formatMoney } from "~/domain/format";
import { Pagination } from "~/components/pagination";
import { SortFields, StatusFilter } from "~/components/list-filter-fields";
import { filtersQuery, isFiltered, parseShipmentFilters, type ShipmentFilters } from "~/domain/customer-shipment-filters";
import { normalizeStatus } from "~/domain/shipment-status";
import type { SiteHandle } from "./_site";

export const handle: SiteHandle = { hideFooter: true };

export const meta: MetaFunction = () => [
  { title: "Dashboard | SwiftParcel" },
  { name: "description", content: "Your shipments at a glance: search by tracking ID, filter by status, track each parcel and open its invoice." },
];

// A list that could not be read says when to try again (Retry-After), for the page as well as its data.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** SPEC.md: the list reloads 300 ms after the search, status, sort field or order changes. */
const DEBOUNCE_MS = 300;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const filters = parseShipmentFilters(url.searchParams);
  // The GET form sends every field, defaults and all: the address is tidied to what matters.
  if (url.search !== filtersQuery(filters)) throw redirect(`/dashboard${filtersQuery(filters)}`);
  const timeZone = requestTimeZone(request);
  try {
    const result = await getOwnShipments(context.db, user.id, filters, startOfMonth(Date.now(), timeZone));
    return { state: "ok" as const, firstName: user.firstName, filters, ...result };
  } catch (error) {
    console.error("Dashboard load failed", error);
    return data({ state: "error" as const, firstName: user.firstName, filters }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

/** Refresh: loads the same view again and says so. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(context, request);
  const form = await request.formData();
  // The view comes back through the filter parser, so only a list address can come out.
  const filters = parseShipmentFilters(new URLSearchParams(String(form.get("view") ?? "")));
  return redirectWithToast(context.cloudflare.env, `/dashboard${filtersQuery(filters)}`, { type: "success", message: "Dashboard refreshed" });
}

export default function DashboardPage() {
  const result = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{`Welcome back, ${result.firstName}!`}</h1>
          <p className="text-slate-700">Here is where your parcels are.</p>
        </div>
        <div className="flex gap-2">
          <Form method="post">
            <input type="hidden" name="view" value={location.search} />
            <button type="submit" className="btn-secondary">
              Refresh
            </button>
          </Form>
          <Link to="/dashboard/create-shipment" className="btn-primary">
            New Shipment
          </Link>
        </div>
      </div>

      {result.state === "ok" ? (
        <>
          <StatTiles stats={result.stats} />
          <section className="card mt-6" aria-labelledby="shipments-title">
            <h2 id="shipments-title" className="mb-4 text-xl font-semibold">
              Your shipments
            </h2>
            <ListFilters filters={result.filters} />
            {result.rows.length > 0 ? (
              <>
                <ShipmentTable rows={result.rows} />
                <Pagination window={result.pagination} label="Shipment pages" />
              </>
            ) : (
              <EmptyState filtered={isFiltered(result.filters)} />
            )}
          </section>
        </>
      ) : (
        <section role="alert" className="card border-red-300 bg-red-50" aria-labelledby="load-error-title">
          <h2 id="load-error-title" className="mb-2 text-xl font-semibold text-red-900">
            Error loading shipments
          </h2>
          <p className="mb-4 text-red-900">Failed to fetch shipments</p>
          <a href={`/dashboard${filtersQuery(result.filters)}`} className="btn-secondary">
            Try again
          </a>
        </section>
      )}
    </main>
  );
}

type LoadedDashboard = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ok" }>;

function StatTiles({ stats }: { stats: LoadedDashboard["stats"] }) {
  const tiles = [
    { label: "Total shipments", value: stats.total, to: "/dashboard" },
    { label: "In transit", value: stats.inTransit, to: "/dashboard?status=in_transit" },
    { label: "Delivered", value: stats.delivered, to: "/dashboard?status=delivered" },
    { label: "This month", value: stats.thisMonth, to: null },
  ];
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="card flex flex-col-reverse p-5">
            <dt className="text-sm text-slate-700">
              {tile.to ? (
                <Link to={tile.to} className="link">
                  {tile.label}
                </Link>
              ) : (
                tile.label
              )}
            </dt>
            <dd className="text-3xl font-bold">{tile.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A GET form: without JavaScript "Apply" sends it; with it, changes apply after 300 ms. */
function ListFilters({ filters }: { filters: ShipmentFilters }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/dashboard";

  return (
    <Form
      method="get"
      role="search"
      aria-label="Search and filter shipments"
      className="mb-5 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      onChange={(event) => {
        const form = event.currentTarget;
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), DEBOUNCE_MS);
      }}
    >
      <div>
        <label htmlFor="search" className="label">
          Search by tracking ID
        </label>
        <input
          id="search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder="e.g. SWP4829"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="input font-mono uppercase placeholder:font-sans placeholder:normal-case"
        />
      </div>
      <StatusFilter id="status" value={filters.status ?? ""} all={{ value: "", label: "All statuses" }} />
      <button type="submit" className="btn-primary" aria-busy={searching || undefined}>
        {hydrated && searching ? "Searching..." : "Apply"}
      </button>
      <details className="sm:col-span-3" open={filters.sortBy !== "createdAt" || filters.sortOrder !== "desc" ? true : undefined}>
        <summary className="text-sm font-semibold text-brand-700">Filters</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <SortFields sortBy={filters.sortBy} sortOrder={filters.sortOrder} idPrefix="dashboard" />
        </div>
      </details>
    </Form>
  );
}

/** The list's columns; on small screens the secondary ones fold under the tracking ID. */
const COLUMNS = [
  { label: "Tracking ID", className: "" },
  { label: "Status", className: "" },
  { label: "Recipient", className: "hidden md:table-cell" },
  { label: "Destination", className: "hidden md:table-cell" },
  { label: "Created", className: "hidden md:table-cell" },
  { label: "Est. delivery", className: "hidden md:table-cell" },
  { label: "Total", className: "hidden text-right sm:table-cell" },
];

function ShipmentTable({ rows }: { rows: LoadedDashboard["rows"] }) {
  const timeZone = useTimeZone();
  return (
    // Relative: the screen-reader-only labels are positioned, and must scroll with the table.
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your shipments</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={`py-2 pr-4 font-semibold ${column.className}`}>
                {column.label}
              </th>
            ))}
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="py-3 pr-4 font-semibold">
                <span className="font-mono">{row.trackingId}</span>
                {/* Small screens show the hidden columns' gist under the ID. */}
                <span className="block font-normal text-slate-700 md:hidden">
                  {`To ${row.recipientName}, ${row.destinationCity}`}
                  <span className="sm:hidden">{` · ${formatMoney(row.totalCost, row.currency)}`}</span>
                </span>
              </th>
              <td className="py-3 pr-4">
                <StatusBadge status={normalizeStatus(row.status) ?? "pending"} />
              </td>
              <td className="hidden py-3 pr-4 md:table-cell">{row.recipientName}</td>
              <td className="hidden py-3 pr-4 md:table-cell">
                {`${row.destinationCity}, ${countryName(row.destinationCountry)}`}
              </td>
              <td className="hidden py-3 pr-4 whitespace-nowrap md:table-cell">{formatDate(row.createdAt, timeZone)}</td>
              <td className="hidden py-3 pr-4 whitespace-nowrap md:table-cell">{formatDate(row.estimatedDelivery, timeZone)}</td>
              <td className="hidden py-3 pr-4 text-right whitespace-nowrap sm:table-cell">{formatMoney(row.totalCost, row.currency)}</td>
              <td className="py-3">
                <div className="flex flex-col gap-1 whitespace-nowrap sm:flex-row sm:gap-3">
                  <Link to={`/track/${row.trackingId}`} className="link">
                    Track<span className="sr-only"> {row.trackingId}</span>
                  </Link>
                  {row.invoiceUrl ? (
                    <Link to={row.invoiceUrl} className="link">
                      Invoice<span className="sr-only"> for {row.trackingId}</span>
                    </Link>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="py-10 text-center">
      <h3 className="mb-1 text-lg font-semibold">No shipments found</h3>
      {filtered ? (
        <p className="text-slate-700">Try adjusting your search or filters</p>
      ) : (
        <>
          <p className="mb-4 text-slate-700">Get started by creating your first shipment</p>
          <Link to="/dashboard/create-shipment" className="btn-primary">
            Create Shipment
          </Link>
        </>
      )}
    </div>
  );
}
