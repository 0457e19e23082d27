import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { z } from "zod";
import { redirectWithOutcome } from "~/http/replies.server";
import { unsubscribeAddress, unsubscribeLink } from "~/features/mail/unsubscribe.server";
import { INVALID_UNSUBSCRIBE_LINK, MAIL_STILL_SENT } from "~/features/mail/unsubscribe";
import type { ScriptsHandle } from "~/components/page-scripts";
import { UnsubscribeForm } from "~/features/mail/unsubscribe-form";
import { companyNameOf } from "~/components/company-name";
import { FormErrors, useMessages } from "~/components/forms";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, "tracking")("Stop parcel e-mail | {{company}}", { company: companyNameOf(matches) }) },
  { name: "robots", content: "noindex" },
];

// The link in parcel updates and newsletters opens this page; only its button unsubscribes, so
// a mail scanner that fetches the link changes nothing. A mail client's POST of RFC 8058's
// List-Unsubscribe=One-Click (the List-Unsubscribe-Post header of the same mail) unsubscribes too.
const UnsubscribeSchema = z.union([
  z.object({ intent: z.literal("unsubscribe") }),
  z.object({ "List-Unsubscribe": z.literal("One-Click") }).transform(() => ({ intent: "unsubscribe" as const })),
]);

export async function loader({ context, params }: LoaderFunctionArgs) {
  const link = await unsubscribeLink(context, params.token ?? "");
  return link ? { link } : data({ link: null }, { status: 404 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const submission = parseWithZod(await request.formData(), { schema: UnsubscribeSchema });
  if (submission.status !== "success") return data({ error: "Please use the button on this page." }, { status: 400 });
  const outcome = await unsubscribeAddress(context, { token });
  if (!outcome.ok) return data({ error: outcome.message ?? "" }, { status: 404 });
  return redirectWithOutcome(context.cloudflare.env, `/unsubscribe/${encodeURIComponent(token)}`, outcome, { status: 303 });
}

export default function UnsubscribePage() {
  const { link } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation("tracking");
  const message = useMessages();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("Stop parcel e-mail")}</h1>
      <div className="card space-y-4">
        <FormErrors errors={refusal && "error" in refusal ? [refusal.error] : undefined} />
        {!link ? (
          <>
            <p className="text-slate-800">{message(INVALID_UNSUBSCRIBE_LINK)}</p>
            <Link to="/" className="btn-secondary">
              {t("Go Home")}
            </Link>
          </>
        ) : link.suppressed ? (
          <p className="text-slate-800">
            {`${t("{{email}} gets no more parcel updates or newsletters from us.", { email: link.email })} ${t(MAIL_STILL_SENT)}`}
          </p>
        ) : (
          <>
            <p className="text-slate-800">
              {`${t("Stop parcel updates and newsletters to {{email}}?", { email: link.email })} ${t(MAIL_STILL_SENT)}`}
            </p>
            <UnsubscribeForm />
          </>
        )}
      </div>
    </main>
  );
}
