import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { listShipments } from "~/features/shipments/shipment-list.server";
import { requestTimeZone } from "~/.server/time-zone";
import { AdminShipmentTable } from "~/features/shipments/shipment-table";
import { courierOptions } from "~/features/couriers/couriers.server";
import { useAdminFeed } from "~/components/use-admin-feed";
import { ignoredDateFiltersNotice, parseAdminShipmentFilters } from "~/features/shipments/shipment-filters";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Shipments"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Search, filter and manage every shipment.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = parseAdminShipmentFilters(params);
  const [list, couriers] = await Promise.all([listShipments(context.db, filters, { timeZone: requestTimeZone(request) }), courierOptions(context.db)]);
  return { filters, notice: ignoredDateFiltersNotice(params), ...list, couriers };
}

export default function AdminShipmentsPage() {
  const { filters, notice, rows, pagination, couriers } = useLoaderData<typeof loader>();
  const location = useLocation();
  // New and changed shipments appear without a reload (the admins' feed); without JavaScript, Refresh.
  useAdminFeed("shipments");
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Shipments")}</h1>
        <div className="flex gap-2">
          <Link to={location.pathname + location.search} className="btn-secondary" preventScrollReset>
            {t("Refresh")}
          </Link>
          <Link to="/admin/shipments/import" className="btn-secondary">
            {t("Import Shipments")}
          </Link>
          <Link to="/admin/shipments/new" className="btn-primary">
            {t("New Shipment")}
          </Link>
        </div>
      </div>
      <AdminShipmentTable
        title={t("All shipments")}
        rows={rows}
        pagination={pagination}
        filters={filters}
        notice={notice}
        here={location.pathname + location.search}
        withDateRange
        couriers={couriers}
      />
    </main>
  );
}
