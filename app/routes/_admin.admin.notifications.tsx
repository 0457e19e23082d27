import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { countAttention } from "~/.server/admin-attention";
import { requireAdmin } from "~/http/guards.server";

export const meta: MetaFunction = () => [
  { title: "Notifications | SwiftParcel Admin" },
  { name: "description", content: "What needs an admin: chats, contact messages, deletion requests and shipments in exception." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return countAttention(context.db);
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

export default function NotificationsPage() {
  const attention = useLoaderData<typeof loader>();
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
    </main>
  );
}
