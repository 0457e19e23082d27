// Fixed-window counters in D1: one upsert per attempt, checked before any expensive work.
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/load-context";
import type { Db } from "./db";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function hitRateLimit(
  db: Db,
  { key, limit, windowMs, now = Date.now() }: { key: string; limit: number; windowMs: number; now?: number },
): Promise<RateLimitResult> {
  const windowStart = now - (now % windowMs);
  const row = await db.get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
    RETURNING count`);
  if (row.count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
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

const ATTEMPT_WINDOW_MS = 15 * 60_000;

/**
 * Counts an attempt at an account form against the client address and, when given, the
 * e-mail address (so many addresses cannot take turns at one account). LOGIN_RATE_LIMIT
 * attempts are allowed per key per 15 minutes.
 */
export async function countAttempt(
  context: Pick<ServiceContext, "db" | "cloudflare">,
  { form, clientAddress: address, subject }: { form: "login" | "register" | "password-reset" | "password-change"; clientAddress: string; subject?: string },
): Promise<RateLimitResult> {
  const limit = limitFromVar(context.cloudflare.env.LOGIN_RATE_LIMIT, 10);
  const keys = [`${form}:ip:${address}`, ...(subject ? [`${form}:subject:${subject}`] : [])];
  for (const key of keys) {
    const result = await hitRateLimit(context.db, { key, limit, windowMs: ATTEMPT_WINDOW_MS });
    if (!result.allowed) return result;
  }
  return { allowed: true };
}
