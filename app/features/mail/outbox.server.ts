// Delivery of the outbox: mail is queued there by recordEvents (events.ts) in the same D1
// batch as the change that causes it; sending is a separate step that can fail and be retried
// without touching the change itself.
import { and, asc, eq, lte } from "drizzle-orm";
import { outbox } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { mailHeader } from "./mail-header.server";

const SEND_TIMEOUT_MS = 5000;
const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/**
 * Sends what is due. Without MAIL_ENDPOINT (the local default) nothing is sent: mail stays
 * in the outbox where admins read it.
 */
export async function sendDueMail(db: Db, env: Pick<Env, "MAIL_ENDPOINT">, now = Date.now()): Promise<number> {
  if (!env.MAIL_ENDPOINT) return 0;
  const due = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(BATCH_SIZE);
  let sent = 0;
  for (const mail of due) {
    const error = await post(env.MAIL_ENDPOINT, mail);
    const attempts = mail.attempts + 1;
    if (error === null) {
      sent += 1;
      await db.update(outbox).set({ status: "sent", attempts, sentAt: Date.now(), lastError: null }).where(eq(outbox.id, mail.id));
    } else {
      await db
        .update(outbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          attempts,
          lastError: error,
          nextAttemptAt: now + retryDelayMs(attempts),
        })
        .where(eq(outbox.id, mail.id));
    }
  }
  return sent;
}

async function post(endpoint: string, mail: typeof outbox.$inferSelect): Promise<string | null> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // Headers again as they leave: a row stored before they were made safe, or written by hand.
      body: JSON.stringify({ id: mail.id, to: mailHeader(mail.toAddress), subject: mailHeader(mail.subject), body: mail.body, kind: mail.kind }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
