import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { recentActivity } from "~/.server/admin-activity";
import { countAttention } from "~/.server/admin-attention";
import { useLocale, useTimeZone } from "~/components/root-data";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { formatDateTime } from "~/domain/format";
import { requireAdmin } from "~/http/guards.server";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Notifications | {{company}} Admin", { company: companyNameOf(matches) }) },
    {
      name: "description",
      content: t("What needs an admin: chats, contact messages, deletion requests and shipments in exception, and the latest account, invoice and settings changes."),
    },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [attention, activity] = await Promise.all([countAttention(context.db), recentActivity(context.db)]);
  return { ...attention, activity };
}

export default function NotificationsPage() {
  const attention = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  const items = [
    {
      count: attention.chatsNeedingResponse,
      text: t("{{count}} chat sessions need a response", { count: attention.chatsNeedingResponse }),
      to: "/admin/chat-support",
      link: t("Open chat support"),
    },
    {
      count: attention.unreadMessages,
      text: t("{{count}} contact messages are unread", { count: attention.unreadMessages }),
      to: "/admin/messages?state=unread",
      link: t("Read the messages"),
    },
    {
      count: attention.deletionRequests,
      text: t("{{count}} users asked for their accounts to be deleted", { count: attention.deletionRequests }),
      to: "/admin/users?deletion=requested",
      link: t("See the deletion requests"),
    },
    {
      count: attention.exceptions,
      text: t("{{count}} shipments are in exception", { count: attention.exceptions }),
      to: "/admin/shipments?status=exception",
      link: t("See the shipments in exception"),
    },
  ];
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">{t("Notifications")}</h1>
      <p className="text-slate-700">{attention.total === 0 ? t("Nothing needs an admin right now.") : t("{{count}} items need an admin.", { count: attention.total })}</p>
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
          {t("Recent activity")}
        </h2>
        {attention.activity.length === 0 ? (
          <p className="text-slate-700">{t("No account, invoice or settings changes yet.")}</p>
        ) : (
          <ul className="card divide-y divide-slate-200 p-0">
            {attention.activity.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                <span>
                  <span className="font-medium">{t(item.what)}</span> <span className="text-slate-600">({item.entityId})</span>
                </span>
                <span className="text-slate-600">
                  {t("{{who}}, {{time}}", { who: item.actorEmail ?? t("system"), time: formatDateTime(item.createdAt, timeZone, locale) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
