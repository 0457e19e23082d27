import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { redirectWithOutcome } from "~/.server/outcome";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/.server/session";
import { setShipmentLocation } from "~/.server/shipment-changes";
import { rowActionPage } from "~/.server/shipment-list";
import { LocationForm } from "~/components/shipment-actions";

export const meta: MetaFunction = () => [
  { title: "Current location | SwiftParcel Admin" },
  { name: "description", content: "Set where a parcel is now." },
];

const DASHBOARD = "/admin/dashboard";

/** SPEC.md sends the location unchecked: an empty one clears it. */
const LocationSchema = z.object({ location: z.string().optional(), redirectTo: z.string().optional() });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return rowActionPage(context.db, request, params.id ?? "", DASHBOARD);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: LocationSchema });
  const { location, redirectTo } = submission.status === "success" ? submission.value : {};
  const outcome = await setShipmentLocation(context, { shipmentId: params.id ?? "", location, actor: actorFor(admin) });
  return redirectWithOutcome(context.cloudflare.env, safeRedirect(redirectTo, DASHBOARD), outcome);
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
