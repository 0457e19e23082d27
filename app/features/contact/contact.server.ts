// Contact messages: a visitor's message is stored and acknowledged by mail (through the
// events and the outbox); admins list them, open them (which marks them read) and answer each
// once, the answer mailed to the sender the same way.
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { contactMessages } from "../../../drizzle/schema";
import { normalizeEmail } from "~/domain/contact-details";
import type { ContactInput } from "~/features/contact/contact-form";
import { MESSAGES_PAGE_SIZE, type MessageFilters } from "~/features/contact/contact-message-filters";
import { pageOffset, paginate } from "~/domain/pagination";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEvents } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import type { SessionUser } from "~/features/accounts/session.server";
import { containsText } from "~/.server/text-search";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

/**
 * Stores a valid message from `clientAddress` and queues its acknowledgement to the sender,
 * unless that client address, or the address the acknowledgement would go to, has had its
 * hourly share already (limitAction "contact", docs/decisions/002-rate-limits-and-honeypot.md).
 */
export async function sendContactMessage(
  context: ServiceContext,
  { message, clientAddress, language = DEFAULT_LANGUAGE, now = Date.now() }: { message: ContactInput; clientAddress: string; language?: Language; now?: number },
): Promise<Done<{ id: string }> | Refused> {
  const limited = await limitAction(context, { action: "contact", clientAddress, account: normalizeEmail(message.email) });
  if (limited) return limited;
  const { db } = context;
  const id = crypto.randomUUID();
  const { name, email, type, subject } = message;
  // The language the person wrote in: the acknowledgement and the reply are mailed in it.
  await commit(context, [
    db.insert(contactMessages).values({ id, ...message, language, createdAt: now }),
    recordEvents(context, { userId: null, email, label: "visitor" }, [{ type: "contact.received", entityId: id, data: { name, email, type, subject }, language }], now),
  ]);
  return { ok: true, message: "Message Sent!", id };
}

function stateCondition(state: MessageFilters["state"]): SQL | undefined {
  switch (state) {
    case "unread":
      return isNull(contactMessages.readAt);
    case "unanswered":
      return isNull(contactMessages.repliedAt);
    case "answered":
      return isNotNull(contactMessages.repliedAt);
    case "all":
      return undefined;
  }
}

/** Unread first, then newest first; a page past the end shows the last page. */
export async function listContactMessages(db: Db, filters: MessageFilters) {
  const search = filters.search
    ? or(containsText(contactMessages.name, filters.search), containsText(contactMessages.email, filters.search), containsText(contactMessages.subject, filters.search))
    : undefined;
  const where = and(stateCondition(filters.state), search);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contactMessages).where(where);
  const pagination = paginate(total, filters.page, MESSAGES_PAGE_SIZE);
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      type: contactMessages.type,
      subject: contactMessages.subject,
      readAt: contactMessages.readAt,
      repliedAt: contactMessages.repliedAt,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(sql`${contactMessages.readAt} IS NULL DESC`, desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return { rows, pagination };
}

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * The message an admin opens, marked read from now on if it was unread. Opening is the admin's
 * act of reading it, so this write happens on the admin's GET (never on a public page).
 */
export async function openContactMessage(db: Db, id: string, now = Date.now()): Promise<ContactMessage | null> {
  const [marked] = await db
    .update(contactMessages)
    .set({ readAt: now })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
    .returning();
  return marked ?? (await db.select().from(contactMessages).where(eq(contactMessages.id, id)).get()) ?? null;
}

const MESSAGE_NOT_FOUND = "Message not found";

/** Puts an unanswered message back at the top of the list as unread. */
export async function markContactMessageUnread(context: Pick<ServiceContext, "db">, id: string): Promise<Done | Refused> {
  const { db } = context;
  const message = await db.select({ repliedAt: contactMessages.repliedAt }).from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (!message) return refused("not-found", MESSAGE_NOT_FOUND);
  if (message.repliedAt !== null) return refused("conflict", "An answered message cannot be marked unread");
  await db.update(contactMessages).set({ readAt: null }).where(eq(contactMessages.id, id));
  return { ok: true, message: "Message marked as unread" };
}

/** Stores the admin's answer, marks the message read and answered, and mails the answer to the sender. */
export async function replyToContactMessage(
  context: ServiceContext,
  { id, admin, reply, now = Date.now() }: { id: string; admin: SessionUser; reply: string; now?: number },
): Promise<Done<{ email?: string }> | Refused> {
  const { db } = context;
  const message = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (!message) return refused("not-found", MESSAGE_NOT_FOUND);
  if (message.repliedAt !== null) return refused("conflict", "This message has already been answered");
  const repliedBy = `${admin.firstName} ${admin.lastName}`;
  await commit(context, [
    db
      .update(contactMessages)
      .set({ reply, repliedAt: now, repliedBy: admin.id, repliedByName: repliedBy, readAt: message.readAt ?? now })
      .where(eq(contactMessages.id, id)),
    recordEvents(
      context,
      actorFor(admin),
      [{ type: "contact.replied", entityId: id, data: { name: message.name, email: message.email, subject: message.subject, reply, repliedBy }, language: message.language }],
      now,
    ),
  ]);
  return { ok: true, message: `Reply sent to ${message.email}`, email: message.email };
}
