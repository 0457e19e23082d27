// The cron trigger's work. Every minute: the sweeps, which hand the events queue the mail a
// request wrote but did not hand over and the webhook deliveries that are due (nothing is sent
// here). Every five minutes also: drop rows that have expired.
import { lt, or, isNotNull } from "drizzle-orm";
import { passwordResetTokens, rateLimits, sessions, shipmentImports } from "../../drizzle/schema";
import { getDb } from "./db";
import { sweepOutbox } from "./dispatch";
import { expiredSignUpsQuery } from "~/features/site/newsletter.server";
import { forgottenLanesQuery } from "~/features/accounts/sign-in-throttle.server";
import { expiredPendingSubscriptionsQuery } from "~/features/tracking/tracking-subscriptions.server";
import { expiredIdempotencyQuery } from "~/features/api/idempotency.server";
import { sweepWebhooks } from "~/features/webhooks/webhook-delivery.server";
import { publicOrigin } from "~/load-context";

const DAY_MS = 86_400_000;

/** wrangler.toml's second cron: the clean-up runs on it (the sweep runs on both). */
const CLEAN_UP_CRON = "*/5 * * * *";

export async function runScheduledWork(env: Env, { cron, now, ctx }: { cron: string; now: number; ctx: { waitUntil(promise: Promise<unknown>): void } }): Promise<void> {
  if (cron === CLEAN_UP_CRON) await dropExpiredRows(env, now);
  await Promise.all([sweepOutbox(env, now), sweepWebhooks({ db: getDb(env), origin: publicOrigin(env), cloudflare: { env, ctx } }, now)]);
}

async function dropExpiredRows(env: Env, now: number): Promise<void> {
  const db = getDb(env);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now - DAY_MS)),
    db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt))),
    // An uploaded import's rows go with it (ON DELETE CASCADE); its shipments stay.
    db.delete(shipmentImports).where(lt(shipmentImports.expiresAt, now)),
    forgottenLanesQuery(db, now),
    expiredSignUpsQuery(db, now),
    expiredPendingSubscriptionsQuery(db, now),
    expiredIdempotencyQuery(db, now),
  ]);
}
