import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listContactMessages } from "~/features/contact/contact.server";
import { requireAdmin } from "~/http/guards.server";
import { DataTable, EmptyState, FilterBar, PaginationNav, type Column } from "~/components/list";
import { MessageStateBadge } from "~/features/contact/message-state-badge";
import { useLocale, useTimeZone } from "~/components/root-data";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { contactTypeLabel } from "~/features/contact/contact-form";
import { MESSAGE_STATE_LABELS, MESSAGE_STATES, messageState, parseMessageFilters } from "~/features/contact/contact-message-filters";
import { formatDateTime } from "~/domain/format";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Messages | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Contact messages from the site, by state and type.") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filters = parseMessageFilters(new URL(request.url).searchParams);
  const list = await listContactMessages(context.db, filters);
  return { filters, ...list };
}

type MessageRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function MessagesPage() {
  const { filters, rows, pagination } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const columns: Column<MessageRow>[] = [
    {
      label: t("Subject"),
      rowHeader: true,
      cell: (message) => (
        <Link to={`/admin/messages/${message.id}`} className={`link ${messageState(message) === "unread" ? "font-bold" : "font-normal"}`}>
          {message.subject}
        </Link>
      ),
    },
    {
      label: t("From"),
      className: "break-words",
      cell: (message) => (
        <span>
          <span className="block font-medium">{message.name}</span>
          <span className="text-slate-700">
            <WrapPoints text={message.email} />
          </span>
        </span>
      ),
    },
    { label: t("Type"), cell: (message) => contactTypeLabel(message.type) },
    { label: t("Received"), className: "whitespace-nowrap", cell: (message) => formatDateTime(message.createdAt, timeZone, locale) },
    { label: t("Status"), cell: (message) => <MessageStateBadge state={messageState(message)} /> },
  ];
  const filtered = filters.search !== "" || filters.state !== "all";
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">{t("Messages")}</h1>
      <p className="max-w-3xl text-slate-700">{t("Messages sent with the contact form: unread first, then newest first. Open one to read it and reply.")}</p>
      <section aria-label={t("Contact messages")} className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <FilterBar id="messages" label={t("Messages")} search={{ label: t("Name, e-mail or subject"), value: filters.search }}>
            <div>
              <label htmlFor="messages-state" className="label">
                {t("Show")}
              </label>
              <select id="messages-state" name="state" defaultValue={filters.state} className="input">
                {MESSAGE_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(MESSAGE_STATE_LABELS[state])}
                  </option>
                ))}
              </select>
            </div>
          </FilterBar>
        </div>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState headingLevel={2} title={t("No messages found")} hint={t("Try adjusting your search criteria.")} />
          ) : (
            <EmptyState headingLevel={2} title={t("No messages yet")} hint={t("Messages sent with the contact form appear here.")} />
          )
        ) : (
          <DataTable caption={t("Contact messages, unread first, then newest first")} columns={columns} rows={rows} rowKey={(message) => message.id} />
        )}
        <PaginationNav pagination={pagination} label={t("Message pages")} />
      </section>
    </main>
  );
}
