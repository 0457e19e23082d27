import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { getMail } from "~/features/mail/mailbox.server";
import { requireAdmin } from "~/http/guards.server";
import { DetailList } from "~/components/detail-list";
import { useTimeZone } from "~/components/root-data";
import { formatDateTime } from "~/domain/format";
import { HIDDEN_TOKEN, hasHiddenToken } from "~/features/accounts/one-time-links";
import { invariantResponse } from "~/.server/invariant";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: `${data?.mail.subject ?? "Mail"} | ${companyNameOf(matches)} Admin` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const mail = await getMail(context.db, params.id ?? "");
  invariantResponse(mail, "Mail not found", { status: 404 });
  return { mail };
}

export default function MailPage() {
  const { mail } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const details: [string, string][] = [
    ["To", mail.toAddress],
    ["Kind", mail.kind],
    ["Status", mail.status],
    ["Written", formatDateTime(mail.createdAt, timeZone)],
    ["Attempts", String(mail.attempts)],
    ...(mail.sentAt ? ([["Sent", formatDateTime(mail.sentAt, timeZone)]] as [string, string][]) : []),
    ...(mail.lastError ? ([["Last error", mail.lastError]] as [string, string][]) : []),
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <Link to="/admin/mailbox" className="link text-sm">
        Back to the mailbox
      </Link>
      <article className="card max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">{mail.subject}</h1>
        <DetailList details={details} />
        <div className="whitespace-pre-wrap [overflow-wrap:anywhere] border-t border-slate-200 pt-4 text-slate-900">
          <LinkedText text={mail.body} />
        </div>
        {mail.body.includes(HIDDEN_TOKEN) ? (
          <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">
            One-time links are shown with their token {HIDDEN_TOKEN}: only the recipient can open them.
          </p>
        ) : null}
      </article>
    </main>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its web addresses as links (only http and https ones, and none whose token is hidden). */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
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
