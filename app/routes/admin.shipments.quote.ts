// The admin form's cost summary as the admin types (fetched by the form with JavaScript).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { priceShipmentForm } from "~/features/shipments/admin-shipment-form.server";
import { requireAdmin } from "~/http/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  return priceShipmentForm(context, { form: Object.fromEntries(params), shipmentId: params.get("id") ?? undefined });
}
