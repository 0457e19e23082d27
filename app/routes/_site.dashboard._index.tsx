import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { listOwnShipments, type CustomerShipmentStats } from "~/features/shipments/customer-shipments.server";
import { isFirstVisit } from "~/features/accounts/accounts.server";
import { requestSessionHash } from "~/features/accounts/session.server";
import { requireUser } from "~/http/guards.server";
import { requestTimeZone } from "~/.server/time-zone";
import { redirectWithToast } from "~/http/toast.server";
import { EmptyState, FilterBar, PaginationNav } from "~/components/list";
import { SortFields, StatusFilter } from "~/features/shipments/list-filter-fields";
import { CustomerShipmentTable } from "~/features/shipments/shipment-table";
import { startOfMonth } from "~/domain/calendar";
import { filtersQuery, isFiltered, parseCustomerShipmentFilters, type ShipmentFilters } from "~/features/shipments/shipment-filters";
import { DEFAULT_SORT } from "~/features/shipments/shipment-sort";
import type { ScriptsHandle } from "~/components/page-scripts";
import type { SiteHandle } from "./_site";
import { companyNameOf } from "~/components/company-name";

export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: `${t("Dashboard")} | ${companyNameOf(matches)}` },
    { name: "description", content: t("Your shipments at a glance: search by tracking ID, filter by status, track each parcel and open its invoice.") },
  ];
};

// A list that could not be read says when to try again (Retry-After), for the page as well as its data.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const filters = parseCustomerShipmentFilters(url.searchParams);
  // The GET form sends every field, defaults and all: the address is tidied to what matters.
  if (url.search !== filtersQuery(filters)) throw redirect(`/dashboard${filtersQuery(filters)}`);
  const sessionHash = await requestSessionHash(request);
  try {
    const [result, firstVisit] = await Promise.all([
      listOwnShipments(context.db, user.id, filters, startOfMonth(Date.now(), requestTimeZone(request))),
      isFirstVisit(context.db, { userId: user.id, sessionHash }),
    ]);
    return { state: "ok" as const, firstName: user.firstName, firstVisit, filters, ...result };
  } catch (error) {
    console.error("Dashboard load failed", error);
    return data({ state: "error" as const, firstName: user.firstName, firstVisit: false, filters }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

/** Refresh: loads the same view again and says so. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(context, request);
  const form = await request.formData();
  // The view comes back through the filter parser, so only a list address can come out.
  const filters = parseCustomerShipmentFilters(new URLSearchParams(String(form.get("view") ?? "")));
  return redirectWithToast(context.cloudflare.env, `/dashboard${filtersQuery(filters)}`, { type: "success", message: "Dashboard refreshed" });
}

export default function DashboardPage() {
  const result = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          {/* A brand-new account is greeted as new (on the visit its registration began). */}
          <h1 className="text-3xl font-bold">{result.firstVisit ? t("Welcome, {{name}}!", { name: result.firstName }) : t("Welcome back, {{name}}!", { name: result.firstName })}</h1>
          <p className="text-slate-700">{t("Here is where your parcels are.")}</p>
        </div>
        <div className="flex gap-2">
          <Form method="post">
            <input type="hidden" name="view" value={location.search} />
            <button type="submit" className="btn-secondary">
              {t("Refresh")}
            </button>
          </Form>
          <Link to="/dashboard/import" className="btn-secondary">
            {t("Import Shipments")}
          </Link>
          <Link to="/dashboard/create-shipment" className="btn-primary">
            {t("New Shipment")}
          </Link>
        </div>
      </div>

      {result.state === "ok" ? (
        <>
          <StatTiles stats={result.stats} />
          <section className="card mt-6 p-0" aria-labelledby="shipments-title">
            <div className="border-b border-slate-200 p-6">
              <h2 id="shipments-title" className="mb-4 text-xl font-semibold">
                {t("Your shipments")}
              </h2>
              <CustomerFilterBar filters={result.filters} />
            </div>
            {/* What the filter bar changes: with JavaScript it takes the place of the list shown (app/behaviours/live-filter.ts). */}
            <div data-live-results="">
            {result.rows.length === 0 ? (
              isFiltered(result.filters) ? (
                <EmptyState title={t("No shipments found")} hint={t("Try adjusting your search or filters")} />
              ) : (
                <EmptyState
                  title={t("No shipments found")}
                  hint={t("Get started by creating your first shipment")}
                  action={{ to: "/dashboard/create-shipment", label: t("Create Shipment") }}
                />
              )
            ) : (
              <CustomerShipmentTable rows={result.rows} />
            )}
            <PaginationNav pagination={result.pagination} label={t("Shipment pages")} />
            </div>
          </section>
        </>
      ) : (
        <section role="alert" className="card border-red-300 bg-red-50" aria-labelledby="load-error-title">
          <h2 id="load-error-title" className="mb-2 text-xl font-semibold text-red-900">
            {t("Error loading shipments")}
          </h2>
          <p className="mb-4 text-red-900">{t("Failed to fetch shipments")}</p>
          <a href={`/dashboard${filtersQuery(result.filters)}`} className="btn-secondary">
            {t("Try again")}
          </a>
        </section>
      )}
    </main>
  );
}

function StatTiles({ stats }: { stats: CustomerShipmentStats }) {
  const { t } = useTranslation("shipments");
  const tiles = [
    { label: t("Total shipments"), value: stats.total, to: "/dashboard" },
    { label: t("In transit"), value: stats.inTransit, to: "/dashboard?status=in_transit" },
    { label: t("Delivered"), value: stats.delivered, to: "/dashboard?status=delivered" },
    { label: t("This month"), value: stats.thisMonth, to: null },
  ];
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        {t("Statistics")}
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

/** Without JavaScript "Apply" sends the filters; with it, the list follows them as they change. */
function CustomerFilterBar({ filters }: { filters: ShipmentFilters }) {
  const { t } = useTranslation("shipments");
  return (
    <FilterBar
      id="dashboard"
      label={t("Search and filter shipments")}
      submitLabel={t("Apply")}
      search={{
        label: t("Search by tracking ID"),
        value: filters.search,
        placeholder: t("e.g. SWP4829"),
        inputProps: {
          autoComplete: "off",
          autoCapitalize: "characters",
          spellCheck: false,
          className: "input font-mono uppercase placeholder:font-sans placeholder:normal-case",
        },
      }}
      more={{
        open: filters.sortBy !== DEFAULT_SORT.sortBy || filters.sortOrder !== DEFAULT_SORT.sortOrder,
        content: <SortFields sortBy={filters.sortBy} sortOrder={filters.sortOrder} idPrefix="dashboard" />,
      }}
    >
      <StatusFilter id="dashboard-status" value={filters.status} allLabel={t("All statuses")} />
    </FilterBar>
  );
}
