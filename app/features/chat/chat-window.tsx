// The chat window the floating button opens (loaded lazily by chat-launcher.tsx). It speaks the
// chat's JSON API (/api/chat/...); the session id is kept in localStorage so the conversation
// survives page loads, and the team's answers arrive over the session's WebSocket (polling
// every 10 s when no socket can open). A panel beside the page, not a modal: the visitor can
// go on reading while chatting; Escape closes it.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  chatPaths,
  CHAT_LIMITS,
  CONVERSATION_POLL_MS,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  mergeMessages,
  SEND_FAILED,
  START_FAILED,
  type ChatMessage,
} from "~/features/chat/chat";
import { isEmail } from "~/domain/contact-details";
import { ChatConversation } from "./chat-conversation";
import { useLiveUpdates } from "./use-live-updates";

const STORAGE_KEY = "chatSessionId";

type ApiError = { message?: string; errors?: Record<string, string> };

async function postJson(path: string, body: unknown): Promise<{ ok: boolean; status: number; json: unknown }> {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
    return { ok: response.ok, status: response.status, json: await response.json().catch(() => null) };
  } catch {
    return { ok: false, status: 0, json: null };
  }
}

function storedSessionId(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeSessionId(id: string | null) {
  try {
    if (id) window.localStorage.setItem(STORAGE_KEY, id);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the chat still works until the page is left.
  }
}

export default function ChatWindow({ onClose, timeZone }: { onClose: () => void; timeZone: string }) {
  const { t } = useTranslation("chat");
  const [sessionId, setSessionId] = useState<string | null>(storedSessionId);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const titleId = useId();

  const reset = useCallback(() => {
    storeSessionId(null);
    setSessionId(null);
    setMessages([]);
  }, []);

  const refresh = useCallback(async () => {
    if (!sessionId) return;
    try {
      const response = await fetch(chatPaths.messages(sessionId), { headers: { Accept: "application/json" } });
      if (response.status === 404) return reset();
      if (response.ok) {
        const list = (await response.json()) as ChatMessage[];
        setMessages((current) => mergeMessages(current, list));
      }
    } catch {
      // Offline for a moment: the next poll or socket message catches up.
    }
  }, [sessionId, reset]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useLiveUpdates({
    path: sessionId ? chatPaths.socket(sessionId) : null,
    pollMs: CONVERSATION_POLL_MS,
    onMessage: (data) => {
      const update = data as { type?: string; messages?: ChatMessage[] };
      if (update.type === "messages" && Array.isArray(update.messages)) setMessages((current) => mergeMessages(current, update.messages!));
    },
    onPoll: () => void refresh(),
  });

  return (
    <section
      id="chat-window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="fixed bottom-20 right-4 z-50 flex h-[min(34rem,calc(100dvh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col rounded-lg border border-slate-300 bg-white shadow-2xl print:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="flex items-center gap-2 rounded-t-lg bg-brand-700 px-4 py-3 text-white">
        <h2 id={titleId} className="mr-auto text-base font-semibold">
          {t("Support Chat")}
        </h2>
        {sessionId ? (
          <button type="button" className="rounded-md px-2 py-1 text-sm font-semibold hover:bg-brand-800" onClick={reset}>
            {t("New Chat")}
          </button>
        ) : null}
        <button type="button" className="rounded-md px-2 py-1 text-lg leading-none hover:bg-brand-800" aria-label={t("Close chat")} onClick={onClose}>
          ×
        </button>
      </div>
      {sessionId ? (
        <Conversation
          key={sessionId}
          sessionId={sessionId}
          messages={messages}
          timeZone={timeZone}
          onSent={(added) => setMessages((current) => mergeMessages(current, added))}
          onGone={reset}
        />
      ) : (
        <StartScreen
          onStarted={(id, welcome) => {
            storeSessionId(id);
            setMessages([welcome]);
            setSessionId(id);
          }}
        />
      )}
    </section>
  );
}

function StartScreen({ onStarted }: { onStarted: (sessionId: string, welcome: ChatMessage) => void }) {
  const { t } = useTranslation("chat");
  const { t: message } = useTranslation("messages");
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});
  const [starting, setStarting] = useState(false);
  const email = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => email.current?.focus(), []);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const address = String(form.get("email") ?? "").trim();
    const problem = address === "" ? EMAIL_REQUIRED : isEmail(address) ? undefined : EMAIL_INVALID;
    if (problem) {
      setErrors({ email: problem });
      email.current?.focus();
      return;
    }
    setStarting(true);
    setErrors({});
    const result = await postJson(chatPaths.sessions, { email: address, name: String(form.get("name") ?? "") });
    setStarting(false);
    const body = result.json as ({ session?: { id: string }; welcomeMessage?: ChatMessage } & ApiError) | null;
    if (result.ok && body?.session && body.welcomeMessage) return onStarted(body.session.id, body.welcomeMessage);
    if (result.status === 400 && body?.errors?.email) return setErrors({ email: body.errors.email });
    setErrors({ form: result.status === 429 && body?.message ? body.message : START_FAILED });
  }

  const emailError = errors.email ? `${ids}-email-error` : undefined;
  return (
    <form onSubmit={start} noValidate className="flex flex-1 flex-col gap-3 overflow-y-auto p-4">
      <p className="text-sm text-slate-700">{t("Ask about a parcel, prices or delivery times. Our team answers when you ask for a person.")}</p>
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm font-medium text-red-800">
          {message(errors.form)}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${ids}-email`} className="label">
          {t("Email")}
        </label>
        <input
          ref={email}
          id={`${ids}-email`}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={CHAT_LIMITS.email}
          className="input"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={emailError}
        />
        {errors.email ? (
          <p id={emailError} className="mt-1 text-sm font-medium text-red-700">
            {message(errors.email)}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-name`} className="label">
          {t("Name (optional)")}
        </label>
        <input id={`${ids}-name`} name="name" type="text" autoComplete="name" maxLength={CHAT_LIMITS.name} className="input" />
      </div>
      <button type="submit" className="btn-primary mt-auto" disabled={starting}>
        {starting ? t("Starting...") : t("Start Chat")}
      </button>
    </form>
  );
}

function Conversation({
  sessionId,
  messages,
  timeZone,
  onSent,
  onGone,
}: {
  sessionId: string;
  messages: ChatMessage[];
  timeZone: string;
  onSent: (added: ChatMessage[]) => void;
  onGone: () => void;
}) {
  const { t } = useTranslation("chat");
  const { t: message } = useTranslation("messages");
  const [draft, setDraft] = useState("");
  // Messages on their way: the next can be written and sent while the assistant answers one.
  const [sending, setSending] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [messages.length]);

  async function send() {
    const text = draft.trim();
    if (text === "") return;
    // The box empties at once (a second Enter sends nothing twice), so what is typed next while
    // this one is on its way is never wiped by its answer.
    setDraft("");
    setSending((count) => count + 1);
    const result = await postJson(chatPaths.messages(sessionId), { message: text });
    setSending((count) => count - 1);
    if (result.status === 404) return onGone();
    const body = result.json as ({ aiResponse?: ChatMessage; userMessage?: ChatMessage } & ApiError) | null;
    if (result.ok && body?.aiResponse && body.userMessage) {
      onSent([body.userMessage, body.aiResponse]);
    } else {
      // A failed send adds a fallback message from the assistant; the text comes back to the box.
      setDraft((current) => (current === "" ? text : current));
      const reason = message(result.status >= 400 && result.status < 500 && body?.message ? body.message : SEND_FAILED);
      onSent([{ id: `local-${crypto.randomUUID()}`, sender: "ai", message: reason, timestamp: Date.now(), adminName: null, escalatedToAdmin: false }]);
    }
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while composing text in an input method) makes a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <>
      <div ref={scroller} className="flex-1 overflow-y-auto p-4">
        <ChatConversation messages={messages} timeZone={timeZone} />
        {sending > 0 ? (
          <p className="mt-3 text-sm text-slate-600" role="status">
            {t("The assistant is answering...")}
          </p>
        ) : null}
      </div>
      <form
        className="flex items-end gap-2 border-t border-slate-200 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-message`} className="mb-1 block text-xs font-medium text-slate-700">
            {t("Your message (Enter sends, Shift+Enter adds a line)")}
          </label>
          <textarea
            ref={box}
            id={`${ids}-message`}
            name="message"
            rows={2}
            maxLength={CHAT_LIMITS.message}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            className="input resize-none text-sm"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={draft.trim() === ""}>
          {t("Send")}
        </button>
      </form>
    </>
  );
}
