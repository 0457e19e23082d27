import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { costSummary, countryOptions, currencyOptions, readShipmentForm, shipmentColumns } from "~/.server/admin-shipment-form";
import { requireAdmin } from "~/.server/session";
import { getSettings } from "~/.server/settings";
import { actorFor } from "~/.server/events";
import { createShipment } from "~/.server/shipments";
import { redirectWithToast } from "~/.server/toast";
import { ShipmentForm } from "~/components/shipment-form";
import { ShipmentFormSchema } from "~/domain/admin-shipment-form";

export const meta: MetaFunction = () => [
  { title: "Create New Shipment | SwiftParcel Admin" },
  { name: "description", content: "Create a shipment with its price and estimated delivery." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const settings = await getSettings(context.db);
  const defaultValue = { currency: settings.defaultCurrency, serviceType: "standard", packageType: "package", deliveryOption: "standard" };
  return {
    countries: countryOptions(),
    currencies: currencyOptions(),
    defaultValue,
    summary: costSummary(defaultValue, Date.now()),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await request.formData();
  const now = Date.now();
  const checked = readShipmentForm(formData, ShipmentFormSchema, now);
  if ("answer" in checked) return data(checked.answer, { status: checked.status });
  const { id } = await createShipment(context, {
    shipment: shipmentColumns(checked.value, checked.quote, checked.estimatedDelivery),
    actor: actorFor(admin),
    now,
  });
  return redirectWithToast(context.cloudflare.env, `/receipt/${encodeURIComponent(id)}`, {
    type: "success",
    message: "Shipment created successfully",
  });
}

export default function NewShipmentPage() {
  const { countries, currencies, defaultValue, summary } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Create New Shipment</h1>
        <Link to="/admin/dashboard" className="btn-secondary">
          Back to Dashboard
        </Link>
      </div>
      <ShipmentForm
        answer={actionData}
        defaultValue={defaultValue}
        countries={countries}
        currencies={currencies}
        summary={summary}
      />
    </main>
  );
}
