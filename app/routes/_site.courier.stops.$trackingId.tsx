import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { actorFor } from "~/.server/events";
import { invariantResponse } from "~/.server/invariant";
import { clientAddress } from "~/.server/rate-limit";
import { requireCourier } from "~/http/guards.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { COURIER_MESSAGES, findStop, recordCourierUpdate } from "~/features/couriers/couriers.server";
import {
  COURIER_STATUSES,
  courierStatusName,
  COURIERS_NAMESPACE,
  CourierUpdateFormSchema,
  CourierUpdateSchema,
  FAILURE_REASON_LABELS,
  FAILURE_REASONS,
  MAX_FAILURE_TEXT,
} from "~/features/couriers/courier-rules";
import { PROOF_LIMITS } from "~/features/couriers/proof-image";
import { enhancePhotoShrink, enhanceSignaturePad, type PhotoWords } from "~/features/couriers/proof-capture";
import { StopDetails } from "~/features/couriers/stop-card";
import { OfflineNote, OfflinePanel } from "~/features/couriers/offline-panel";
import { enhancePosition, type PositionWords } from "~/features/couriers/position";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { CheckboxField, Field, FormErrors, SelectField } from "~/components/forms";
import { MAX_LENGTH } from "~/domain/field-limits";
import type { SiteHandle } from "~/routes/_site";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { tk } from "~/features/languages/languages";
import { STATUSES_NAMESPACE } from "~/features/shipments/shipment-status";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "couriers");
  const company = companyNameOf(matches);
  return [
    { title: data ? t("Stop {{trackingId}} | {{company}}", { trackingId: data.stop.trackingId, company }) : t("Stop | {{company}}", { company }) },
    { name: "description", content: t("One stop of the run sheet: the recipient, and the parcel's status at the door.") },
  ];
};

/** The places offered beside the recipient's city, stored as written here and named in the reader's words (the `couriers` and `statuses` catalogs). */
const DOOR_PLACES = [tk("Depot"), tk("Local Delivery Center")];

// Plain HTML for the courier's low-end phone: its behaviours run from the public pages' one script.
export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hideChat: true, hydrate: false };

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const courier = await requireCourier(context, request);
  const stop = await findStop(context.db, { courierId: courier.id, trackingId: params.trackingId ?? "" });
  // Another courier's or an unassigned shipment is answered as a missing one.
  invariantResponse(stop, COURIER_MESSAGES.notFound, { status: 404 });
  // Each view of the form is one update: sent twice, it applies once.
  return { stop, updateId: crypto.randomUUID() };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const courier = await requireCourier(context, request);
  const submission = await parseWithZod(await request.formData(), { schema: CourierUpdateFormSchema, async: true });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await recordCourierUpdate(context, {
    courier: { ...actorFor(courier), userId: courier.id },
    trackingId: params.trackingId ?? "",
    update: submission.value,
    clientAddress: clientAddress(request),
    language: await context.language(),
  });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, "/courier", outcome);
}

export default function StopPage() {
  const { stop, updateId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `stop-${stop.id}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(CourierUpdateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CourierUpdateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const position = useBehaviour(enhancePosition);
  const photo = useBehaviour(enhancePhotoShrink);
  const signature = useBehaviour(enhanceSignaturePad);
  const { t } = useTranslation([COURIERS_NAMESPACE, STATUSES_NAMESPACE]);
  const photoWords: PhotoWords = {
    shrinking: t("Shrinking the photo..."),
    ready: t("Photo ready ({{size}} KB)"),
    notShrunk: t("The photo could not be shrunk here: it goes as taken."),
  };
  const positionWords: PositionWords = { added: t("Position added ({{latitude}}, {{longitude}})"), refused: t("No position: the update goes without it.") };
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-4 p-4">
      <Link to="/courier" className="link text-sm">
        {t("Back to the run sheet")}
      </Link>
      <h1 className="text-2xl font-bold">
        <Trans t={t} i18nKey="Stop <mono>{{trackingId}}</mono>" values={{ trackingId: stop.trackingId }} components={{ mono: <span className="font-mono" /> }} />
      </h1>
      <OfflinePanel />
      <section className="card" aria-label={t("Recipient")}>
        <StopDetails stop={stop} />
      </section>
      <section className="card space-y-4" aria-labelledby="status-title">
        <h2 id="status-title" className="text-lg font-semibold">
          {t("Status at the door")}
        </h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="updateId" value={updateId} />
          <SelectField label={t("Status")} selectProps={getSelectProps(fields.status)} errors={fields.status.errors}>
            <option value="">{t("Choose a status")}</option>
            {COURIER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {courierStatusName(t, status)}
              </option>
            ))}
          </SelectField>
          <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
            <legend className="px-1 text-sm font-semibold">{t("If the delivery attempt failed")}</legend>
            <SelectField label={t("Reason")} selectProps={getSelectProps(fields.reason)} errors={fields.reason.errors}>
              <option value="">{t("Choose a reason")}</option>
              {FAILURE_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(FAILURE_REASON_LABELS[reason])}
                </option>
              ))}
            </SelectField>
            <Field
              label={t("What went wrong (for Other)")}
              inputProps={{ ...getInputProps(fields.reasonText, { type: "text" }), maxLength: MAX_FAILURE_TEXT, autoComplete: "off" }}
              errors={fields.reasonText.errors}
            />
          </fieldset>
          <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
            <legend className="px-1 text-sm font-semibold">{t("If delivered: proof of delivery")}</legend>
            <Field
              label={t("Received by (the name of the person who took it)")}
              inputProps={{ ...getInputProps(fields.receivedBy, { type: "text" }), maxLength: PROOF_LIMITS.receivedBy, autoComplete: "off" }}
              errors={fields.receivedBy.errors}
            />
            <div data-photo-shrink data-photo-words={JSON.stringify(photoWords)} ref={photo} className="space-y-1">
              <Field
                label={t("Photo of the delivered parcel (optional)")}
                inputProps={{ ...getInputProps(fields.photo, { type: "file" }), accept: "image/*", capture: "environment" }}
                errors={fields.photo.errors}
              />
              <p data-photo-status aria-live="polite" className="text-sm text-slate-700" />
            </div>
            {stop.signatureRequired ? (
              <fieldset className="space-y-2" aria-describedby="signature-rule">
                <legend className="text-sm font-semibold">{t("Signature (required for this parcel)")}</legend>
                <p id="signature-rule" className="text-sm text-slate-700">
                  {t("The recipient signs in the box, or types their name above as their signature.")}
                </p>
                <div data-signature-pad ref={signature} hidden className="space-y-2">
                  <canvas
                    width={600}
                    height={200}
                    role="img"
                    aria-label={t("Signature box: the recipient signs here with a finger")}
                    className="h-40 w-full touch-none rounded-md border border-slate-400 bg-white"
                  />
                  <input type="file" name={fields.signature.name} accept="image/png" hidden tabIndex={-1} />
                  <button type="button" className="btn-secondary" data-signature-clear>
                    {t("Clear signature")}
                  </button>
                </div>
                <CheckboxField
                  label={t("No drawing: the recipient typed their name above as their signature")}
                  inputProps={{ ...getInputProps(fields.signatureTyped, { type: "checkbox" }) }}
                  errors={fields.signatureTyped.errors}
                />
                <FormErrors id={fields.signature.errorId} errors={fields.signature.errors} />
              </fieldset>
            ) : null}
          </fieldset>
          <Field
            label={t("Location (pick or type; empty for the status's usual place)")}
            inputProps={{ ...getInputProps(fields.location, { type: "text" }), maxLength: MAX_LENGTH.location, list: "stop-places", autoComplete: "off" }}
            errors={fields.location.errors}
          />
          <datalist id="stop-places">
            <option value={stop.recipientCity} />
            {DOOR_PLACES.map((place) => (
              <option key={place} value={place} label={t(place)} />
            ))}
          </datalist>
          <div data-position data-position-words={JSON.stringify(positionWords)} ref={position} className="space-y-1">
            <input type="hidden" name="latitude" />
            <input type="hidden" name="longitude" />
            <button type="button" className="btn-secondary" hidden>
              {t("Add my position")}
            </button>
            <p data-position-status aria-live="polite" className="text-sm text-slate-700" />
            <FormErrors errors={[...(fields.latitude.errors ?? []), ...(fields.longitude.errors ?? [])]} />
          </div>
          <button type="submit" className="btn-primary" data-pending={t("Saving...")}>
            {t("Save status")}
          </button>
        </Form>
      </section>
      <OfflineNote />
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
