import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { confirmNewsletter, isConfirmationLinkValid } from "~/features/site/newsletter.server";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { INVALID_CONFIRMATION_LINK, NEWSLETTER_LINK_DAYS } from "~/features/accounts/one-time-links";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf, FALLBACK_COMPANY_NAME } from "~/components/company-name";
import { useRootData } from "~/components/root-data";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

// Indexable like every public page (the SEO budget): a crawler that follows a link only ever
// sees the button, and a GET never confirms anything.
export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "site");
  const company = companyNameOf(matches);
  return [
    { title: t("Confirm Your Subscription | {{company}}", { company }) },
    { name: "description", content: t("Confirm your subscription to the {{company}} newsletter: shipping tips and service news, about once a month.", { company }) },
  ];
};

/** A token is 43 characters; anything far longer is no token of ours. */
const ConfirmSchema = z.object({ token: z.string().min(1).max(200) });

// Opening the link only shows the button: mail scanners and link previews fetch links, and a
// GET must never subscribe anyone (or write at all).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token.length <= 200 && (await isConfirmationLinkValid(context.db, token));
  if (!valid) return data({ token: null }, { status: 400 });
  return { token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ConfirmSchema });
  if (submission.status !== "success") return data({ invalid: true }, { status: 400 });
  const outcome = await confirmNewsletter(context, { token: submission.value.token });
  if (!outcome.ok) return data({ invalid: true }, refusalInit(outcome));
  return redirectWithOutcome(context.cloudflare.env, "/", outcome);
}

export default function ConfirmNewsletterPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["site", "messages"]);
  const companyName = useRootData()?.site.companyName ?? FALLBACK_COMPANY_NAME;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Confirm Your Subscription")}</h1>
      {token && !actionData?.invalid ? (
        <Form method="post" className="card space-y-4">
          <p className="text-slate-700">
            {t("Press the button to get the {{company}} newsletter at the address this link was mailed to: shipping tips and service news, about once a month.", {
              company: companyName,
            })}
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary w-full" data-pending={t("Confirming...")}>
            {t("Confirm Subscription")}
          </button>
        </Form>
      ) : (
        <div className="card space-y-3" role="alert">
          <p className="font-medium text-red-800">{t(INVALID_CONFIRMATION_LINK, { ns: "messages" })}</p>
          <p className="text-slate-700">
            {t("Each link works once, within {{count}} days. Subscribe again and use the latest mail.", { count: NEWSLETTER_LINK_DAYS })}
          </p>
          <Link to="/newsletter" className="btn-primary">
            {t("Subscribe Again")}
          </Link>
        </div>
      )}
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
