import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { getMail, retryMail } from "~/features/mail/mailbox.server";
import { WEB_ADDRESS } from "~/features/mail/mail-html";
import { MAIL_STATUS_LABELS, MAIL_STATUS_MEANINGS, RETRIABLE } from "~/features/mail/mail-status";
import { MailStatusBadge } from "~/features/mail/mail-status-badge";
import { sendsMail } from "~/features/mail/provider.server";
import { requireAdmin } from "~/http/guards.server";
import { redirectWithOutcome } from "~/http/replies.server";
import { refused } from "~/.server/outcome";
import { DetailList } from "~/components/detail-list";
import { useLocale, useTimeZone } from "~/components/root-data";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { formatDateTime } from "~/domain/format";
import { HIDDEN_TOKEN, hasHiddenToken } from "~/features/accounts/one-time-links";
import { invariantResponse } from "~/.server/invariant";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("{{subject}} | {{company}} Admin", { subject: data?.mail.subject ?? t("Mail"), company: companyNameOf(matches) }) },
    { name: "description", content: t("One mail of the site's mailbox, sent or waiting.") },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const mail = await getMail(context.db, params.id ?? "");
  invariantResponse(mail, "Mail not found", { status: 404 });
  return { mail, sending: sendsMail(context.cloudflare.env) };
}

/** "Retry": a failed or dead mail goes to the queue again. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const id = params.id ?? "";
  const here = `/admin/mailbox/${encodeURIComponent(id)}`;
  const env = context.cloudflare.env;
  if ((await request.formData()).get("intent") !== "retry") return redirectWithOutcome(env, here, refused("invalid", "Please use the buttons on this page."), { status: 303 });
  const outcome = await retryMail(context, { id });
  return redirectWithOutcome(env, outcome.ok || outcome.reason !== "not-found" ? here : "/admin/mailbox", outcome, { status: 303 });
}

export default function MailPage() {
  const { mail, sending } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const details: [string, string][] = [
    [t("To"), mail.toAddress],
    [t("Kind"), mail.kind],
    [t("Status"), t("{{state}}: {{meaning}}", { state: t(MAIL_STATUS_LABELS[mail.status]), meaning: t(MAIL_STATUS_MEANINGS[mail.status]) })],
    [t("Written"), formatDateTime(mail.createdAt, timeZone, locale)],
    ...(mail.handedOverAt ? ([[t("Handed to the queue"), formatDateTime(mail.handedOverAt, timeZone, locale)]] as [string, string][]) : []),
    [t("Attempts"), mail.attempts.toLocaleString(locale)],
    ...(mail.status === "failed" ? ([[t("Next attempt"), formatDateTime(mail.nextAttemptAt, timeZone, locale)]] as [string, string][]) : []),
    ...(mail.sentAt ? ([[t("Sent"), formatDateTime(mail.sentAt, timeZone, locale)]] as [string, string][]) : []),
    ...(mail.lastError ? ([[t("Last error"), mail.lastError]] as [string, string][]) : []),
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/mailbox" className="link text-sm">
        {t("Back to the mailbox")}
      </Link>
      <article className="card max-w-3xl space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold">{mail.subject}</h1>
          <MailStatusBadge status={mail.status} />
        </div>
        <DetailList details={details} />
        {sending && RETRIABLE.includes(mail.status) ? (
          <Form method="post">
            <button type="submit" name="intent" value="retry" className="btn-primary" data-pending={t("Retrying...")}>
              {t("Retry")}
            </button>
          </Form>
        ) : null}
        <div className="whitespace-pre-wrap [overflow-wrap:anywhere] border-t border-slate-200 pt-4 text-slate-900">
          <LinkedText text={mail.body} />
        </div>
        {mail.body.includes(HIDDEN_TOKEN) ? (
          <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">
            {t("One-time links are shown with their token {{token}}: only the recipient can open them.", { token: HIDDEN_TOKEN })}
          </p>
        ) : null}
      </article>
    </main>
  );
}

/** Plain text with its web addresses as links (only http and https ones, and none whose token is hidden). */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(WEB_ADDRESS).map((part, index) =>
        index % 2 === 1 && !hasHiddenToken(part) ? (
          <a key={index} href={part} className="link">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
