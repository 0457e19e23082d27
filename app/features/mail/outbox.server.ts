// Delivery of the outbox. Mail is written there by commit (app/.server/dispatch.ts) in the same
// D1 batch as the change that causes it, handed to the events queue after the answer, and sent
// here by the queue's consumer, one provider request per mail. A mail is sent once: a message
// delivered again finds its row sent and sends nothing, and two deliveries at once (a hand-over
// and the sweep) send under one idempotency key, which the provider honours. A failed send is
// tried again by the queue after a growing delay; the dead-letter queue's consumer marks what
// failed every attempt dead, for the admins' mailbox.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { outbox } from "../../../drizzle/schema";
import { inParts, type Db } from "~/.server/db";
import { retryDelaySeconds } from "~/.server/deliveries";
import { sendsMail, sendThroughProvider, type ProviderSettings } from "./provider.server";
import { suppressedAmong } from "./suppression.server";

/** Mail the consumer still sends: not sent, not dead, not suppressed. */
const SENDABLE = ["pending", "failed"] as const;

/** A queue message about one mail, as the consumer acts on it. */
export type MailMessage = { body: { id: string }; attempts: number; ack(): void; retry(options?: { delaySeconds?: number }): void };

/**
 * Sends the mail of `messages` (several may name one mail) and records each outcome: sent,
 * failed (the message is retried after `retryDelaySeconds` of its attempts), dead (the provider
 * refused the mail itself), or suppressed (non-essential mail to an address that unsubscribed
 * since it was written). A message whose mail is already done is acknowledged and sends nothing.
 */
export async function deliverMail(context: { db: Db; env: ProviderSettings }, messages: readonly MailMessage[], now = Date.now()): Promise<void> {
  const { db, env } = context;
  const attempts = new Map<string, number>();
  for (const message of messages) attempts.set(message.body.id, Math.max(message.attempts, attempts.get(message.body.id) ?? 0));
  const rows = (await Promise.all(inParts([...attempts.keys()]).map((part) => db.select().from(outbox).where(inArray(outbox.id, part))))).flat();
  const due = rows.filter((row) => (SENDABLE as readonly string[]).includes(row.status));
  const suppressed = await suppressedAmong(
    db,
    due.filter((row) => row.unsubscribeUrl).map((row) => row.toAddress),
  );
  // Sent first, written after: a query builder is a promise-like that runs when awaited.
  const sending = sendsMail(env);
  const results = await Promise.all(
    due.map(async (row) => {
      if (row.unsubscribeUrl && suppressed.has(row.toAddress.toLowerCase())) return { row, result: "suppressed" as const };
      // Handed over while a provider key was set, and the key has gone since: the mail stays written.
      if (!sending) return { row, result: null };
      return { row, result: await sendThroughProvider(env, row) };
    }),
  );
  const retryIn = new Map<string, number>();
  const stillSendable = inArray(outbox.status, [...SENDABLE]);
  const tried = sql`${outbox.attempts} + 1`;
  const statements: BatchItem<"sqlite">[] = [];
  for (const { row, result } of results) {
    const mine = eq(outbox.id, row.id);
    if (result === null) continue;
    if (result === "suppressed") {
      statements.push(db.update(outbox).set({ status: "suppressed" }).where(and(mine, stillSendable)));
    } else if (result.ok) {
      statements.push(db.update(outbox).set({ status: "sent", attempts: tried, sentAt: Date.now(), lastError: null }).where(mine));
    } else {
      const delaySeconds = retryDelaySeconds(attempts.get(row.id)!);
      if (!result.final) retryIn.set(row.id, delaySeconds);
      statements.push(
        db
          .update(outbox)
          .set({ status: result.final ? "dead" : "failed", attempts: tried, lastError: result.error, nextAttemptAt: now + delaySeconds * 1000 })
          .where(and(mine, stillSendable)),
      );
    }
  }
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  for (const message of messages) {
    const delaySeconds = retryIn.get(message.body.id);
    if (delaySeconds === undefined) message.ack();
    else message.retry({ delaySeconds });
  }
}

/** The dead-letter queue's consumer: mail that failed its last attempt waits for an admin. */
export async function markDead(db: Db, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const statements: BatchItem<"sqlite">[] = inParts(unique).map((part) =>
    db
      .update(outbox)
      .set({ status: "dead", lastError: sql`coalesce(${outbox.lastError}, 'Every attempt failed.')` })
      .where(and(inArray(outbox.id, part), inArray(outbox.status, [...SENDABLE]))),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Marks mail given to the queue: from now on its next attempt is due (the sweep leaves it alone). */
export function handedOverStatements(db: Db, ids: readonly string[], now: number): BatchItem<"sqlite">[] {
  return inParts([...new Set(ids)]).map((part) => db.update(outbox).set({ handedOverAt: now, nextAttemptAt: now }).where(inArray(outbox.id, part)));
}

const MINUTE_MS = 60_000;
/** A handed-over mail whose next attempt is this late lost its message (a local queue restarted, a message expired). */
const LOST_AFTER_MS = 15 * MINUTE_MS;
/** Mail older than a day is not sent any more by the sweep (its links may have expired): an admin may still retry it. */
const SWEEP_MAX_AGE_MS = 24 * 60 * MINUTE_MS;
/** A sweep hands over at most this many mails; the next minute's takes the rest. */
const SWEEP_LIMIT = 5000;

/**
 * What the sweep hands to the queue: mail a request wrote but did not hand over within a minute
 * (it crashed between its commit and the hand-over), and mail whose message the queue lost.
 */
export async function mailToHandOver(db: Db, now: number): Promise<string[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, [...SENDABLE]),
        gt(outbox.createdAt, now - SWEEP_MAX_AGE_MS),
        or(and(isNull(outbox.handedOverAt), lte(outbox.createdAt, now - MINUTE_MS)), lte(outbox.nextAttemptAt, now - LOST_AFTER_MS)),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(SWEEP_LIMIT);
  return rows.map((row) => row.id);
}
