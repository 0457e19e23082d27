import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isLocalDevelopment } from "~/.server/deployment";
import { invariantResponse } from "~/.server/invariant";
import type { Done, Refused } from "~/.server/outcome";
import { companyNameOf } from "~/components/company-name";
import { DetailList } from "~/components/detail-list";
import { FormErrors } from "~/components/forms";
import { useLocale, useTimeZone } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";
import { formatDateTime } from "~/domain/format";
import {
  deleteEndpoint,
  ENDPOINT_NOT_FOUND,
  getEndpoint,
  redeliver,
  rotateSecret,
  sendTestEvent,
  setEndpointEnabled,
  updateEndpoint,
  type EndpointOwner,
} from "~/features/webhooks/webhook-endpoints.server";
import { endpointActionSchema, type EndpointAction } from "~/features/webhooks/webhook-forms";
import { DeliveryLog, EndpointForm, EndpointStatus, IntentButton, SigningSecret } from "~/features/webhooks/webhook-pages";
import { requireWebhookOwner } from "~/http/guards.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "developers");
  return [
    { title: t("{{endpoint}} | Webhooks | {{company}}", { endpoint: data?.endpoint.url ?? t("Webhook endpoint"), company: companyNameOf(matches) }) },
    { name: "description", content: t("A webhook endpoint: its signing secret, its events, a test event and the log of every delivery.") },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const owner = await requireWebhookOwner(context, request);
  const endpoint = await getEndpoint(context.db, owner, params.id ?? "");
  invariantResponse(endpoint, ENDPOINT_NOT_FOUND, { status: 404 });
  return { scope: owner.scope, endpoint, development: isLocalDevelopment(context.cloudflare.env) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const owner = await requireWebhookOwner(context, request);
  const submission = parseWithZod(await request.formData(), { schema: endpointActionSchema(isLocalDevelopment(context.cloudflare.env)) });
  const intent = submission.payload.intent === "save" ? "save" : "other";
  if (submission.status !== "success") return formAnswer(submission, undefined, { extra: { intent } });
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  const outcome = await perform(context, owner, params.id ?? "", submission.value);
  if (!outcome.ok) return formAnswer(submission, outcome, { extra: { intent } });
  return redirectWithOutcome(context.cloudflare.env, "redirectTo" in outcome && typeof outcome.redirectTo === "string" ? outcome.redirectTo : here, outcome, { status: 303 });
}

/** The one service call each form makes. */
function perform(context: ActionFunctionArgs["context"], owner: EndpointOwner, id: string, value: EndpointAction): Promise<Done | Refused> {
  switch (value.intent) {
    case "save":
      return updateEndpoint(context, { owner, id, url: value.url, eventTypes: value.events });
    case "test":
      return sendTestEvent(context, { owner, id });
    case "rotate":
      return rotateSecret(context, { owner, id });
    case "disable":
      return setEndpointEnabled(context, { owner, id, enabled: false });
    case "enable":
      return setEndpointEnabled(context, { owner, id, enabled: true });
    case "delete":
      return deleteEndpoint(context, { owner, id });
    case "redeliver":
      return redeliver(context, { owner, id, deliveryId: value.deliveryId });
  }
}

export default function EndpointPage() {
  const { scope, endpoint, development } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("developers");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const active = endpoint.status === "active";
  const details: [string, string][] = [
    [t("Added"), formatDateTime(endpoint.createdAt, timeZone, locale)],
    ...(endpoint.failingSince ? ([[t("Failing since"), formatDateTime(endpoint.failingSince, timeZone, locale)]] as [string, string][]) : []),
    ...(endpoint.disabledAt && !active ? ([[t("Turned off"), formatDateTime(endpoint.disabledAt, timeZone, locale)]] as [string, string][]) : []),
  ];
  return (
    <main id="main" className={scope === "all" ? "space-y-6 p-6" : "mx-auto max-w-4xl space-y-6 px-4 py-10"}>
      <Link to={scope === "all" ? "/admin/webhooks" : "/profile/webhooks"} className="link text-sm">
        {t("Back to webhooks")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-all text-2xl font-bold">{endpoint.url}</h1>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {actionData?.intent === "other" ? <FormErrors errors={Object.values(actionData.result.error ?? {}).flat()} /> : null}
      <DetailList details={details} />
      <div className="flex flex-wrap gap-3">
        {active ? <IntentButton intent="test" label={t("Send test event")} tone="primary" /> : null}
        {active ? <IntentButton intent="disable" label={t("Turn off")} /> : <IntentButton intent="enable" label={t("Turn on")} tone="primary" />}
        <IntentButton intent="delete" label={t("Delete endpoint")} tone="danger" />
      </div>
      <section aria-labelledby="secret-title" className="card space-y-3">
        <h2 id="secret-title" className="text-xl font-semibold">
          {t("Signing secret")}
        </h2>
        <SigningSecret endpoint={endpoint} />
        <IntentButton intent="rotate" label={t("Rotate secret")} />
        <p className="text-sm text-slate-700">{t("A new secret signs from now on; the current one keeps signing beside it for 24 hours.")}</p>
      </section>
      <section aria-labelledby="settings-title" className="card">
        <h2 id="settings-title" className="mb-4 text-xl font-semibold">
          {t("Address and events")}
        </h2>
        <EndpointForm
          intent="save"
          lastResult={actionData?.intent === "save" ? actionData.result : undefined}
          development={development}
          defaults={{ url: endpoint.url, events: endpoint.eventTypes }}
        />
      </section>
      <section aria-labelledby="log-title" className="card">
        <h2 id="log-title" className="mb-1 text-xl font-semibold">
          {t("Delivery log")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">{t("The latest 25 messages, newest first, with every attempt. A failed one is tried again for about three days.")}</p>
        <DeliveryLog deliveries={endpoint.deliveries} canRedeliver={active} />
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
