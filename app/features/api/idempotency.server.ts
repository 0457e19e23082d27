// Idempotency-Key on the API's POSTs: the first request with a key claims a row (a unique
// primary key, so of two racing requests one wins); once it succeeds the row holds its answer,
// which the same key with the same request gets again for 24 hours. Another request under the
// key is refused (422); a retry while the first is still running is told to wait (409). A refused
// first request gives its key back, so it can be sent again corrected.
import { and, eq, lt } from "drizzle-orm";
import { apiIdempotency } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { hashToken } from "~/features/accounts/session.server";

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** An Idempotency-Key: 1 to 255 visible ASCII characters (a UUID is typical). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isIdempotencyKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** What a request is, for comparing retries: its method, path and body, hashed. */
export function requestHash(method: string, path: string, body: string): Promise<string> {
  return hashToken(`${method} ${path}\n${body}`);
}

export type Claim = { kind: "claimed" } | { kind: "replay"; status: number; body: string } | { kind: "in-flight" } | { kind: "mismatch" };

type Slot = { keyId: string; idempotencyKey: string };

/** Claims `slot` for this request, or says what an earlier request under it came to. An answer older than 24 hours is forgotten and the slot claimed afresh. */
export async function claimIdempotencyKey(db: Db, slot: Slot, { hash, now = Date.now() }: { hash: string; now?: number }): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const claimed = await db
      .insert(apiIdempotency)
      .values({ ...slot, requestHash: hash, status: null, body: null, createdAt: now })
      .onConflictDoUpdate({
        target: [apiIdempotency.keyId, apiIdempotency.idempotencyKey],
        set: { requestHash: hash, status: null, body: null, createdAt: now },
        setWhere: lt(apiIdempotency.createdAt, now - IDEMPOTENCY_TTL_MS),
      })
      .returning({ keyId: apiIdempotency.keyId });
    if (claimed.length === 1) return { kind: "claimed" };
    const row = await db.select().from(apiIdempotency).where(bySlot(slot)).get();
    // Given back by a refused request in between: claim it again.
    if (!row) continue;
    if (row.requestHash !== hash) return { kind: "mismatch" };
    if (row.status === null || row.body === null) return { kind: "in-flight" };
    return { kind: "replay", status: row.status, body: row.body };
  }
  return { kind: "in-flight" };
}

function bySlot(slot: Slot) {
  return and(eq(apiIdempotency.keyId, slot.keyId), eq(apiIdempotency.idempotencyKey, slot.idempotencyKey));
}

/** Keeps a succeeded request's answer for its key. */
export async function keepAnswer(db: Db, slot: Slot, answer: { status: number; body: string }): Promise<void> {
  await db.update(apiIdempotency).set(answer).where(bySlot(slot));
}

/** Gives a refused request's key back. */
export async function releaseKey(db: Db, slot: Slot): Promise<void> {
  await db.delete(apiIdempotency).where(bySlot(slot));
}

/** The cron's clean-up: answers past their 24 hours. */
export function expiredIdempotencyQuery(db: Db, now: number) {
  return db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, now - IDEMPOTENCY_TTL_MS));
}
