import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { requireAdmin } from "~/http/guards.server";
import { listCouriers, type CourierLoad } from "~/features/couriers/couriers.server";
import { courierDay } from "~/features/couriers/courier-rules";
import { DataTable, EmptyState, type Column } from "~/components/list";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "couriers");
  return [
    {
      title: t("Couriers | {{company}} Admin", {
        company: companyNameOf(matches),
      }),
    },
    {
      name: "description",
      content: t("The couriers, each one's stops for today, and inviting a new courier."),
    },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const day = courierDay(Date.now());
  return { day, couriers: await listCouriers(context.db, day) };
}

export default function CouriersPage() {
  const { day, couriers } = useLoaderData<typeof loader>();
  const { t } = useTranslation("couriers");
  const columns: Column<CourierLoad>[] = [
    {
      label: t("Courier"),
      rowHeader: true,
      cell: (courier) => (
        <Link to={`/admin/users/${encodeURIComponent(courier.id)}`} className="link">
          {courier.name}
        </Link>
      ),
    },
    { label: t("Email"), cell: (courier) => courier.email },
    {
      label: t("Account"),
      cell: (courier) => (courier.status === "active" ? t("Active") : t("Suspended")),
    },
    { label: t("Stops today"), cell: (courier) => courier.stops },
    {
      label: t("Finished"),
      cell: (courier) =>
        t("{{done}} of {{stops}}", {
          done: courier.done,
          stops: courier.stops,
        }),
    },
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Couriers")}</h1>
        <Link to="/admin/couriers/new" className="btn-primary">
          {t("Invite courier")}
        </Link>
      </div>
      <section className="card p-0" aria-labelledby="couriers-title">
        <h2 id="couriers-title" className="px-6 pt-4 text-lg font-semibold">
          <Trans t={t} i18nKey="Load for <day>{{day}}</day> (UTC)" values={{ day }} components={{ day: <time dateTime={day} /> }} />
        </h2>
        <p className="px-6 pb-2 text-sm text-slate-700">
          {t(
            "Assign shipments from the shipments list (tick them, choose a courier, press Assign) or from a shipment's page. Suspend a courier from their account page."
          )}
        </p>
        {couriers.length === 0 ? (
          <EmptyState
            title={t("No couriers yet")}
            hint={t("Invite a courier: they get an e-mail to choose their password")}
            action={{ to: "/admin/couriers/new", label: t("Invite courier") }}
          />
        ) : (
          <DataTable caption={t("Couriers and their stops today")} columns={columns} rows={couriers} rowKey={(courier) => courier.id} />
        )}
      </section>
    </main>
  );
}
