// Failed sign-ins slow down their own lane, never everyone. A sign-in from a device whose
// device cookie names the account (device-cookie.ts) is counted against that device alone; any
// other is counted against its client address and against the account "from untrusted
// devices". So an attacker's failures from anywhere delay the attacker and other unknown
// devices, while the owner's browser keeps signing in (docs/decisions/078-sign-in-lanes.md).
//
// Each lane has LOGIN_RATE_LIMIT failures free. After that, an address's and a device's lane
// wait 1, 2, 4 ... minutes after each further failure, at most an hour (signInDelayMs), and
// forget their failures a day after the last one. The account lane instead holds for one fixed
// hour (ACCOUNT_HOLD_MS) and then starts over: attempts during the hold are refused uncounted,
// so nobody can make a hold last longer, and a new hold costs a whole new set of failures
// (docs/decisions/078-sign-in-lanes.md; the owner meanwhile signs in from a known device
// or with a mailed sign-in link). The attempt is counted before any password is hashed, as a
// failure, so that parallel attempts cannot outrun the count; a right password gives it back.
import { and, eq, lt } from "drizzle-orm";
import { signInFailures } from "../../../drizzle/schema";
import { normalizeEmail } from "~/domain/contact-details";
import { LONGEST_SIGN_IN_DELAY_MS, signInDelayMs } from "~/domain/waiting";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { deviceEntryFor, type DeviceEntry } from "./device-cookie.server";
import { limitFromVar } from "~/.server/rate-limit";

/** A lane's failures are forgotten this long after its last one. */
export const FORGET_FAILURES_MS = 86_400_000;
/** How long the account lane holds sign-ins from new devices once it has had its free failures. */
export const ACCOUNT_HOLD_MS = LONGEST_SIGN_IN_DELAY_MS;
const ACCOUNT_LANE = "sign-in:account:";
/** Rounds of compare-and-set before an attempt gives way to the others racing for its lane. */
const CLAIM_ROUNDS = 3;

type LaneRow = typeof signInFailures.$inferSelect;
type LaneState = Omit<LaneRow, "key">;

/** An attempt counted in one lane: the lane's state before and after it. */
type Claim = { key: string; before: LaneState | null; after: LaneState };

export type Attempt = { ok: true; claims: Claim[]; trusted: boolean } | { ok: false; retryAfterSeconds: number };

/** The lane of an account's sign-ins from devices it never signed in on. */
export function accountLaneKey(email: string): string {
  return `${ACCOUNT_LANE}${normalizeEmail(email)}`;
}

/** The lanes an attempt at `email` from this client is counted in. */
export async function lanesFor(client: { address: string; devices: readonly DeviceEntry[] }, email: string): Promise<{ keys: string[]; trusted: boolean }> {
  const device = await deviceEntryFor(client.devices, email);
  if (device) return { keys: [`sign-in:device:${device.nonce}`], trusted: true };
  return { keys: [`sign-in:ip:${client.address}`, accountLaneKey(email)], trusted: false };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function sameState(row: LaneState) {
  return and(
    eq(signInFailures.failures, row.failures),
    eq(signInFailures.lastFailureAt, row.lastFailureAt),
    eq(signInFailures.blockedUntil, row.blockedUntil),
  );
}

async function claimLane(db: Db, key: string, free: number, now: number): Promise<Claim | { retryAfterSeconds: number }> {
  for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
    const row = await db.select().from(signInFailures).where(eq(signInFailures.key, key)).get();
    if (row && row.blockedUntil > now) return { retryAfterSeconds: seconds(row.blockedUntil - now) };
    const accountLane = key.startsWith(ACCOUNT_LANE);
    // An account lane's hold that has run its course is over for good: the lane starts over.
    const holdOver = accountLane && row !== undefined && row.failures >= free;
    const earlier = row && !holdOver && now - row.lastFailureAt < FORGET_FAILURES_MS ? row.failures : 0;
    const failures = earlier + 1;
    const wait = accountLane ? (failures >= free ? ACCOUNT_HOLD_MS : 0) : signInDelayMs(failures, free);
    const after = { failures, lastFailureAt: now, blockedUntil: now + wait };
    const written = row
      ? await db.update(signInFailures).set(after).where(and(eq(signInFailures.key, key), sameState(row)))
      : await db.insert(signInFailures).values({ key, ...after }).onConflictDoNothing();
    if (written.meta.changes > 0) return { key, before: row ? { failures: row.failures, lastFailureAt: row.lastFailureAt, blockedUntil: row.blockedUntil } : null, after };
  }
  // Other attempts at this lane are being counted this very moment: this one waits its turn.
  return { retryAfterSeconds: 1 };
}

/** The lane as it was before `claim`, unless another attempt has been counted in it since. */
async function giveBack(db: Db, claim: Claim): Promise<void> {
  const where = and(eq(signInFailures.key, claim.key), sameState(claim.after));
  if (claim.before) await db.update(signInFailures).set(claim.before).where(where);
  else await db.delete(signInFailures).where(where);
}

/**
 * Counts a sign-in attempt at `email` in its lanes before the password is checked. Refused
 * while a lane waits; then nothing is counted.
 */
export async function startAttempt(
  context: Pick<ServiceContext, "db" | "cloudflare">,
  { client, email, now = Date.now() }: { client: { address: string; devices: readonly DeviceEntry[] }; email: string; now?: number },
): Promise<Attempt> {
  const free = limitFromVar(context.cloudflare.env.LOGIN_RATE_LIMIT, 10);
  const { keys, trusted } = await lanesFor(client, email);
  const claims: Claim[] = [];
  for (const key of keys) {
    const claim = await claimLane(context.db, key, free, now);
    if ("retryAfterSeconds" in claim) {
      for (const counted of claims) await giveBack(context.db, counted);
      return { ok: false, retryAfterSeconds: claim.retryAfterSeconds };
    }
    claims.push(claim);
  }
  return { ok: true, claims, trusted };
}

/**
 * After the password was checked: a wrong one stays counted. A right one gives its count back,
 * and from a known device it clears that device's failures altogether.
 */
export async function finishAttempt(context: Pick<ServiceContext, "db">, attempt: Extract<Attempt, { ok: true }>, passwordWasRight: boolean): Promise<void> {
  if (!passwordWasRight) return;
  for (const claim of attempt.claims) {
    if (attempt.trusted) await context.db.delete(signInFailures).where(eq(signInFailures.key, claim.key));
    else await giveBack(context.db, claim);
  }
}

/** For the cron trigger: lanes that wait no longer and whose failures are forgotten. */
export function forgottenLanesQuery(db: Db, now: number) {
  return db.delete(signInFailures).where(and(lt(signInFailures.blockedUntil, now), lt(signInFailures.lastFailureAt, now - FORGET_FAILURES_MS)));
}
