// The admin's contact message list: which messages (all, unread, not yet answered, answered),
// a search over sender and subject, and the page, all carried in the URL.
import { pageParam } from "./pagination";

export const MESSAGE_STATES = ["all", "unread", "unanswered", "answered"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  all: "All messages",
  unread: "Unread",
  unanswered: "Not answered",
  answered: "Answered",
};

export const MESSAGES_PAGE_SIZE = 20;
/** Search text is cut here (the database refuses long LIKE patterns). */
export const MAX_MESSAGE_SEARCH = 40;

export type MessageFilters = { state: MessageState; q: string; page: number };

export function parseMessageFilters(params: URLSearchParams): MessageFilters {
  const state = params.get("state");
  return {
    state: MESSAGE_STATES.includes(state as MessageState) ? (state as MessageState) : "all",
    q: (params.get("q") ?? "").trim().slice(0, MAX_MESSAGE_SEARCH),
    page: pageParam(params),
  };
}

/** A message's state as the list shows it. */
export function messageState(message: { readAt: number | null; repliedAt: number | null }): "unread" | "read" | "answered" {
  if (message.repliedAt !== null) return "answered";
  return message.readAt === null ? "unread" : "read";
}
