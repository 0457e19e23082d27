import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/.server/session";
import { rowActionPage } from "~/.server/shipment-list";
import { actorFor } from "~/.server/events";
import { changeShipmentStatus } from "~/.server/shipments";
import { redirectWithToast } from "~/.server/toast";
import { Field } from "~/components/forms";
import { StatusBadge } from "~/components/status-badge";
import { normalizeStatus } from "~/domain/shipment-status";

export const meta: MetaFunction = () => [
  { title: "Custom destination | SwiftParcel Admin" },
  { name: "description", content: "Say where a parcel was delivered instead of its address." },
];

const DASHBOARD = "/admin/dashboard";

/** The page behind the row's status form when custom destination is chosen without JavaScript. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return rowActionPage(context.db, request, params.id ?? "", DASHBOARD);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const shipmentId = params.id ?? "";
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), DASHBOARD);
  const status = normalizeStatus(String(form.get("status") ?? ""));
  if (!status) return data({ error: "Please choose a status from the list" }, { status: 400 });

  let destination: string | undefined;
  if (status === "custom_destination") {
    const typed = form.get("destination");
    // Chosen in the row's dropdown: ask where first, on a page of its own.
    if (typed === null) {
      throw redirect(`/admin/shipments/${encodeURIComponent(shipmentId)}/status?${new URLSearchParams({ redirectTo })}`, 303);
    }
    destination = String(typed).trim().slice(0, 200);
    if (!destination) return data({ error: "Please enter a destination" }, { status: 400 });
  }

  const changed = await changeShipmentStatus(context, {
    shipmentId,
    status,
    actor: actorFor(admin),
    customDestination: destination,
    description: destination ? `Package delivered to custom destination: ${destination}` : undefined,
  });
  const env = context.cloudflare.env;
  if (!changed) return redirectWithToast(env, redirectTo, { type: "error", message: "Failed to update shipment status" });
  return redirectWithToast(env, redirectTo, {
    type: "success",
    message: destination ? `Shipment delivered to: ${destination}` : "Shipment status updated",
  });
}

export default function CustomDestinationPage() {
  const { shipment, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <div>
          <h1 className="text-2xl font-bold">Custom destination</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="font-mono font-semibold">{shipment.trackingId}</span>
            <StatusBadge status={shipment.status} />
          </p>
        </div>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="status" value="custom_destination" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label="Please enter the custom destination"
            errors={actionData?.error ? [actionData.error] : undefined}
            inputProps={{ id: "destination", name: "destination", defaultValue: shipment.customDestination ?? "", maxLength: 200, autoComplete: "off" }}
          />
          <div className="flex justify-end gap-2">
            <Link to={redirectTo} className="btn-secondary">
              Cancel
            </Link>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
