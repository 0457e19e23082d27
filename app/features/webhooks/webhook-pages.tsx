// The webhook pages' parts, shared by a customer's pages (/profile/webhooks) and the back
// office's (/admin/webhooks): the endpoint form (address and events), the list, the signing
// secret and the delivery log. Plain forms: every button posts without JavaScript.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ErrorList, Field, FormErrors } from "~/components/forms";
import { useLocale, useTimeZone } from "~/components/root-data";
import { tk } from "~/features/languages/languages";
import { formatDateTime } from "~/domain/format";
import type { EndpointView } from "./webhook-endpoints.server";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook-events";
import { endpointFieldsSchema } from "./webhook-forms";
import { MAX_URL_LENGTH } from "./webhook-url";

export type EndpointSummary = { id: string; url: string; eventTypes: WebhookEventType[]; status: "active" | "disabled"; failingSince: number | null; createdAt: number };

const DELIVERY_STATUS: Record<EndpointView["deliveries"][number]["status"], { label: string; style: string }> = {
  pending: { label: tk("Pending"), style: "bg-amber-100 text-amber-900" },
  failed: { label: tk("Retrying"), style: "bg-orange-100 text-orange-900" },
  succeeded: { label: tk("Delivered"), style: "bg-green-100 text-green-900" },
  dead: { label: tk("Given up"), style: "bg-red-100 text-red-900" },
};

function Badge({ children, style }: { children: ReactNode; style: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${style}`}>{children}</span>;
}

export function EndpointStatus({ endpoint }: { endpoint: Pick<EndpointSummary, "status" | "failingSince"> }) {
  const { t } = useTranslation("developers");
  if (endpoint.status === "disabled") return <Badge style="bg-slate-200 text-slate-800">{t("Off")}</Badge>;
  return endpoint.failingSince ? <Badge style="bg-orange-100 text-orange-900">{t("Failing")}</Badge> : <Badge style="bg-green-100 text-green-900">{t("On")}</Badge>;
}

/**
 * The address and events of an endpoint: adding one ("create") or changing it ("save").
 * `development`: loopback http addresses are accepted, as the server accepts them.
 */
export function EndpointForm({
  intent,
  lastResult,
  development,
  defaults,
}: {
  intent: "create" | "save";
  lastResult: SubmissionResult<string[]> | undefined;
  development: boolean;
  defaults?: { url: string; events: readonly WebhookEventType[] };
}) {
  const { t } = useTranslation("developers");
  const schema = endpointFieldsSchema(development, intent);
  const [form, fields] = useForm({
    id: `webhook-${intent}`,
    lastResult,
    defaultValue: { url: defaults?.url ?? "" },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // After a refused post the boxes show what was sent; before, the endpoint's events.
  const sent = fields.events.initialValue;
  const chosen = new Set<string>(lastResult ? (Array.isArray(sent) ? sent : typeof sent === "string" ? [sent] : []) : (defaults?.events ?? []));
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label={t("Endpoint URL")}
        help={development ? t("Where we send the events: an https:// address (or, in local development, a loopback http:// one).") : t("Where we send the events: an https:// address on the public internet.")}
        inputProps={{ ...getInputProps(fields.url, { type: "url" }), maxLength: MAX_URL_LENGTH, placeholder: "https://example.com/webhooks", autoComplete: "url" }}
        errors={fields.url.errors}
      />
      <fieldset aria-describedby={fields.events.errors ? fields.events.errorId : undefined}>
        <legend className="label">{t("Events to send")}</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <div key={type} className="flex items-start gap-2">
              <input
                type="checkbox"
                id={`${form.id}-event-${type}`}
                name={fields.events.name}
                value={type}
                defaultChecked={chosen.has(type)}
                className="mt-1 h-4 w-4 rounded border-slate-400 text-brand-600 focus:ring-brand-600"
              />
              <label htmlFor={`${form.id}-event-${type}`} className="text-sm text-slate-800">
                <span className="font-medium">{t(WEBHOOK_EVENT_LABELS[type].label)}</span> <code className="text-xs text-slate-600">{type}</code>
                <span className="block text-slate-600">{t(WEBHOOK_EVENT_LABELS[type].help)}</span>
              </label>
            </div>
          ))}
        </div>
        <ErrorList id={fields.events.errorId} errors={fields.events.errors} />
      </fieldset>
      <button type="submit" name="intent" value={intent} className="btn-primary" data-pending="">
        {intent === "create" ? t("Add Endpoint") : t("Save Endpoint")}
      </button>
    </Form>
  );
}

/** The owner's endpoints, each linked to its page. */
export function EndpointList({ endpoints, basePath }: { endpoints: EndpointSummary[]; basePath: string }) {
  const { t } = useTranslation("developers");
  const timeZone = useTimeZone();
  const locale = useLocale();
  if (endpoints.length === 0) return <p className="text-slate-700">{t("No webhook endpoints yet: add one below.")}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
          <div className="min-w-0">
            <Link to={`${basePath}/${endpoint.id}`} className="link break-all font-medium">
              {endpoint.url}
            </Link>
            <p className="text-sm text-slate-700">
              {t("{{events}} · added {{time}}", {
                events: endpoint.eventTypes.map((type) => t(WEBHOOK_EVENT_LABELS[type].label)).join(", "),
                time: formatDateTime(endpoint.createdAt, timeZone, locale),
              })}
            </p>
          </div>
          <EndpointStatus endpoint={endpoint} />
        </li>
      ))}
    </ul>
  );
}

/** The signing secret (behind a disclosure, so it is not on screen by default) and how to verify. */
export function SigningSecret({ endpoint }: { endpoint: Pick<EndpointView, "secret" | "rotating" | "previousSecretUntil"> }) {
  const { t } = useTranslation("developers");
  const timeZone = useTimeZone();
  const locale = useLocale();
  return (
    <div className="space-y-3">
      <details>
        <summary className="cursor-pointer font-medium">{t("Show signing secret")}</summary>
        <code className="mt-2 block break-all rounded bg-slate-100 p-2 text-sm">{endpoint.secret}</code>
      </details>
      <p className="text-sm text-slate-700">
        <Trans
          t={t}
          i18nKey="Each request carries the headers <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> of the Standard Webhooks specification: verify them with this secret, for example with the <code>standardwebhooks</code> library."
          components={{ code: <code /> }}
        />
      </p>
      {endpoint.rotating ? (
        <p role="status" className="text-sm text-slate-700">
          {t("The previous secret still signs each delivery too, until {{time}}.", { time: formatDateTime(endpoint.previousSecretUntil, timeZone, locale) })}
        </p>
      ) : null}
    </div>
  );
}

/** One button that posts its intent (and maybe a delivery's id). */
export function IntentButton({ intent, label, deliveryId, tone = "secondary" }: { intent: string; label: string; deliveryId?: string; tone?: "secondary" | "danger" | "primary" }) {
  return (
    <Form method="post">
      {deliveryId ? <input type="hidden" name="deliveryId" value={deliveryId} /> : null}
      <button type="submit" name="intent" value={intent} className={`btn-${tone}`} data-pending="">
        {label}
      </button>
    </Form>
  );
}

/** The endpoint's latest deliveries, newest first, each with every attempt (time, status code, duration) and Redeliver. */
export function DeliveryLog({ deliveries, canRedeliver }: { deliveries: EndpointView["deliveries"]; canRedeliver: boolean }) {
  const { t } = useTranslation("developers");
  const timeZone = useTimeZone();
  const locale = useLocale();
  if (deliveries.length === 0) return <p className="text-slate-700">{t('Nothing sent yet. "Send test event" sends one now.')}</p>;
  return (
    <ol className="divide-y divide-slate-200">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="space-y-2 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">
                <code>{delivery.eventType}</code> <Badge style={DELIVERY_STATUS[delivery.status].style}>{t(DELIVERY_STATUS[delivery.status].label)}</Badge>
              </p>
              <p className="break-all text-xs text-slate-600">
                {delivery.id} · {formatDateTime(delivery.createdAt, timeZone, locale)}
                {delivery.status === "failed" && delivery.nextAttemptAt ? ` · ${t("next attempt {{time}}", { time: formatDateTime(delivery.nextAttemptAt, timeZone, locale) })}` : ""}
              </p>
            </div>
            {canRedeliver ? <IntentButton intent="redeliver" label={t("Redeliver")} deliveryId={delivery.id} /> : null}
          </div>
          {delivery.attempts.length > 0 ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("Attempts of {{id}}", { id: delivery.id })}</caption>
              <thead className="text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    {t("Attempt")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("Time")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("Status code")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("Duration")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {delivery.attempts.map((attempt) => (
                  <tr key={attempt.id} className="align-top">
                    <td className="py-1 pr-3">{attempt.attempt}</td>
                    <td className="py-1 pr-3">{formatDateTime(attempt.attemptedAt, timeZone, locale)}</td>
                    <td className="py-1 pr-3">
                      {attempt.statusCode ?? t("none")}
                      {attempt.error ? <span className="block break-words text-xs text-slate-600">{attempt.error}</span> : null}
                    </td>
                    <td className="py-1 pr-3">{t("{{duration}} ms", { duration: attempt.durationMs.toLocaleString(locale) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
