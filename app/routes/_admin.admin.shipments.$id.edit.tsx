import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { countryOptions, currencyOptions, priceShipmentForm, savedEstimate, shipmentFormConstraint, updateShipmentFromForm } from "~/features/shipments/admin-shipment-form.server";
import { shipmentFormAnswer } from "~/http/replies.server";
import { actorFor } from "~/.server/events";
import { invariantResponse } from "~/.server/invariant";
import { redirectWithOutcome } from "~/http/replies.server";
import { requireAdmin } from "~/http/guards.server";
import { listShipmentAudit } from "~/features/shipments/shipment-changes.server";
import { getShipmentForEdit } from "~/features/shipments/shipment-list.server";
import { AuditTrail } from "~/features/shipments/audit-trail";
import { AssignCourierForm } from "~/features/couriers/assign-courier-form";
import { courierOptions, shipmentCourier } from "~/features/couriers/couriers.server";
import { latestProofs } from "~/features/couriers/proofs.server";
import { DeliveryProofCard } from "~/features/couriers/delivery-proof";
import { useLocale, useTimeZone } from "~/components/root-data";
import { ShipmentForm } from "~/features/shipments/shipment-form";
import { formatDateTime, isoDateTime } from "~/domain/format";
import { EditShipmentFormActionSchema, formValuesFromShipment } from "~/features/shipments/admin-shipment-form";
import { normalizeStatus, statusLabel } from "~/features/shipments/shipment-status";
import { historyText } from "~/features/tracking/tracking-history";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { Trans, useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Edit Shipment"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Change a shipment, see its tracking history and who changed what.") },
  ];
};

const DASHBOARD = "/admin/dashboard";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const found = await getShipmentForEdit(context.db, params.id ?? "");
  // Said on a page of its own with the way back: a redirect's toast is easily missed.
  invariantResponse(found, "Failed to load shipment", { status: 404 });
  const { shipment, history } = found;
  const defaultValue = formValuesFromShipment(shipment);
  const [audit, currencies, summary, couriers, courier, proofs] = await Promise.all([
    listShipmentAudit(context, shipment.id),
    currencyOptions(context.db),
    priceShipmentForm(context, { form: defaultValue, previous: savedEstimate(shipment) }),
    courierOptions(context.db),
    shipmentCourier(context.db, shipment.id),
    latestProofs(context.db, [shipment.id]),
  ]);
  return {
    shipment: {
      id: shipment.id,
      trackingId: shipment.trackingId,
      status: normalizeStatus(shipment.status) ?? "pending",
      currency: shipment.currency,
    },
    history,
    audit,
    countries: countryOptions(),
    currencies,
    constraint: shipmentFormConstraint(true),
    defaultValue,
    summary,
    couriers,
    courier,
    proof: proofs.get(shipment.id) ?? null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const shipmentId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: EditShipmentFormActionSchema });
  if (submission.status !== "success" || submission.value.intent === "quote") {
    return shipmentFormAnswer(submission, await priceShipmentForm(context, { form: submission.payload, shipmentId }));
  }
  const outcome = await updateShipmentFromForm(context, { shipmentId, value: submission.value, actor: actorFor(admin) });
  // Saved, or the shipment is gone: back to the dashboard. Turned down: the form again, with why.
  if (!outcome.ok && "summary" in outcome) return shipmentFormAnswer(submission, outcome.summary, outcome);
  return redirectWithOutcome(context.cloudflare.env, DASHBOARD, outcome);
}

export default function EditShipmentPage() {
  const { shipment, history, audit, countries, currencies, constraint, defaultValue, summary, couriers, courier, proof } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans t={t} i18nKey="Edit Shipment <mono>{{trackingId}}</mono>" values={{ trackingId: shipment.trackingId }} components={{ mono: <span className="font-mono" /> }} />
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to={DASHBOARD} className="btn-secondary">
            {t("Back to Dashboard")}
          </Link>
          <Link to={`/track/${encodeURIComponent(shipment.trackingId)}`} className="btn-secondary">
            {t("Track")}
          </Link>
          <Link to={`/receipt/${encodeURIComponent(shipment.id)}`} className="btn-secondary">
            {t("Receipt")}
          </Link>
          <Link to={`/receipt/${encodeURIComponent(shipment.id)}/label?print=1`} className="btn-secondary">
            {t("Print Label")}
          </Link>
        </div>
      </div>
      <ShipmentForm
        answer={actionData}
        defaultValue={defaultValue}
        countries={countries}
        currencies={currencies}
        summary={summary}
        constraint={constraint}
        edit={{ shipmentId: shipment.id, trackingId: shipment.trackingId, status: shipment.status }}
      />
      <section className="card space-y-3" aria-labelledby="courier-title">
        <h2 id="courier-title" className="text-lg font-semibold">
          {t("Courier")}
        </h2>
        <AssignCourierForm shipmentId={shipment.id} couriers={couriers} current={courier} redirectTo={`/admin/shipments/${encodeURIComponent(shipment.id)}/edit`} />
      </section>
      {proof ? <DeliveryProofCard proof={proof} timeZone={timeZone} /> : null}
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="mb-4 text-lg font-semibold">
          {t("Tracking history")}
        </h2>
        <ol className="space-y-3">
          {history.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-300 pl-4">
              <p className="font-semibold">{t(statusLabel(normalizeStatus(entry.status) ?? "pending"), { ns: "statuses" })}</p>
              <p>{historyText(t, entry.description)}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={isoDateTime(entry.occurredAt)}>{formatDateTime(entry.occurredAt, timeZone, locale)}</time>
                {entry.location ? ` · ${historyText(t, entry.location)}` : null} · {t("by {{name}}", { name: entry.actorLabel })}
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
