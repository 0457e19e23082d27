import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { listMail } from "~/.server/mailbox";
import { requireAdmin } from "~/.server/session";
import { Pagination } from "~/components/pagination";
import { useTimeZone } from "~/components/root-data";
import { formatDateTime } from "~/domain/format";
import { pageParam } from "~/domain/pagination";

export const meta: MetaFunction = () => [{ title: "Mailbox | SwiftParcel Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const to = (url.searchParams.get("to") ?? "").trim();
  const page = pageParam(url.searchParams);
  const { rows, window } = await listMail(context.db, { to, page });
  return { mails: rows, pages: window, to, sending: Boolean(context.cloudflare.env.MAIL_ENDPOINT) };
}

const STATUS_STYLES = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
} as const;

export default function MailboxPage() {
  const { mails, pages, to, sending } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Mailbox</h1>
      <p className="max-w-3xl text-slate-700">
        Every mail the app writes, newest first.{" "}
        {sending
          ? "Mail is delivered through the configured mail endpoint; pending mail is retried every five minutes."
          : "No mail endpoint is configured, so mail stays here: open one to read it and follow its links."}
      </p>
      <Form method="get" role="search" aria-label="Mailbox" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="mailbox-to" className="label">
            Recipient
          </label>
          <input id="mailbox-to" name="to" type="search" defaultValue={to} className="input w-72" placeholder="name@example.com" />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {mails.length === 0 ? (
        <p className="card text-slate-700">{to ? "No mail to that address." : "No mail yet."}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Outgoing mail, newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  To
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Subject
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Kind
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Written
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {mails.map((mail) => (
                <tr key={mail.id}>
                  <td className="px-4 py-2">{mail.toAddress}</td>
                  <td className="px-4 py-2">
                    <Link to={`/admin/mailbox/${mail.id}`} className="link">
                      {mail.subject}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{mail.kind}</td>
                  <td className="px-4 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[mail.status]}`}>{mail.status}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-2">{formatDateTime(mail.createdAt, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination window={pages} label="Mailbox pages" />
    </main>
  );
}
