// The cron trigger's work: retry mail and drop rows that have expired.
import { lt, or, isNotNull } from "drizzle-orm";
import { passwordResetTokens, rateLimits, sessions } from "../../drizzle/schema";
import { getDb } from "./db";
import { expiredSignUpsQuery } from "~/features/site/newsletter.server";
import { sendDueMail } from "~/features/mail/outbox.server";
import { forgottenLanesQuery } from "~/features/accounts/sign-in-throttle.server";
import { expiredPendingSubscriptionsQuery } from "~/features/tracking/tracking-subscriptions.server";

const DAY_MS = 86_400_000;

export async function runScheduledWork(env: Env, now: number): Promise<void> {
  const db = getDb(env);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now - DAY_MS)),
    db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt))),
    forgottenLanesQuery(db, now),
    expiredSignUpsQuery(db, now),
    expiredPendingSubscriptionsQuery(db, now),
  ]);
  await sendDueMail(db, env, now);
}
