import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/.server/session";
import { setShipmentLocation } from "~/.server/shipment-changes";
import { rowActionPage } from "~/.server/shipment-list";
import { actorFor } from "~/.server/events";
import { redirectWithToast } from "~/.server/toast";
import { LocationForm } from "~/components/shipment-actions";

export const meta: MetaFunction = () => [
  { title: "Current location | SwiftParcel Admin" },
  { name: "description", content: "Set where a parcel is now." },
];

const DASHBOARD = "/admin/dashboard";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return rowActionPage(context.db, request, params.id ?? "", DASHBOARD);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), DASHBOARD);
  const location = String(form.get("location") ?? "").slice(0, 120);
  const saved = await setShipmentLocation(context, { shipmentId: params.id ?? "", location, actor: actorFor(admin) });
  return redirectWithToast(
    context.cloudflare.env,
    redirectTo,
    saved ? { type: "success", message: "Current location updated successfully" } : { type: "error", message: "Failed to update current location" },
  );
}

export default function CurrentLocationPage() {
  const { shipment, redirectTo } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">
          Current location of <span className="font-mono">{shipment.trackingId}</span>
        </h1>
        <LocationForm shipmentId={shipment.id} currentLocation={shipment.currentLocation} redirectTo={redirectTo} idPrefix="page" />
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
