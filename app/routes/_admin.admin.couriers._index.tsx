import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { listCouriers, type CourierLoad } from "~/features/couriers/couriers.server";
import { courierDay } from "~/features/couriers/courier-rules";
import { DataTable, EmptyState, type Column } from "~/components/list";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: `Couriers | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "The couriers, each one's stops for today, and inviting a new courier." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const day = courierDay(Date.now());
  return { day, couriers: await listCouriers(context.db, day) };
}

const COLUMNS: Column<CourierLoad>[] = [
  {
    label: "Courier",
    rowHeader: true,
    cell: (courier) => (
      <Link to={`/admin/users/${encodeURIComponent(courier.id)}`} className="link">
        {courier.name}
      </Link>
    ),
  },
  { label: "Email", cell: (courier) => courier.email },
  { label: "Account", cell: (courier) => (courier.status === "active" ? "Active" : "Suspended") },
  { label: "Stops today", cell: (courier) => courier.stops },
  { label: "Finished", cell: (courier) => `${courier.done} of ${courier.stops}` },
];

export default function CouriersPage() {
  const { day, couriers } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="space-y-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Couriers</h1>
        <Link to="/admin/couriers/new" className="btn-primary">
          Invite courier
        </Link>
      </div>
      <section className="card p-0" aria-labelledby="couriers-title">
        <h2 id="couriers-title" className="px-6 pt-4 text-lg font-semibold">
          Load for <time dateTime={day}>{day}</time> (UTC)
        </h2>
        <p className="px-6 pb-2 text-sm text-slate-700">
          Assign shipments from the shipments list (tick them, choose a courier, press Assign) or from a shipment&apos;s page. Suspend a courier from their
          account page.
        </p>
        {couriers.length === 0 ? (
          <EmptyState title="No couriers yet" hint="Invite a courier: they get an e-mail to choose their password" action={{ to: "/admin/couriers/new", label: "Invite courier" }} />
        ) : (
          <DataTable caption="Couriers and their stops today" columns={COLUMNS} rows={couriers} rowKey={(courier) => courier.id} />
        )}
      </section>
    </main>
  );
}
