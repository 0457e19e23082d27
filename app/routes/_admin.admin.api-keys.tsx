// /admin/api-keys: service keys with scopes (read, write, status updates) for the operator's
// systems and partner carriers; any admin may create and revoke them.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/http/guards.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { ServiceKeyActionSchema } from "~/features/api/api-keys";
import { createApiKey, listApiKeys, revokeApiKey } from "~/features/api/api-keys.server";
import { ApiKeyPanel } from "~/features/api/api-key-panel";
import { useTimeZone } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";
import { translator } from "~/features/languages/i18n.server";
import { useTranslation } from "react-i18next";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "developers");
  return [
    { title: t("API keys | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Service keys for the API, with their scopes.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return { keys: await listApiKeys(context.db, { kind: "service" }) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: ServiceKeyActionSchema });
  if (submission.status !== "success") return formAnswer(submission);
  if (submission.value.intent === "revoke") {
    const outcome = await revokeApiKey(context, { actor: admin, owner: { kind: "service" }, keyId: submission.value.keyId });
    // The toast names the key: said in the reader's language here, where the words are known.
    const t = translator(await context.language(), "messages");
    return redirectWithOutcome(context.cloudflare.env, "/admin/api-keys", outcome.ok ? { ...outcome, message: t("Key {{prefix}}… revoked", { prefix: outcome.prefix }) } : outcome);
  }
  const { name, scopes } = submission.value;
  const outcome = await createApiKey(context, { owner: admin, kind: "service", name, scopes });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return data({ result: null, created: { key: outcome.key, prefix: outcome.prefix, name } }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminApiKeysPage() {
  const { keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timeZone = useTimeZone();
  const { t } = useTranslation("developers");
  return (
    <main id="main" className="mx-auto w-full max-w-5xl p-6">
      <h1 className="mb-6 text-2xl font-bold">{t("API keys")}</h1>
      <ApiKeyPanel keys={keys} created={actionData && "created" in actionData ? actionData.created : null} result={actionData?.result ?? null} withScopes timeZone={timeZone} />
    </main>
  );
}
