import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listMail } from "~/features/mail/mailbox.server";
import { requireAdmin } from "~/http/guards.server";
import { DataTable, EmptyState, FilterBar, PaginationNav, type Column } from "~/components/list";
import { useTimeZone } from "~/components/root-data";
import { formatDateTime } from "~/domain/format";
import { searchParam } from "~/domain/list-filters";
import { pageParam } from "~/domain/pagination";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [{ title: `Mailbox | ${companyNameOf(matches)} Admin` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filters = { search: searchParam(params), page: pageParam(params) };
  const list = await listMail(context.db, filters);
  return { filters, ...list, sending: Boolean(context.cloudflare.env.MAIL_ENDPOINT) };
}

const STATUS_STYLES = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
} as const;

type MailRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function MailboxPage() {
  const { filters, rows, pagination, sending } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const columns: Column<MailRow>[] = [
    { label: "To", className: "break-words", cell: (mail) => <WrapPoints text={mail.toAddress} /> },
    {
      label: "Subject",
      rowHeader: true,
      cell: (mail) => (
        <Link to={`/admin/mailbox/${mail.id}`} className="link">
          {mail.subject}
        </Link>
      ),
    },
    { label: "Kind", cell: (mail) => mail.kind },
    {
      label: "Status",
      cell: (mail) => <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[mail.status]}`}>{mail.status}</span>,
    },
    { label: "Written", className: "whitespace-nowrap", cell: (mail) => formatDateTime(mail.createdAt, timeZone) },
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Mailbox</h1>
      <p className="max-w-3xl text-slate-700">
        Every mail the app writes, newest first.{" "}
        {sending
          ? "Mail is delivered through the configured mail endpoint; pending mail is retried every five minutes."
          : "No mail endpoint is configured, so mail stays here: open one to read it and follow its links."}
      </p>
      <section aria-label="Outgoing mail" className="card p-0">
        <div className="border-b border-slate-200 p-6">
          <FilterBar id="mailbox" label="Mailbox" search={{ label: "Recipient", value: filters.search, placeholder: "name@example.com" }} />
        </div>
        {rows.length === 0 ? (
          filters.search ? (
            <EmptyState headingLevel={2} title="No mail found" hint="No mail to that address." />
          ) : (
            <EmptyState headingLevel={2} title="No mail yet" hint="Mail the app writes appears here." />
          )
        ) : (
          <DataTable caption="Outgoing mail, newest first" columns={columns} rows={rows} rowKey={(mail) => mail.id} />
        )}
        <PaginationNav pagination={pagination} label="Mailbox pages" />
      </section>
    </main>
  );
}
