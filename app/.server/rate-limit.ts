// Rate limits, checked before any expensive work. Public GETs (tracking) count with the Workers
// Rate Limiting binding, which writes nothing to D1; the POSTs that need windows longer than its
// 60 seconds (sign-in, mail-sending actions, chat) keep fixed-window counters in D1, one upsert
// per attempt (docs/decisions/002).
import { sql } from "drizzle-orm";
import { rateLimits } from "../../drizzle/schema";
import { tryAgainIn } from "~/domain/waiting";
import { messagesIn, type LanguageContext } from "./answer-language";
import type { Db } from "./db";
import { remember } from "./isolate-state";
import { tooManyAttempts, type RateLimited } from "./outcome";

/** What the limits need of the request: the database and the bindings (a ServiceContext has both), and the language a refusal is said in. */
type LimitContext = { db: Db; cloudflare: { env: Env } } & LanguageContext;

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Hit = { key: string; limit: number; windowMs: number; amount?: number; now?: number };

/** The upsert that counts a hit in its window and returns the window's count. */
function countHit(db: Db, { key, windowMs, amount = 1, now = Date.now() }: Hit) {
  const windowStart = now - (now % windowMs);
  return db
    .insert(rateLimits)
    .values({ key, windowStart, count: amount })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + ${amount}` } })
    .returning({ count: rateLimits.count });
}

function resultOf({ windowMs, limit, now = Date.now() }: Hit, count: number): RateLimitResult {
  if (count <= limit) return { allowed: true };
  const windowStart = now - (now % windowMs);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** Counts `amount` attempts (1 unless given) against `key` in the current window. */
export async function hitRateLimit(db: Db, hit: Hit): Promise<RateLimitResult> {
  return resultOf(hit, (await countHit(db, hit))[0]!.count);
}

/** Counts one hit on each key in one round trip (a db.batch); the first refusal, in the order given, or allowed. */
async function hitRateLimits(db: Db, hits: [Hit, ...Hit[]]): Promise<RateLimitResult> {
  const [first, ...rest] = hits;
  const counts = await db.batch([countHit(db, first), ...rest.map((hit) => countHit(db, hit))]);
  return hits.map((hit, index) => resultOf(hit, counts[index]![0]!.count)).find((result) => !result.allowed) ?? { allowed: true };
}

/** The address Cloudflare saw the request come from; wrangler dev sets it locally too. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** A positive whole number from a wrangler var, else the fallback. */
export function limitFromVar(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** wrangler.toml's `[[ratelimits]] TRACK_LIMITER`: look-ups per key per 60 seconds. */
export const TRACK_LIMITER_LIMIT = 60;
const TRACK_LIMITER_PERIOD_SECONDS = 60;
/** The lane the next look-up of this isolate counts in (app/.server/isolate-state.ts). */
const lanes = remember("tracking-lanes", () => ({ next: 0 }));

/**
 * Counts tracking look-ups against the client address, one per tracking ID asked for (a search
 * of ten IDs is ten look-ups), with the TRACK_LIMITER binding: no D1 write. Every tracking page,
 * list and calendar file asks here. TRACK_RATE_LIMIT look-ups per minute are allowed, in steps
 * of the binding's 60: a larger figure (the e2e server's, the benchmark's) spreads one address
 * over that many binding keys in turn. The binding says no wait time; a refusal asks for one
 * period.
 */
export async function countTrackingLookUps(
  context: Pick<LimitContext, "cloudflare">,
  { clientAddress: address, lookUps = 1 }: { clientAddress: string; lookUps?: number },
): Promise<RateLimitResult> {
  const env = context.cloudflare.env;
  const laneCount = Math.ceil(limitFromVar(env.TRACK_RATE_LIMIT, TRACK_LIMITER_LIMIT) / TRACK_LIMITER_LIMIT);
  const outcomes = await Promise.all(
    Array.from({ length: lookUps }, () => {
      lanes.next = (lanes.next + 1) % laneCount;
      return env.TRACK_LIMITER.limit({ key: laneCount === 1 ? `track:${address}` : `track:${address}:${lanes.next}` });
    }),
  );
  return outcomes.every(({ success }) => success) ? { allowed: true } : { allowed: false, retryAfterSeconds: TRACK_LIMITER_PERIOD_SECONDS };
}

const ATTEMPT_WINDOW_MS = 15 * 60_000;

/**
 * Counts an attempt at an account form against the client address and, when given, the
 * subject (so many addresses cannot take turns at one account). LOGIN_RATE_LIMIT attempts are
 * allowed per key per 15 minutes. Sign-ins with a password have lanes of their own
 * (sign-in-throttle.ts); the demo buttons and the password change are counted here.
 */
export async function countAttempt(
  context: LimitContext,
  { form, clientAddress: address, subject }: { form: "login" | "password-change"; clientAddress: string; subject?: string },
): Promise<RateLimitResult> {
  const limit = limitFromVar(context.cloudflare.env.LOGIN_RATE_LIMIT, 10);
  const keys = [`${form}:ip:${address}`, ...(subject ? [`${form}:subject:${subject}`] : [])];
  for (const key of keys) {
    const result = await hitRateLimit(context.db, { key, limit, windowMs: ATTEMPT_WINDOW_MS });
    if (!result.allowed) return result;
  }
  return { allowed: true };
}

const HOUR_MS = 60 * 60_000;

type ActionLimit = { perClient: number; perAccount?: number; windowMs: number; message: string };

/**
 * Actions that send mail, most of them to an address someone typed: how many one client
 * address, and one account (or, for a reset link or a contact message's acknowledgement, the
 * typed address the mail goes to), may make per hour.
 * ACTION_RATE_LIMIT_FACTOR multiplies every figure (the e2e server, one address for every
 * story, raises it).
 */
export const ACTION_LIMITS = {
  register: { perClient: 5, windowMs: HOUR_MS, message: "Too many accounts have been created from this connection." },
  "password-reset": { perClient: 5, perAccount: 3, windowMs: HOUR_MS, message: "Too many reset links have been asked for." },
  // A sign-in link while password sign-ins are on hold: the account is the typed address.
  "sign-in-link": { perClient: 5, perAccount: 3, windowMs: HOUR_MS, message: "Too many sign-in links have been asked for." },
  newsletter: { perClient: 5, windowMs: HOUR_MS, message: "Too many newsletter sign-ups have come from this connection." },
  "customer-shipment": { perClient: 20, perAccount: 10, windowMs: HOUR_MS, message: "Too many shipments have been created." },
  "admin-shipment": { perClient: 60, perAccount: 60, windowMs: HOUR_MS, message: "Too many shipments have been created." },
  // Through the API (a shop's checkout): more per account than the form, each still mailed and
  // capped per recipient address like any parcel mail (docs/decisions/162).
  "api-shipment": { perClient: 600, perAccount: 200, windowMs: HOUR_MS, message: "Too many shipments have been created." },
  // An upload of a CSV file of shipments (up to 5,000 rows each); its confirm is not counted again.
  "shipment-import": { perClient: 10, perAccount: 10, windowMs: HOUR_MS, message: "Too many files have been imported." },
  contact: { perClient: 5, perAccount: 10, windowMs: HOUR_MS, message: "You have sent several messages in a short time." },
  "status-change": { perClient: 120, perAccount: 120, windowMs: HOUR_MS, message: "Too many status changes have been made." },
  rating: { perClient: 20, perAccount: 20, windowMs: HOUR_MS, message: "Too many ratings have been sent from this connection." },
  // "Keep me posted": the account is the address the confirmation link is mailed to.
  "tracking-subscription": {
    perClient: 10,
    perAccount: 3,
    windowMs: HOUR_MS,
    message: "You have asked for updates several times in a short time.",
  },
  "admin-invitation": { perClient: 20, perAccount: 20, windowMs: HOUR_MS, message: "Too many admin invitations have been sent." },
} satisfies Record<string, ActionLimit>;

export type LimitedAction = keyof typeof ACTION_LIMITS;

/**
 * Counts one `action` against the client address and, when the action has a per-account limit,
 * against `account` (an account id, or the address a reset link was asked for), both in one
 * round trip. The refusal (429) says why and when to try again, in the request's language; null
 * when the action may go ahead.
 */
export async function limitAction(
  context: LimitContext,
  { action, clientAddress: address, account }: { action: LimitedAction; clientAddress: string; account?: string },
): Promise<RateLimited | null> {
  const rule: ActionLimit = ACTION_LIMITS[action];
  const factor = limitFromVar(context.cloudflare.env.ACTION_RATE_LIMIT_FACTOR, 1);
  const now = Date.now();
  const result = await hitRateLimits(context.db, [
    { key: `${action}:ip:${address}`, limit: rule.perClient * factor, windowMs: rule.windowMs, now },
    ...(rule.perAccount !== undefined && account !== undefined ? [{ key: `${action}:account:${account}`, limit: rule.perAccount * factor, windowMs: rule.windowMs, now }] : []),
  ]);
  if (result.allowed) return null;
  const t = await messagesIn(context);
  return tooManyAttempts(result, `${t(rule.message)} ${tryAgainIn(result.retryAfterSeconds, t)}`);
}
