import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { chatSupportOverview, getChatConversation, respondToChat } from "~/features/chat/chat.server";
import { invariantResponse } from "~/.server/invariant";
import { requireAdmin } from "~/http/guards.server";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { ChatConversation } from "~/features/chat/chat-conversation";
import { ErrorList, FormErrors, TextareaField } from "~/components/forms";
import { EmptyState, PaginationNav } from "~/components/list";
import { useLocale, useTimeZone } from "~/components/root-data";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { useHydrated } from "~/components/use-hydrated";
import { useAdminFeed } from "~/components/use-admin-feed";
import {
  ADMIN_LIST_POLL_MS,
  CHAT_LIMITS,
  CONVERSATION_POLL_MS,
  DEFAULT_ADMIN_NAME,
  isChatSessionId,
  SESSION_NOT_FOUND,
  type ChatSession,
} from "~/features/chat/chat";
import { ChatReplySchema } from "~/features/chat/chat-forms";
import { formatDateTime } from "~/domain/format";
import { pageParam } from "~/domain/pagination";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [
    { title: t("Chat Support | {{company}} Admin", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Answer visitors' support chats as they come in.") },
  ];
};

const PAGE = "/admin/chat-support";

const ReplyFormSchema = ChatReplySchema.extend({ sessionId: z.string().refine(isChatSessionId, SESSION_NOT_FOUND) });

/** The admin name lives in the address between replies (no JavaScript needed to keep it). */
function adminNameParam(params: URLSearchParams): string {
  const name = (params.get("adminName") ?? "").trim().slice(0, CHAT_LIMITS.adminName);
  return name || DEFAULT_ADMIN_NAME;
}

function pageHref({ session, adminName, page }: { session?: string | null; adminName: string; page?: number }): string {
  const params = new URLSearchParams();
  if (session) params.set("session", session);
  if (adminName !== DEFAULT_ADMIN_NAME) params.set("adminName", adminName);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${PAGE}?${query}` : PAGE;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const selectedId = params.get("session");
  const [overview, conversation] = await Promise.all([
    chatSupportOverview(context, { page: pageParam(params) }),
    selectedId ? getChatConversation(context, selectedId) : Promise.resolve(null),
  ]);
  invariantResponse(!selectedId || conversation, SESSION_NOT_FOUND, { status: 404 });
  return { ...overview, conversation, adminName: adminNameParam(params) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: ReplyFormSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const { sessionId, message, adminName } = submission.value;
  const outcome = await respondToChat(context, { sessionId, message, adminName, admin });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, pageHref({ session: sessionId, adminName }), outcome);
}

export default function ChatSupportPage() {
  const { sessions, counts, pagination, conversation, adminName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const adminNameErrors = actionData?.result.error?.adminName;
  const location = useLocation();
  const selectedId = conversation?.session.id ?? null;
  // Any session's change reloads the list and the open conversation; without a socket, polling (10 s with a conversation open, else 30 s).
  const { refresh, refreshing } = useAdminFeed("chat", selectedId ? CONVERSATION_POLL_MS : ADMIN_LIST_POLL_MS);
  return (
    <main id="main" className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">{t("Chat Support")}</h1>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="admin-name" className="label">
            {t("Admin name")}
          </label>
          <input
            id="admin-name"
            name="adminName"
            // It goes with the reply, whose form exists only while a conversation is open.
            form={conversation ? "chat-reply" : undefined}
            defaultValue={adminName}
            maxLength={CHAT_LIMITS.adminName}
            autoComplete="name"
            className="input"
            aria-invalid={adminNameErrors?.length ? true : undefined}
            aria-describedby={adminNameErrors?.length ? "admin-name-help admin-name-error" : "admin-name-help"}
          />
          <p id="admin-name-help" className="mt-1 text-sm text-slate-600">
            {t("Signs your replies.")}
          </p>
          <ErrorList id="admin-name-error" errors={adminNameErrors} />
        </div>
        <Link
          to={location.pathname + location.search}
          className="btn-secondary mb-7"
          onClick={(event) => {
            event.preventDefault();
            refresh();
          }}
          aria-busy={refreshing || undefined}
        >
          {t("Refresh")}
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Counter label={t("Needs Response")} value={counts.needsResponse} tone="text-amber-800" />
        <Counter label={t("Total Sessions")} value={counts.total} tone="text-slate-900" />
        <Counter label={t("Responded")} value={counts.responded} tone="text-green-800" />
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section aria-labelledby="sessions-title" className="card min-w-0 p-0">
          <h2 id="sessions-title" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">
            {t("Chat Sessions")}
          </h2>
          {sessions.length === 0 ? (
            <EmptyState headingLevel={3} title={t("No chat sessions yet")} hint={t("Conversations visitors start in the chat appear here.")} />
          ) : (
            <ul className="divide-y divide-slate-200">
              {sessions.map((session) => (
                <SessionItem key={session.id} session={session} selected={session.id === selectedId} href={pageHref({ session: session.id, adminName, page: pagination.page })} />
              ))}
            </ul>
          )}
          <PaginationNav pagination={pagination} label={t("Chat session pages")} />
        </section>
        {conversation ? <ConversationPane conversation={conversation} /> : <NoSelection />}
      </div>
    </main>
  );
}

function Counter({ label, value, tone }: { label: string; value: number; tone: string }) {
  const locale = useLocale();
  return (
    <div className="card flex flex-col-reverse">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className={`text-3xl font-bold ${tone}`}>{value.toLocaleString(locale)}</dd>
    </div>
  );
}

function SessionItem({ session, selected, href }: { session: ChatSession; selected: boolean; href: string }) {
  const { t } = useTranslation("admin");
  const timeZone = useTimeZone();
  const locale = useLocale();
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? "true" : undefined}
        className={`block px-4 py-3 hover:bg-slate-50 ${selected ? "bg-brand-50 outline outline-2 -outline-offset-2 outline-brand-600" : ""}`}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold">{session.name}</span>
          {session.needsResponse ? (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("Needs Response")}</span>
          ) : session.hasAdminResponse ? (
            <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t("Responded")}</span>
          ) : null}
        </span>
        <span className="block truncate text-sm text-slate-700">{session.email}</span>
        {session.lastMessage ? <span className="mt-1 block truncate text-sm text-slate-800">{session.lastMessage.message}</span> : null}
        <span className="mt-1 block text-xs text-slate-600">
          {t("{{count}} messages · {{time}}", { count: session.messageCount, time: formatDateTime(session.lastMessage?.timestamp ?? session.createdAt, timeZone, locale) })}
        </span>
      </Link>
    </li>
  );
}

function NoSelection() {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="no-selection" className="card flex min-h-64 flex-col items-center justify-center text-center">
      <h2 id="no-selection" className="mb-1 text-lg font-semibold">
        {t("Select a Chat Session")}
      </h2>
      <p className="text-slate-700">{t("Choose a conversation from the list to read it and reply.")}</p>
    </section>
  );
}

type Conversation = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["conversation"]>;

function ConversationPane({ conversation }: { conversation: Conversation }) {
  const { session, messages } = conversation;
  const { t } = useTranslation("admin");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const timeZone = useTimeZone();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "chat-reply",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint: getZodConstraint(ReplyFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplyFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Send is disabled while the reply is blank (and, through data-pending, while a reply is on its way).
  const [blank, setBlank] = useState(() => !String(fields.message.initialValue ?? "").trim());
  // A reply that went through empties the box; a refused one keeps it.
  const formRef = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !actionData) {
      formRef.current?.reset();
      setBlank(true);
    }
    wasSending.current = sending;
  }, [sending, actionData]);
  return (
    <section aria-labelledby="conversation-title" className="card flex min-w-0 flex-col gap-4">
      <div>
        <h2 id="conversation-title" className="text-lg font-semibold">
          {session.name}
        </h2>
        <p className="break-words text-sm text-slate-700">
          <WrapPoints text={session.email} />
        </p>
      </div>
      <ChatConversation messages={messages} timeZone={timeZone} visitorLabel={session.name} scrollable className="max-h-[32rem] pr-1" />
      <Form method="post" {...getFormProps(form)} ref={formRef} className="space-y-3 border-t border-slate-200 pt-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="sessionId" value={session.id} />
        <TextareaField
          label={t("Reply")}
          help={t("Response will be sent to {{email}}", { email: session.email })}
          textareaProps={{
            ...getTextareaProps(fields.message),
            rows: 4,
            maxLength: CHAT_LIMITS.message,
            onInput: (event) => setBlank(!event.currentTarget.value.trim()),
          }}
          errors={fields.message.errors}
        />
        <button type="submit" className="btn-primary" disabled={hydrated && blank} data-pending={t("Sending...")}>
          {t("Send Response")}
        </button>
      </Form>
    </section>
  );
}
