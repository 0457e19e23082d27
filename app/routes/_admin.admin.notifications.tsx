import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { recentActivity } from "~/.server/admin-activity";
import { countAttention } from "~/.server/admin-attention";
import { useTimeZone } from "~/components/root-data";
import { formatDateTime } from "~/domain/format";
import { requireAdmin } from "~/http/guards.server";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: `Notifications | ${companyNameOf(matches)} Admin` },
  { name: "description", content: "What needs an admin: chats, contact messages, deletion requests and shipments in exception, and the latest account, invoice and settings changes." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [attention, activity] = await Promise.all([countAttention(context.db), recentActivity(context.db)]);
  return { ...attention, activity };
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

export default function NotificationsPage() {
  const attention = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const items = [
    {
      count: attention.chatsNeedingResponse,
      text: plural(attention.chatsNeedingResponse, "chat session needs a response", "chat sessions need a response"),
      to: "/admin/chat-support",
      link: "Open chat support",
    },
    {
      count: attention.unreadMessages,
      text: plural(attention.unreadMessages, "contact message is unread", "contact messages are unread"),
      to: "/admin/messages?state=unread",
      link: "Read the messages",
    },
    {
      count: attention.deletionRequests,
      text: plural(attention.deletionRequests, "user asked for their account to be deleted", "users asked for their accounts to be deleted"),
      to: "/admin/users?deletion=requested",
      link: "See the deletion requests",
    },
    {
      count: attention.exceptions,
      text: plural(attention.exceptions, "shipment is in exception", "shipments are in exception"),
      to: "/admin/shipments?status=exception",
      link: "See the shipments in exception",
    },
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Notifications</h1>
      <p className="text-slate-700">{attention.total === 0 ? "Nothing needs an admin right now." : plural(attention.total, "item needs an admin.", "items need an admin.")}</p>
      <ul className="grid max-w-4xl gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.to} className={`card space-y-2 ${item.count > 0 ? "border-amber-300" : ""}`}>
            <p className={`text-lg font-semibold ${item.count > 0 ? "text-amber-900" : "text-slate-700"}`}>{item.text}</p>
            <Link to={item.to} className="link text-sm">
              {item.link}
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="recent-activity" className="max-w-4xl space-y-2">
        <h2 id="recent-activity" className="text-lg font-semibold">
          Recent activity
        </h2>
        {attention.activity.length === 0 ? (
          <p className="text-slate-700">No account, invoice or settings changes yet.</p>
        ) : (
          <ul className="card divide-y divide-slate-200 p-0">
            {attention.activity.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                <span>
                  <span className="font-medium">{item.what}</span> <span className="text-slate-600">({item.entityId})</span>
                </span>
                <span className="text-slate-600">
                  {item.actorEmail ?? "system"}, {formatDateTime(item.createdAt, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
