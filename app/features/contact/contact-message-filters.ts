// The admin's contact message list: which messages (all, unread, not yet answered, answered),
// a search over sender and subject, and the page, all carried in the URL under the lists'
// common names (search, page; the read state is `state`).
import { oneOf, searchParam } from "~/domain/list-filters";
import { pageParam } from "~/domain/pagination";
import { tk } from "~/features/languages/languages";

export const MESSAGE_STATES = ["all", "unread", "unanswered", "answered"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** Catalog keys of `admin`, translated where they are shown. */
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  all: tk("All messages"),
  unread: tk("Unread"),
  unanswered: tk("Not answered"),
  answered: tk("Answered"),
};

export const MESSAGES_PAGE_SIZE = 20;

export type MessageFilters = { state: MessageState; search: string; page: number };

export function parseMessageFilters(params: URLSearchParams): MessageFilters {
  return { state: oneOf(MESSAGE_STATES, params.get("state"), "all"), search: searchParam(params), page: pageParam(params) };
}

/** A message's state as the list shows it. */
export function messageState(message: { readAt: number | null; repliedAt: number | null }): "unread" | "read" | "answered" {
  if (message.repliedAt !== null) return "answered";
  return message.readAt === null ? "unread" : "read";
}
