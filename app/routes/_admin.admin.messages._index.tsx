import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { listContactMessages } from "~/.server/contact";
import { requireAdmin } from "~/.server/session";
import { MessageStateBadge } from "~/components/message-state-badge";
import { Pagination } from "~/components/pagination";
import { useTimeZone } from "~/components/root-data";
import { contactTypeLabel } from "~/domain/contact-form";
import { MAX_MESSAGE_SEARCH, MESSAGE_STATE_LABELS, MESSAGE_STATES, messageState, parseMessageFilters } from "~/domain/contact-message-filters";
import { formatDateTime } from "~/domain/format";

export const meta: MetaFunction = () => [{ title: "Messages | SwiftParcel Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filters = parseMessageFilters(new URL(request.url).searchParams);
  const { rows, window } = await listContactMessages(context.db, filters);
  return { messages: rows, pages: window, filters };
}

export default function MessagesPage() {
  const { messages, pages, filters } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const filtered = filters.q !== "" || filters.state !== "all";
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Messages</h1>
      <p className="max-w-3xl text-slate-700">Messages sent with the contact form: unread first, then newest first. Open one to read it and reply.</p>
      <Form method="get" role="search" aria-label="Messages" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="messages-q" className="label">
            Name, e-mail or subject
          </label>
          <input id="messages-q" name="q" type="search" defaultValue={filters.q} maxLength={MAX_MESSAGE_SEARCH} className="input w-72" />
        </div>
        <div>
          <label htmlFor="messages-state" className="label">
            Show
          </label>
          <select id="messages-state" name="state" defaultValue={filters.state} className="input">
            {MESSAGE_STATES.map((state) => (
              <option key={state} value={state}>
                {MESSAGE_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {messages.length === 0 ? (
        <p className="card text-slate-700">{filtered ? "No messages match. Try adjusting your search criteria." : "No messages yet."}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Contact messages, unread first, then newest first</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {["From", "Subject", "Type", "Received", "Status"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {messages.map((message) => {
                const state = messageState(message);
                return (
                  <tr key={message.id} className={state === "unread" ? "bg-brand-50/60" : undefined}>
                    <td className="px-4 py-2">
                      <span className={`block ${state === "unread" ? "font-semibold" : ""}`}>{message.name}</span>
                      <span className="text-slate-700">{message.email}</span>
                    </td>
                    <td className="px-4 py-2">
                      <Link to={`/admin/messages/${message.id}`} className={`link ${state === "unread" ? "font-semibold" : "font-normal"}`}>
                        {message.subject}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{contactTypeLabel(message.type)}</td>
                    <td className="whitespace-nowrap px-4 py-2">{formatDateTime(message.createdAt, timeZone)}</td>
                    <td className="px-4 py-2">
                      <MessageStateBadge state={state} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination window={pages} label="Message pages" />
    </main>
  );
}
