import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { costSummary, countryOptions, currencyOptions, readShipmentForm, savedEstimate, shipmentColumns } from "~/.server/admin-shipment-form";
import { requireAdmin } from "~/.server/session";
import { listShipmentAudit, updateShipment } from "~/.server/shipment-changes";
import { getShipmentForEdit } from "~/.server/shipment-list";
import { actorFor } from "~/.server/events";
import { redirectWithToast } from "~/.server/toast";
import { AuditTrail } from "~/components/audit-trail";
import { useTimeZone } from "~/components/root-data";
import { ShipmentForm } from "~/components/shipment-form";
import { formatDateTime, isoDateTime } from "~/domain/format";
import { EditShipmentFormSchema, formValuesFromShipment, STALE_EDIT_MESSAGE } from "~/domain/admin-shipment-form";
import { normalizeStatus, statusLabel } from "~/domain/shipment-status";

export const meta: MetaFunction = () => [
  { title: "Edit Shipment | SwiftParcel Admin" },
  { name: "description", content: "Change a shipment, see its tracking history and who changed what." },
];

const DASHBOARD = "/admin/dashboard";
/** A delivery date is stored at noon UTC, so it reads as the same day in every time zone. */
const NOON_MS = 12 * 3_600_000;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const found = await getShipmentForEdit(context.db, params.id ?? "");
  if (!found) throw await redirectWithToast(context.cloudflare.env, DASHBOARD, { type: "error", message: "Failed to load shipment" });
  const { shipment, history } = found;
  const defaultValue = formValuesFromShipment(shipment);
  return {
    shipment: {
      id: shipment.id,
      trackingId: shipment.trackingId,
      status: normalizeStatus(shipment.status) ?? "pending",
      currency: shipment.currency,
    },
    history,
    audit: await listShipmentAudit(context, shipment.id),
    countries: countryOptions(),
    currencies: currencyOptions(),
    defaultValue,
    summary: costSummary(defaultValue, Date.now(), savedEstimate(shipment)),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const env = context.cloudflare.env;
  const found = await getShipmentForEdit(context.db, params.id ?? "");
  if (!found) return redirectWithToast(env, DASHBOARD, { type: "error", message: "Failed to update shipment" });
  const { shipment } = found;
  const formData = await request.formData();
  const now = Date.now();
  const checked = readShipmentForm(formData, EditShipmentFormSchema, now, savedEstimate(shipment));
  if ("answer" in checked) return data(checked.answer, { status: checked.status });
  const { value } = checked;
  const outcome = await updateShipment(context, {
    shipmentId: shipment.id,
    expectedVersion: value.version,
    values: {
      ...shipmentColumns(value, checked.quote, checked.estimatedDelivery),
      currentLocation: value.currentLocation || null,
      actualDelivery: value.actualDelivery ? Date.parse(value.actualDelivery) + NOON_MS : null,
    },
    actor: actorFor(admin),
    now,
  });
  if (outcome === "stale") {
    return data({ result: checked.submission.reply(), summary: checked.summary, formError: STALE_EDIT_MESSAGE }, { status: 409 });
  }
  if (outcome === "missing") return redirectWithToast(env, DASHBOARD, { type: "error", message: "Failed to update shipment" });
  return redirectWithToast(env, DASHBOARD, { type: "success", message: "Shipment updated successfully" });
}

export default function EditShipmentPage() {
  const { shipment, history, audit, countries, currencies, defaultValue, summary } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timeZone = useTimeZone();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Edit Shipment <span className="font-mono">{shipment.trackingId}</span>
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to={DASHBOARD} className="btn-secondary">
            Back to Dashboard
          </Link>
          <Link to={`/track/${encodeURIComponent(shipment.trackingId)}`} className="btn-secondary">
            Track
          </Link>
          <Link to={`/receipt/${encodeURIComponent(shipment.id)}`} className="btn-secondary">
            Receipt
          </Link>
          <Link to={`/receipt/${encodeURIComponent(shipment.id)}/label?print=1`} className="btn-secondary">
            Print Label
          </Link>
        </div>
      </div>
      <ShipmentForm
        answer={actionData}
        defaultValue={defaultValue}
        countries={countries}
        currencies={currencies}
        summary={summary}
        edit={{ shipmentId: shipment.id, trackingId: shipment.trackingId, status: shipment.status }}
      />
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="mb-4 text-lg font-semibold">
          Tracking history
        </h2>
        <ol className="space-y-3">
          {history.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-300 pl-4">
              <p className="font-semibold">{statusLabel(normalizeStatus(entry.status) ?? "pending")}</p>
              <p>{entry.description}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={isoDateTime(entry.occurredAt)}>{formatDateTime(entry.occurredAt, timeZone)}</time>
                {entry.location ? ` · ${entry.location}` : null} · by {entry.actorLabel}
              </p>
            </li>
          ))}
        </ol>
      </section>
      <AuditTrail entries={audit} currency={shipment.currency} />
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
