import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/.server/session";
import { listShipments, shipmentStats } from "~/.server/shipment-list";
import { requestTimeZone } from "~/.server/time-zone";
import { AdminShipmentTable } from "~/components/shipment-table";
import { formatMoney } from "~/domain/format";
import { ignoredDateFiltersNotice, parseAdminShipmentFilters } from "~/domain/shipment-filters";

export const meta: MetaFunction = () => [
  { title: "Admin Dashboard | SwiftParcel" },
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

export default function AdminDashboardPage() {
  const { adminName, filters, notice, rows, pagination, stats } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <main id="main" className="space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Welcome back, {adminName}</h1>
          <p className="text-slate-700">Every shipment, its status and where it is.</p>
        </div>
        <div className="flex gap-2">
          <Link to={here} className="btn-secondary" preventScrollReset>
            Refresh
          </Link>
          <Link to="/admin/shipments/new" className="btn-primary">
            New Shipment
          </Link>
        </div>
      </div>

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Shipments" value={String(stats.total)} />
        <StatCard label="Delivered" value={String(stats.delivered)} />
        <StatCard label="In Transit" value={String(stats.inTransit)} />
        <StatCard
          label="Revenue"
          value={stats.revenue.length ? stats.revenue.map((entry) => formatMoney(entry.amount, entry.currency)).join(" · ") : formatMoney(0, "USD")}
        />
      </section>

      <AdminShipmentTable title="Recent Shipments" rows={rows} pagination={pagination} filters={filters} notice={notice} here={here} />
    </main>
  );
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="card">
      <h2 className="text-sm font-medium text-slate-700">{label}</h2>
      <p className="mt-1 text-2xl font-bold">{value}</p>
    </div>
  );
}
