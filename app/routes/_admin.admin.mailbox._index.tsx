import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { listMail } from "~/features/mail/mailbox.server";
import { MAIL_STATUS_LABELS, MAIL_STATUS_MEANINGS, MAIL_STATUSES, type MailStatus } from "~/features/mail/mail-status";
import { MailStatusBadge } from "~/features/mail/mail-status-badge";
import { sendsMail } from "~/features/mail/provider.server";
import { requireAdmin } from "~/http/guards.server";
import { DataTable, EmptyState, FilterBar, PaginationNav, type Column } from "~/components/list";
import { useLocale, useTimeZone } from "~/components/root-data";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { formatDateTime } from "~/domain/format";
import { oneOf, searchParam } from "~/domain/list-filters";
import { pageParam } from "~/domain/pagination";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Mailbox | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Every mail the site sends, waiting, sent or failed, with retries.") },
  ];
};

const MAILBOX = "/admin/mailbox";
const RETRY_ALL = "/admin/mailbox/retry";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = { search: searchParam(params), status: oneOf(["all", ...MAIL_STATUSES] as const, params.get("status"), "all"), page: pageParam(params) };
  const list = await listMail(context.db, filters);
  return { filters, ...list, sending: sendsMail(context.cloudflare.env) };
}

type MailRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function MailboxPage() {
  const { filters, rows, pagination, counts, sending } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const location = useLocation();
  const waiting = counts.failed + counts.dead;
  const filtered = (status: MailStatus | "all") => {
    const params = new URLSearchParams({ ...(filters.search ? { search: filters.search } : {}), ...(status === "all" ? {} : { status }) });
    return `${MAILBOX}${params.size > 0 ? `?${params}` : ""}`;
  };
  const columns: Column<MailRow>[] = [
    { label: t("To"), className: "break-words", cell: (mail) => <WrapPoints text={mail.toAddress} /> },
    {
      label: t("Subject"),
      rowHeader: true,
      cell: (mail) => (
        <Link to={`${MAILBOX}/${mail.id}`} className="link">
          {mail.subject}
        </Link>
      ),
    },
    { label: t("Kind"), cell: (mail) => mail.kind },
    { label: t("Status"), cell: (mail) => <MailStatusBadge status={mail.status} /> },
    { label: t("Attempts"), cell: (mail) => mail.attempts.toLocaleString(locale) },
    { label: t("Last error"), className: "break-words", cell: (mail) => mail.lastError ?? "-" },
    { label: t("Written"), className: "whitespace-nowrap", cell: (mail) => formatDateTime(mail.createdAt, timeZone, locale) },
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">{t("Mailbox")}</h1>
      <p className="max-w-3xl text-slate-700">
        {t("Every mail the app writes, newest first.")}{" "}
        {sending
          ? t("Mail leaves through the mail provider within seconds; a failed send is tried again after 1, 2, 4 ... seconds, for about an hour, and is then dead until it is retried here.")
          : t("No mail provider is configured, so mail stays here: open one to read it and follow its links.")}
      </p>
      <section aria-labelledby="mail-states" className="card space-y-3">
        <h2 id="mail-states" className="text-lg font-semibold">
          {t("By state")}
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {MAIL_STATUSES.map((status) => (
            <li key={status}>
              <Link to={filtered(status)} className="link" aria-current={filters.status === status ? "page" : undefined}>
                {t("{{state}}: {{number}}", { state: t(MAIL_STATUS_LABELS[status]), number: counts[status].toLocaleString(locale) })}
              </Link>
              <span className="text-sm text-slate-600"> ({t(MAIL_STATUS_MEANINGS[status])})</span>
            </li>
          ))}
        </ul>
        {sending && waiting > 0 ? (
          <Form method="post" action={RETRY_ALL}>
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" name="intent" value="retry-all" className="btn-primary" data-pending={t("Retrying...")}>
              {t("Retry all failed and dead mail ({{waiting}})", { waiting: waiting.toLocaleString(locale) })}
            </button>
          </Form>
        ) : null}
      </section>
      <section aria-label={t("Outgoing mail")} className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <FilterBar id="mailbox" label={t("Mailbox")} search={{ label: t("Recipient"), value: filters.search, placeholder: "name@example.com" }}>
            <div>
              <label htmlFor="mailbox-status" className="label">
                {t("Status")}
              </label>
              <select id="mailbox-status" name="status" defaultValue={filters.status} className="input">
                <option value="all">{t("All states")}</option>
                {MAIL_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(MAIL_STATUS_LABELS[status])}
                  </option>
                ))}
              </select>
            </div>
          </FilterBar>
        </div>
        {rows.length === 0 ? (
          filters.search || filters.status !== "all" ? (
            <EmptyState headingLevel={2} title={t("No mail found")} hint={t("No mail to that address in that state.")} />
          ) : (
            <EmptyState headingLevel={2} title={t("No mail yet")} hint={t("Mail the app writes appears here.")} />
          )
        ) : (
          <DataTable caption={t("Outgoing mail, newest first")} columns={columns} rows={rows} rowKey={(mail) => mail.id} />
        )}
        <PaginationNav pagination={pagination} label={t("Mailbox pages")} />
      </section>
    </main>
  );
}
