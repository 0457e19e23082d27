// /profile/api-keys: a customer's API keys (create, shown once; revoke).
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/guards.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { CustomerKeyActionSchema } from "~/features/api/api-keys";
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
    { title: t("API keys | {{company}}", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Create and revoke the keys your software uses with the API.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  return { keys: await listApiKeys(context.db, { kind: "customer", userId: user.id }) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(await request.formData(), { schema: CustomerKeyActionSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const owner = { kind: "customer" as const, userId: user.id };
  if (submission.value.intent === "revoke") {
    const outcome = await revokeApiKey(context, { actor: user, owner, keyId: submission.value.keyId });
    // The toast names the key: said in the reader's language here, where the words are known.
    const t = translator(await context.language(), "messages");
    return redirectWithOutcome(context.cloudflare.env, "/profile/api-keys", outcome.ok ? { ...outcome, message: t("Key {{prefix}}… revoked", { prefix: outcome.prefix }) } : outcome);
  }
  const outcome = await createApiKey(context, { owner: user, kind: "customer", name: submission.value.name });
  if (!outcome.ok) return formAnswer(submission, outcome);
  // Shown on this answer only: the key is never stored, so it cannot be shown again.
  return data({ result: null, created: { key: outcome.key, prefix: outcome.prefix, name: submission.value.name } }, { headers: { "Cache-Control": "no-store" } });
}

export default function ProfileApiKeysPage() {
  const { keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timeZone = useTimeZone();
  const { t } = useTranslation("developers");
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to="/profile" className="link">
          {t("Back to your profile")}
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold">{t("API keys")}</h1>
      <ApiKeyPanel
        keys={keys}
        created={actionData && "created" in actionData ? actionData.created : null}
        result={actionData?.result ?? null}
        withScopes={false}
        timeZone={timeZone}
      />
    </main>
  );
}
