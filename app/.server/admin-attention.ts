// What needs an admin: the counts behind the bell in the admin header and the list at
// /admin/notifications. One batch of counts, read on every admin page.
import { count, eq, isNotNull, isNull } from "drizzle-orm";
import { chatSessions, contactMessages, shipments, users } from "../../drizzle/schema";
import type { Db } from "./db";

export type Attention = {
  chatsNeedingResponse: number;
  unreadMessages: number;
  deletionRequests: number;
  exceptions: number;
};

export async function countAttention(db: Db): Promise<Attention & { total: number }> {
  const [chats, messages, deletions, exceptions] = await db.batch([
    db.select({ total: count() }).from(chatSessions).where(eq(chatSessions.needsResponse, true)),
    db.select({ total: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
    db.select({ total: count() }).from(users).where(isNotNull(users.deletionRequestedAt)),
    db.select({ total: count() }).from(shipments).where(eq(shipments.status, "exception")),
  ]);
  const attention = {
    chatsNeedingResponse: chats[0]?.total ?? 0,
    unreadMessages: messages[0]?.total ?? 0,
    deletionRequests: deletions[0]?.total ?? 0,
    exceptions: exceptions[0]?.total ?? 0,
  };
  return { ...attention, total: attention.chatsNeedingResponse + attention.unreadMessages + attention.deletionRequests + attention.exceptions };
}
