import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessages } from "~/components/forms";
import { metaT } from "~/features/languages/translate";
import { z } from "zod";
import { redirectWithOutcome } from "~/http/replies.server";
import { confirmSubscription, getSubscriptionLink, unsubscribe } from "~/features/tracking/tracking-subscriptions.server";
import type { ScriptsHandle } from "~/components/page-scripts";
import { UnsubscribeForm } from "~/features/mail/unsubscribe-form";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, "tracking")("Parcel updates by e-mail | {{company}}", { company: companyNameOf(matches) }) },
  { name: "robots", content: "noindex" },
];

// The link mailed to confirm or to stop a parcel's updates opens this page; only its buttons
// change anything, so a mail scanner that fetches the link confirms and cancels nothing.
// A POST of RFC 8058's List-Unsubscribe=One-Click unsubscribes too, so a mail sender that adds
// the List-Unsubscribe headers to the outbox's mail needs nothing more here.
const LinkActionSchema = z.union([
  z.object({ intent: z.enum(["confirm", "unsubscribe"]) }),
  z.object({ "List-Unsubscribe": z.literal("One-Click") }).transform(() => ({ intent: "unsubscribe" as const })),
]);

export async function loader({ context, params }: LoaderFunctionArgs) {
  const link = await getSubscriptionLink(context.db, params.token ?? "");
  return link ? { link } : data({ link: null }, { status: 404 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const submission = parseWithZod(await request.formData(), { schema: LinkActionSchema });
  if (submission.status !== "success") return data({ error: "Please use the buttons on this page." }, { status: 400 });
  const language = await context.language();
  const outcome =
    submission.value.intent === "confirm" ? await confirmSubscription(context, { token, language }) : await unsubscribe(context, { token, language });
  const to = outcome.ok ? `/track/${encodeURIComponent(outcome.trackingId)}` : `/tracking-updates/${encodeURIComponent(token)}`;
  return redirectWithOutcome(context.cloudflare.env, to, outcome);
}

export default function TrackingUpdatesPage() {
  const { link } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useTranslation("tracking");
  const message = useMessages();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("Parcel updates by e-mail")}</h1>
      <div className="card space-y-4">
        {refusal && "error" in refusal ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {message(refusal.error)}
          </p>
        ) : null}
        {!link ? (
          <>
            <p className="text-slate-800">{t("This link is no longer valid. It may have expired, or the updates were stopped already.")}</p>
            <Link to="/track" className="btn-secondary">
              {t("Track a parcel")}
            </Link>
          </>
        ) : link.status === "pending" ? (
          <>
            <p className="text-slate-800">
              {t("Send an e-mail to {{email}} each time parcel {{trackingId}} changes status?", { email: link.email, trackingId: link.trackingId })}
            </p>
            <Form method="post" className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="confirm" className="btn-primary">
                {t("Confirm")}
              </button>
              <button type="submit" name="intent" value="unsubscribe" className="btn-secondary">
                {t("No, thanks")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <p className="text-slate-800">
              {t("{{email}} gets an e-mail each time parcel {{trackingId}} changes status.", { email: link.email, trackingId: link.trackingId })}
            </p>
            <UnsubscribeForm />
          </>
        )}
        {link ? (
          <p className="text-sm text-slate-700">
            <Link to={`/track/${encodeURIComponent(link.trackingId)}`} className="link">
              {t("Track parcel {{trackingId}}", { trackingId: link.trackingId })}
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
