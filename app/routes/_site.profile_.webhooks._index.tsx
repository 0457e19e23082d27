import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { isLocalDevelopment } from "~/.server/deployment";
import { companyNameOf } from "~/components/company-name";
import { createEndpoint, listEndpoints } from "~/features/webhooks/webhook-endpoints.server";
import { endpointFieldsSchema, MAX_ENDPOINTS } from "~/features/webhooks/webhook-forms";
import { EndpointForm, EndpointList } from "~/features/webhooks/webhook-pages";
import { requireWebhookOwner } from "~/http/guards.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "developers");
  return [
    { title: t("Webhooks | {{company}}", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Webhook endpoints: signed messages to your server when your shipments change.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const owner = await requireWebhookOwner(context, request);
  return {
    scope: owner.scope,
    endpoints: await listEndpoints(context.db, owner),
    development: isLocalDevelopment(context.cloudflare.env),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const owner = await requireWebhookOwner(context, request);
  const submission = parseWithZod(await request.formData(), { schema: endpointFieldsSchema(isLocalDevelopment(context.cloudflare.env), "create") });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await createEndpoint(context, { owner, url: submission.value.url, eventTypes: submission.value.events });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, outcome.redirectTo, outcome);
}

export default function WebhooksPage() {
  const { scope, endpoints, development } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("developers");
  const basePath = scope === "all" ? "/admin/webhooks" : "/profile/webhooks";
  return (
    <main id="main" className={scope === "all" ? "space-y-6 p-6" : "mx-auto max-w-4xl space-y-6 px-4 py-10"}>
      {scope === "own" ? (
        <Link to="/profile" className="link text-sm">
          {t("Back to your profile")}
        </Link>
      ) : null}
      <div>
        <h1 className="text-3xl font-bold">Webhooks</h1>
        <p className="mt-1 text-slate-700">
          {scope === "all"
            ? t("Endpoints here receive the events of every shipment and invoice. Every admin manages them.")
            : t("Your server receives a signed message when one of your shipments or invoices changes.")}
        </p>
      </div>
      <section aria-labelledby="endpoints-title" className="card">
        <h2 id="endpoints-title" className="mb-3 text-xl font-semibold">
          {t("Endpoints")}
        </h2>
        <EndpointList endpoints={endpoints} basePath={basePath} />
      </section>
      <section aria-labelledby="add-title" className="card">
        <h2 id="add-title" className="mb-1 text-xl font-semibold">
          {t("Add an endpoint")}
        </h2>
        <p className="mb-4 text-sm text-slate-700">{t("At most {{max}} endpoints. Each gets its own signing secret.", { max: MAX_ENDPOINTS })}</p>
        <EndpointForm intent="create" lastResult={actionData?.result} development={development} />
      </section>
    </main>
  );
}
