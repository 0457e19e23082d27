// A chat conversation as a list of messages, shared by the visitor's page, the chat window and
// the admin's pane. The assistant's replies may name pages of this site (/faq#returns,
// /track/{id}); those become links. Nothing a person typed ever becomes a link.
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, LOCALES } from "~/features/languages/languages";
import { namesPerson, senderLabel, type ChatMessage } from "~/features/chat/chat";
import { formatDateTime, isoDateTime } from "~/domain/format";

const SITE_PATH = /(^|\s)(\/(?:faq|track|pricing|services)(?:[/#][A-Za-z0-9_#-]*)?)(?=[\s.,)]|$)/g;

function AssistantText({ text }: { text: string }) {
  const parts: (string | { path: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(SITE_PATH)) {
    const start = match.index + match[1]!.length;
    parts.push(text.slice(last, start), { path: match[2]! });
    last = start + match[2]!.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === "string" ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          // A plain link: the chat window also opens on pages without React (chat-button.ts).
          <a key={index} href={part.path} className="link">
            {part.path}
          </a>
        ),
      )}
    </>
  );
}

const BUBBLE: Record<ChatMessage["sender"], string> = {
  user: "ml-auto bg-brand-700 text-white [&_a]:text-white",
  ai: "mr-auto bg-slate-100 text-slate-900",
  admin: "mr-auto border border-green-300 bg-green-50 text-slate-900",
};

export function ChatConversation({
  messages,
  timeZone,
  visitorLabel,
  latestId,
  scrollable = false,
  className = "",
}: {
  messages: readonly ChatMessage[];
  timeZone: string;
  /** How the visitor's own messages are labelled: their name for an admin ("You" when not given). */
  visitorLabel?: string;
  /** An id for the latest message, so a page can send the reader to it. */
  latestId?: string;
  /** In a box of its own height (`className` bounds it) that opens scrolled to the latest message, without JavaScript too. */
  scrollable?: boolean;
  className?: string;
}) {
  // The locale from i18next, not the route's data: the chat window renders outside the pages' router.
  const { t, i18n } = useTranslation("chat");
  const locale = LOCALES[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  // The log (a polite live region) announces messages as they arrive.
  return (
    <div
      role="log"
      aria-label={t("Conversation")}
      // A box that scrolls is focusable, so the keyboard can scroll it; column-reverse opens it at its end.
      tabIndex={scrollable ? 0 : undefined}
      className={scrollable ? `flex flex-col-reverse overflow-y-auto ${className}` : className}
    >
      <ol className="flex flex-col gap-3">
        {messages.map((message, index) => (
          <li
            key={message.id}
            id={index === messages.length - 1 ? latestId : undefined}
            className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${BUBBLE[message.sender]}`}
          >
            <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs font-semibold opacity-90">
              <span>{message.sender === "user" && visitorLabel ? visitorLabel : namesPerson(message) ? senderLabel(message) : t(senderLabel(message))}</span>
              <time dateTime={isoDateTime(message.timestamp)} className="font-normal">
                {formatDateTime(message.timestamp, timeZone, locale)}
              </time>
            </p>
            <p className="whitespace-pre-wrap break-words">{message.sender === "ai" ? <AssistantText text={message.message} /> : message.message}</p>
            {message.escalatedToAdmin && message.sender === "user" ? <p className="mt-1 text-xs font-semibold">{t("Escalated to admin")}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
