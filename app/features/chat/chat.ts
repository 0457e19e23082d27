// The support chat's vocabulary: messages, sessions, their
// bounds and fixed texts. No zod here: the visitor's chat window imports this module, and the
// public pages have a JavaScript budget. The form schemas live in chat-forms.ts.
import type { TFunction } from "i18next";
import { INVALID_EMAIL } from "~/domain/contact-details";
import { MAX_LENGTH } from "~/domain/field-limits";
import { tk } from "~/features/languages/languages";

export type ChatSender = "user" | "ai" | "admin";

/** A message as the JSON API returns it. Times are epoch milliseconds. */
export type ChatMessage = {
  id: string;
  sender: ChatSender;
  message: string;
  timestamp: number;
  adminName: string | null;
  escalatedToAdmin: boolean;
};

/** A session as the JSON API returns it; `lastMessage` is the latest a person wrote. */
export type ChatSession = {
  id: string;
  name: string;
  email: string;
  createdAt: number;
  messageCount: number;
  lastMessage: { message: string; timestamp: number } | null;
  needsResponse: boolean;
  hasAdminResponse: boolean;
};

export const CHAT_LIMITS = {
  email: MAX_LENGTH.email,
  name: MAX_LENGTH.name,
  message: MAX_LENGTH.chatMessage,
  adminName: MAX_LENGTH.name,
} as const;

export const ANONYMOUS = "Anonymous";
export const DEFAULT_ADMIN_NAME = tk("Support Team");

export const EMAIL_REQUIRED = "Email is required to start chatting";
export const EMAIL_INVALID = INVALID_EMAIL;
export const MESSAGE_REQUIRED = "Please enter a message";
/** A page POST without one of the page's buttons (Start Chat, Send, New Chat): nothing is done. */
export const CHAT_ACTION_REQUIRED = "Please use the Start Chat or Send button";

export const ESCALATION_REPLY = "This question has been sent to our team for a detailed response.";
export const START_FAILED = "Failed to start chat session. Please try again.";
export const SEND_FAILED = "Sorry, your message could not be sent. Please try again.";
export const SESSION_NOT_FOUND = "Chat session not found";
export const STARTS_LIMITED = "Too many chats started from here. Please try again later.";
export const MESSAGES_LIMITED = "Too many messages. Please wait a moment and try again.";
export const RESPONSE_FAILED = "The response could not be sent. Please try again.";

/** When a socket cannot open, the admin list reloads every 30 s, a conversation every 10 s. */
export const ADMIN_LIST_POLL_MS = 30_000;
export const CONVERSATION_POLL_MS = 10_000;
/** The code an admin page's socket is closed with when it expired: reconnect (and be checked again). */
export const SOCKET_EXPIRED_CODE = 4001;

/** A session id is 32 random bytes, base64url: the capability to read and write the conversation. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isChatSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}

/** The paths of the JSON API and of the sockets that carry live updates. */
export const chatPaths = {
  sessions: "/api/chat/sessions",
  messages: (id: string) => `/api/chat/sessions/${encodeURIComponent(id)}/messages`,
  socket: (id: string) => `/api/chat/sessions/${encodeURIComponent(id)}/socket`,
  adminSessions: "/api/chat/admin/sessions",
  adminRespond: (id: string) => `/api/chat/admin/sessions/${encodeURIComponent(id)}/respond`,
  adminSocket: "/api/chat/admin/socket",
} as const;

/** The name a visitor gave, or null for one who gave none (kept as ANONYMOUS): a greeting then names nobody. */
export function visitorName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === "" || trimmed === ANONYMOUS ? null : trimmed;
}

/**
 * Who answered, as the visitor's mail says it in the language of `t`: "Dana of the SwiftParcel
 * support team", or "The SwiftParcel support team" for the default name or one that names a team
 * rather than a person ("Support Team", "SwiftParcel Support").
 */
export function replyAuthor(t: TFunction, adminName: string, companyName: string): string {
  const name = adminName.trim();
  const lower = name.toLowerCase();
  const namesTeam = name === "" || /\b(support|team|service|help ?desk)\b/.test(lower) || (companyName.trim() !== "" && lower.includes(companyName.trim().toLowerCase()));
  return namesTeam ? t("The {{companyName}} support team", { companyName }) : t("{{name}} of the {{companyName}} support team", { name, companyName });
}

/** Who wrote a message, as the conversation shows it: the admin's name, else a key of the `chat` catalogs. */
export function senderLabel(message: Pick<ChatMessage, "sender" | "adminName">): string {
  if (message.sender === "user") return tk("You");
  if (message.sender === "admin") return message.adminName ?? DEFAULT_ADMIN_NAME;
  return tk("Assistant");
}

/** Whether senderLabel names a person (an admin's own name), which is never translated. */
export function namesPerson(message: Pick<ChatMessage, "sender" | "adminName">): boolean {
  return message.sender === "admin" && message.adminName !== null && message.adminName !== DEFAULT_ADMIN_NAME;
}

/**
 * Messages in time order, each id once: a conversation after live updates are merged into it.
 * Messages of the same moment keep the order they arrived in (the server's order).
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(current.map((message) => message.id));
  const added = incoming.filter((message) => !seen.has(message.id) && seen.add(message.id));
  return [...current, ...added].sort((a, b) => a.timestamp - b.timestamp);
}
