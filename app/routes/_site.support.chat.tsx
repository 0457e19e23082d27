import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { z } from "zod";
import { getChatConversation, postChatMessage, startChat } from "~/features/chat/chat.server";
import { chatSessionSetCookie, clearedChatSessionCookie, readChatSessionId } from "~/features/chat/chat-cookie.server";
import { formAnswer } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { requestTimeZone } from "~/.server/time-zone";
import { askerOf } from "~/features/chat/chat-assistant.server";
import { ChatConversation } from "~/features/chat/chat-conversation";
import { Field, FormErrors, TextareaField } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import { useTimeZone } from "~/components/root-data";
import { useLiveUpdates } from "~/features/chat/use-live-updates";
import { CHAT_ACTION_REQUIRED, chatPaths, CHAT_LIMITS, CONVERSATION_POLL_MS, visitorName } from "~/features/chat/chat";
import { ChatMessageSchema, ChatStartSchema } from "~/features/chat/chat-forms";
import { knownIntent, withCrossFieldRules } from "~/domain/form-rules";
import { isHoneypotFilled } from "~/domain/honeypot";
import type { SiteHandle } from "./_site";
import { companyNameOf } from "~/components/company-name";

// The support chat as a page: it works without JavaScript (the floating "Chat with us" link of
// every public page comes here), and with it the answers of the team appear without reloading.
export const handle: SiteHandle = { hideChat: true };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "chat");
  const companyName = companyNameOf(matches);
  return [
    { title: t("Support Chat | {{companyName}}", { companyName }) },
    { name: "description", content: t("Ask {{companyName}}'s assistant about a parcel, prices or delivery times, or ask for a person from our support team.", { companyName }) },
  ];
};

// A conversation is private to the browser that holds its cookie.
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  loaderHeaders.forEach((value, name) => headers.set(name, value));
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

const PAGE = "/support/chat";

// Without a known intent (a form sent without its button) the answer says so above the form.
const ChatPageSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [
    ChatStartSchema.extend({ intent: z.literal("start") }),
    ChatMessageSchema.extend({ intent: z.literal("message") }),
    z.object({ intent: z.literal("new") }),
  ]),
  knownIntent(["start", "message", "new"], CHAT_ACTION_REQUIRED),
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sessionId = await readChatSessionId(request);
  const conversation = sessionId ? await getChatConversation(context, sessionId) : null;
  // A cookie naming no conversation (never started, or from another deployment) is dropped.
  const headers = sessionId && !conversation ? { "Set-Cookie": await clearedChatSessionCookie() } : undefined;
  return data({ conversation }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isHoneypotFilled(form)) return redirect(PAGE);
  const submission = parseWithZod(form, { schema: ChatPageSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const input = submission.value;
  if (input.intent === "new") return redirect(PAGE, { headers: { "Set-Cookie": await clearedChatSessionCookie() } });

  if (input.intent === "start") {
    const outcome = await startChat(context, { email: input.email, name: input.name, client: clientAddress(request), language: await context.language() });
    if (!outcome.ok) return formAnswer(submission, outcome);
    return redirect(PAGE, { headers: { "Set-Cookie": await chatSessionSetCookie(outcome.session.id) } });
  }

  const sessionId = await readChatSessionId(request);
  // Without a conversation (never started, or gone), back to the start form.
  if (!sessionId) return redirect(PAGE);
  const asker = askerOf(await context.sessionUser(), requestTimeZone(request));
  const outcome = await postChatMessage(context, { sessionId, message: input.message, client: clientAddress(request), asker });
  if (outcome.ok) return redirect(`${PAGE}#latest`);
  if (outcome.reason === "not-found") return redirect(PAGE, { headers: { "Set-Cookie": await clearedChatSessionCookie() } });
  return formAnswer(submission, outcome);
}

export default function SupportChatPage() {
  const { conversation } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">{t("Support Chat")}</h1>
      <p className="mb-6 text-slate-700">
        {t("Our assistant answers at once from live tracking, our prices and the FAQ. Ask for a person at any time: our team answers here and by e-mail.")}
      </p>
      {conversation ? <Conversation conversation={conversation} /> : <StartForm />}
    </main>
  );
}

function StartForm() {
  const { t } = useTranslation("chat");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "chat-start",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint: getZodConstraint(ChatStartSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChatPageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4">
      <h2 className="text-lg font-semibold">{t("Start a chat")}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <Field
        label={t("Email")}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", maxLength: CHAT_LIMITS.email }}
        errors={fields.email.errors}
        help={t("We send the team's answers here too.")}
      />
      <Field
        label={t("Name (optional)")}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", maxLength: CHAT_LIMITS.name }}
        errors={fields.name.errors}
      />
      <button type="submit" name="intent" value="start" className="btn-primary" data-pending="">
        {t("Start Chat")}
      </button>
    </Form>
  );
}

function Conversation({ conversation }: { conversation: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["conversation"]> }) {
  const { session, messages } = conversation;
  const { t } = useTranslation("chat");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const timeZone = useTimeZone();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "message";
  const [form, fields] = useForm({
    id: "chat-message",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint: getZodConstraint(ChatMessageSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChatPageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // A message that went through leaves an empty box; a refused one keeps what was typed.
  const formRef = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !actionData) formRef.current?.reset();
    wasSending.current = sending;
  }, [sending, actionData]);
  const refresh = () => {
    if (revalidator.state === "idle" && navigation.state === "idle") revalidator.revalidate();
  };
  useLiveUpdates({ path: chatPaths.socket(session.id), pollMs: CONVERSATION_POLL_MS, onMessage: refresh, onPoll: refresh });
  const name = visitorName(session.name);
  return (
    <section aria-labelledby="conversation-title" className="card space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="conversation-title" className="text-lg font-semibold">
            {t("Your conversation")}
          </h2>
          <p className="text-sm text-slate-700">
            {name ? t("Chatting as {{name}} ({{email}})", { name, email: session.email }) : t("Chatting as {{email}}", { email: session.email })}
          </p>
        </div>
        <Form method="post">
          <button type="submit" name="intent" value="new" className="btn-secondary">
            {t("New Chat")}
          </button>
        </Form>
      </div>
      <ChatConversation messages={messages} timeZone={timeZone} latestId="latest" />
      <Form method="post" {...getFormProps(form)} ref={formRef} className="space-y-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          label={t("Your message")}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: CHAT_LIMITS.message }}
          errors={fields.message.errors}
        />
        <button type="submit" name="intent" value="message" className="btn-primary" data-pending={t("Sending...")}>
          {t("Send")}
        </button>
      </Form>
    </section>
  );
}
