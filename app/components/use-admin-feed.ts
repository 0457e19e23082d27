// Admin pages that follow a topic of the admins' feed (app/durable-objects/chat-admin-feed.ts):
// when it says the topic changed, the page reloads its loader data, unless a submission,
// navigation or fetcher is under way (its own reload brings the new data, and the toast its
// answer set, which a reload started over it could lose). Without a socket the page polls;
// without JavaScript, the page's own Refresh does the same.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { ADMIN_LIST_POLL_MS, chatPaths } from "~/features/chat/chat";
import { useLiveUpdates } from "~/features/chat/use-live-updates";

export type AdminFeedTopic = "chat" | "shipments";

/** Whether a feed message says that `topic` changed (a message without a topic is the chat's). */
export function isChangeOf(topic: AdminFeedTopic, data: unknown): boolean {
  if (typeof data !== "object" || data === null || (data as { type?: unknown }).type !== "changed") return false;
  return ((data as { topic?: unknown }).topic ?? "chat") === topic;
}

/** Follows `topic`; gives back the page's own reload, for a Refresh control, and whether one is under way. */
export function useAdminFeed(topic: AdminFeedTopic, pollMs = ADMIN_LIST_POLL_MS) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const refresh = () => {
    if (!busy) revalidator.revalidate();
  };
  useLiveUpdates({
    path: chatPaths.adminSocket,
    pollMs,
    onMessage: (data) => {
      if (isChangeOf(topic, data)) refresh();
    },
    onPoll: refresh,
  });
  return { refresh, refreshing: revalidator.state === "loading" };
}
