// The admins' view of the outbox: every mail with its state (pending, sent, failed, dead,
// suppressed) and last error, and the retry of failed and dead mail. With no provider key (the
// local default) mail is never sent, and this is where it is read. One-time links (password
// reset, newsletter confirmation) are shown with their token hidden: they are for their
// recipient alone, and an admin (or anyone signed in as the demo admin) who could open them
// could take over the account.
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { outbox } from "../../../drizzle/schema";
import { hideOneTimeTokens } from "~/features/accounts/one-time-links";
import { pageOffset, paginate } from "~/domain/pagination";
import type { Db } from "~/.server/db";
import { handOver, type HandOverContext } from "~/.server/dispatch";
import { messagesIn, type LanguageContext } from "~/.server/answer-language";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { containsText } from "~/.server/text-search";
import { MAIL_STATUSES, RETRIABLE, type MailStatus } from "./mail-status";
import { sendsMail } from "./provider.server";

const MAILBOX_PAGE_SIZE = 20;
/** "Retry all" hands at most this many to the queue at once; pressing it again takes the rest. */
const RETRY_ALL_LIMIT = 5000;

const NO_PROVIDER = "No mail provider is configured, so mail stays in the mailbox: nothing was retried.";
const NOT_RETRIABLE = "Only failed and dead mail can be retried.";
const NOTHING_TO_RETRY = "There is no failed or dead mail to retry.";

export type MailboxFilters = { search: string; status: MailStatus | "all"; page: number };

/**
 * Mail newest first, optionally only to addresses containing `search` and in one state; a page
 * past the end shows the last page. `counts`: how many mails (to the searched addresses) are in
 * each state.
 */
export async function listMail(db: Db, { search, status, page }: MailboxFilters) {
  const toSearched = search ? containsText(outbox.toAddress, search) : undefined;
  const where = and(toSearched, status === "all" ? undefined : eq(outbox.status, status));
  const byStatus = await db.select({ status: outbox.status, total: count() }).from(outbox).where(toSearched).groupBy(outbox.status);
  const counts = Object.fromEntries(MAIL_STATUSES.map((state) => [state, byStatus.find((row) => row.status === state)?.total ?? 0])) as Record<MailStatus, number>;
  // The mail listed: the state's count, or every state's.
  const total = status === "all" ? MAIL_STATUSES.reduce((sum, state) => sum + counts[state], 0) : counts[status];
  const pagination = paginate(total, page, MAILBOX_PAGE_SIZE);
  const rows = await db
    .select({
      id: outbox.id,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return { rows, pagination, counts };
}

/** One mail, its one-time links' tokens hidden. */
export async function getMail(db: Db, id: string) {
  const mail = await db.select().from(outbox).where(eq(outbox.id, id)).get();
  return mail && { ...mail, body: hideOneTimeTokens(mail.body) };
}

/** The failed and dead mail among `which` back to pending, from its first attempt again (under the same idempotency key). */
function requeued(db: Db, which: SQL, now: number) {
  return db
    .update(outbox)
    .set({ status: "pending", handedOverAt: null, nextAttemptAt: now })
    .where(and(which, inArray(outbox.status, [...RETRIABLE])))
    .returning({ id: outbox.id });
}

/**
 * Hands `ids` to the queue again. Should the queue refuse them now, they are pending and not
 * handed over, so the sweep takes them within a minute or two. Says which, in the request's language.
 */
async function retry(context: HandOverContext & LanguageContext, ids: readonly string[]): Promise<string> {
  const t = await messagesIn(context);
  try {
    await handOver(
      context,
      ids.map((id) => ({ channel: "mail" as const, id })),
    );
    return t("{{count}} mails handed to the queue again.", { count: ids.length });
  } catch (error) {
    console.error("mailbox retry: the queue refused", error);
    return t("{{count}} mails marked pending: they go out with the next sweep.", { count: ids.length });
  }
}

/** An admin's "Retry" on one failed or dead mail. */
export async function retryMail(context: HandOverContext & LanguageContext, { id, now = Date.now() }: { id: string; now?: number }): Promise<Done | Refused> {
  if (!sendsMail(context.cloudflare.env)) return refused("unavailable", NO_PROVIDER);
  const retried = await requeued(context.db, eq(outbox.id, id), now);
  if (retried.length === 0) {
    const exists = await context.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id)).get();
    return exists ? refused("conflict", NOT_RETRIABLE) : refused("not-found", "Mail not found");
  }
  return { ok: true, message: await retry(context, [id]) };
}

/** "Retry all": every failed and dead mail, oldest first, up to RETRY_ALL_LIMIT. */
export async function retryAllMail(context: HandOverContext & LanguageContext, { now = Date.now() }: { now?: number } = {}): Promise<Done | Refused> {
  if (!sendsMail(context.cloudflare.env)) return refused("unavailable", NO_PROVIDER);
  const { db } = context;
  const waiting = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(inArray(outbox.status, [...RETRIABLE]))
    .orderBy(asc(outbox.createdAt))
    .limit(RETRY_ALL_LIMIT);
  const retried = await requeued(db, inArray(outbox.id, waiting), now);
  if (retried.length === 0) return { ok: true, tone: "info", message: NOTHING_TO_RETRY };
  return { ok: true, message: await retry(context, retried.map((row) => row.id)) };
}
