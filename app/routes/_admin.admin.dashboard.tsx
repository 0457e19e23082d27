import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { redirectWithToast } from "~/http/toast.server";
import { listShipments, shipmentStats } from "~/features/shipments/shipment-list.server";
import { requestTimeZone } from "~/.server/time-zone";
import { AdminShipmentTable } from "~/features/shipments/shipment-table";
import { useAdminFeed } from "~/components/use-admin-feed";
import { partsText, totalText, TOTAL_NOTE } from "~/features/pricing/revenue";
import { filtersQuery, ignoredDateFiltersNotice, parseAdminShipmentFilters } from "~/features/shipments/shipment-filters";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: `Admin Dashboard | ${companyNameOf(matches)}` },
  { name: "description", content: "Every shipment at a glance: totals, revenue, search, status changes and bulk actions." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = parseAdminShipmentFilters(params);
  const [list, stats] = await Promise.all([
    listShipments(context.db, filters, { timeZone: requestTimeZone(request) }),
    shipmentStats(context.db),
  ]);
  return { adminName: admin.firstName || "Admin", filters, notice: ignoredDateFiltersNotice(params), ...list, stats };
}

/** Refresh: loads the same view again and says so ('Dashboard refreshed'). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  // The view comes back through the filter parser, so only a list address can come out.
  const filters = parseAdminShipmentFilters(new URLSearchParams(String(form.get("view") ?? "").slice(0, 2000)));
  return redirectWithToast(context.cloudflare.env, `/admin/dashboard${filtersQuery(filters)}`, { type: "success", message: "Dashboard refreshed" });
}

export default function AdminDashboardPage() {
  const { adminName, filters, notice, rows, pagination, stats } = useLoaderData<typeof loader>();
  const location = useLocation();
  // New and changed shipments appear without a reload (the admins' feed); without JavaScript, Refresh.
  useAdminFeed("shipments");
  const here = location.pathname + location.search;
  return (
    <main id="main" className="space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Welcome back, {adminName}</h1>
          <p className="text-slate-700">Every shipment, its status and where it is.</p>
        </div>
        <div className="flex gap-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="view" value={location.search} />
            <button type="submit" className="btn-secondary">
              Refresh
            </button>
          </Form>
          <Link to="/admin/shipments/new" className="btn-primary">
            New Shipment
          </Link>
        </div>
      </div>

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Shipments" value={String(stats.total)} />
        <StatCard label="Delivered" value={String(stats.delivered)} />
        <StatCard label="In Transit" value={String(stats.inTransit)} />
        <StatCard label="Revenue" value={totalText(stats.revenue)} note={partsText(stats.revenue)} />
      </section>

      <AdminShipmentTable title="Recent Shipments" rows={rows} pagination={pagination} filters={filters} notice={notice} here={here} />
    </main>
  );
}

/** A tile; a revenue tile's note says what its total adds, per currency. */
function StatCard({ label, value, note = null }: { label: string; value: string; note?: string | null }) {
  return (
    <div className="card">
      <h2 className="text-sm font-medium text-slate-700">{label}</h2>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {note === null ? null : (
        <p className="text-sm text-slate-700">
          {note}. {TOTAL_NOTE}
        </p>
      )}
    </div>
  );
}
