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
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";
import { translator } from "~/features/languages/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Admin Dashboard | {{company}}", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Every shipment at a glance: totals, revenue, search, status changes and bulk actions.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = parseAdminShipmentFilters(params);
  const [list, stats] = await Promise.all([
    listShipments(context.db, filters, { timeZone: requestTimeZone(request) }),
    shipmentStats(context.db),
  ]);
  return { adminName: admin.firstName || translator(await context.language(), "admin")("Admin"), filters, notice: ignoredDateFiltersNotice(params), ...list, stats };
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
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const location = useLocation();
  // New and changed shipments appear without a reload (the admins' feed); without JavaScript, Refresh.
  useAdminFeed("shipments");
  const here = location.pathname + location.search;
  return (
    <main id="main" className="space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("Welcome back, {{name}}", { name: adminName })}</h1>
          <p className="text-slate-700">{t("Every shipment, its status and where it is.")}</p>
        </div>
        <div className="flex gap-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="view" value={location.search} />
            <button type="submit" className="btn-secondary">
              {t("Refresh")}
            </button>
          </Form>
          <Link to="/admin/shipments/new" className="btn-primary">
            {t("New Shipment")}
          </Link>
        </div>
      </div>

      <section aria-label={t("Statistics")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t("Total Shipments")} value={stats.total.toLocaleString(locale)} />
        <StatCard label={t("Delivered")} value={stats.delivered.toLocaleString(locale)} />
        <StatCard label={t("In Transit")} value={stats.inTransit.toLocaleString(locale)} />
        <StatCard label={t("Revenue")} value={totalText(stats.revenue, locale)} note={partsText(stats.revenue, locale)} />
      </section>

      <AdminShipmentTable title={t("Recent Shipments")} rows={rows} pagination={pagination} filters={filters} notice={notice} here={here} />
    </main>
  );
}

/** A tile; a revenue tile's note says what its total adds, per currency. */
function StatCard({ label, value, note = null }: { label: string; value: string; note?: string | null }) {
  const { t } = useTranslation("admin");
  return (
    <div className="card">
      <h2 className="text-sm font-medium text-slate-700">{label}</h2>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {note === null ? null : (
        <p className="text-sm text-slate-700">
          {note}. {t(TOTAL_NOTE)}
        </p>
      )}
    </div>
  );
}
