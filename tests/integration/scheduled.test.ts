// The cron trigger's clean-up (every five minutes) and the rate-limit counters it drops. Its
// sweep of the outbox is in mail-queue.test.ts.
import { createScheduledController, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers, rateLimits, sessions, signInFailures } from "../../drizzle/schema";
import worker from "../worker";
import { hitRateLimit } from "~/.server/rate-limit";
import { createUser, db } from "./fixtures";

describe("the cron trigger", () => {
  it("drops expired sessions and old rate-limit windows", async () => {
    const user = await createUser();
    const now = Date.now();
    await db.insert(sessions).values([
      { idHash: "expired", userId: user.id, expiresAt: now - 1 },
      { idHash: "live", userId: user.id, expiresAt: now + 60_000 },
    ]);
    await hitRateLimit(db, { key: "old", limit: 5, windowMs: 60_000, now: now - 2 * 86_400_000 });
    await hitRateLimit(db, { key: "new", limit: 5, windowMs: 60_000, now });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await db.select({ id: sessions.idHash }).from(sessions)).map((row) => row.id)).toEqual(["live"]);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual(["new"]);
  });
});

describe("the cron trigger's forgetting", () => {
  it("drops sign-in lanes whose failures are forgotten and addresses never confirmed once their link expired", async () => {
    const now = Date.now();
    const day = 86_400_000;
    await db.insert(signInFailures).values([
      { key: "sign-in:ip:forgotten", failures: 12, lastFailureAt: now - 2 * day, blockedUntil: now - day },
      { key: "sign-in:ip:still-waiting", failures: 17, lastFailureAt: now - 2 * day, blockedUntil: now + 60_000 },
      { key: "sign-in:ip:recent", failures: 3, lastFailureAt: now - 3_600_000, blockedUntil: 0 },
    ]);
    await db.insert(newsletterSubscribers).values([
      { email: "never-confirmed@example.com", status: "pending", tokenHash: "expired-link", tokenExpiresAt: now - 1 },
      { email: "not-yet-confirmed@example.com", status: "pending", tokenHash: "live-link", tokenExpiresAt: now + day },
      { email: "confirmed@example.com", status: "confirmed", confirmedAt: now - 30 * day },
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await db.select({ key: signInFailures.key }).from(signInFailures)).map((row) => row.key).sort()).toEqual([
      "sign-in:ip:recent",
      "sign-in:ip:still-waiting",
    ]);
    expect((await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((row) => row.email).sort()).toEqual([
      "confirmed@example.com",
      "not-yet-confirmed@example.com",
    ]);
  });
});

describe("hitRateLimit", () => {
  it("counts per key and window and says when to come back", async () => {
    const start = 1_800_000_000_000;
    const hit = (key: string, now: number) => hitRateLimit(db, { key, limit: 2, windowMs: 60_000, now });
    expect(await hit("a", start)).toEqual({ allowed: true });
    expect(await hit("a", start + 1000)).toEqual({ allowed: true });
    expect(await hit("a", start + 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await hit("b", start + 20_000)).toEqual({ allowed: true });
    expect(await hit("a", start + 60_000)).toEqual({ allowed: true });
  });
});
