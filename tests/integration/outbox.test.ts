import { createScheduledController, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newsletterSubscribers, outbox, rateLimits, sessions, signInFailures } from "../../drizzle/schema";
import worker from "../worker";
import { retryDelayMs, sendDueMail } from "~/features/mail/outbox.server";
import { hitRateLimit } from "~/.server/rate-limit";
import { createUser, db } from "./fixtures";

afterEach(() => vi.restoreAllMocks());

/** A mail as recordEvents queues it. */
function queueMail(now = Date.now()) {
  return db.insert(outbox).values({ id: crypto.randomUUID(), toAddress: "someone@example.com", subject: "Hello", body: "Body", kind: "test", nextAttemptAt: now });
}

describe("outbox", () => {
  it("keeps mail in the outbox when no endpoint is configured", async () => {
    await queueMail();
    expect(await sendDueMail(db, { MAIL_ENDPOINT: "" })).toBe(0);
    const [row] = await db.select().from(outbox).where(eq(outbox.kind, "test"));
    expect(row!.status).toBe("pending");
    await db.delete(outbox);
  });

  it("posts due mail to the endpoint and marks it sent", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    await queueMail();
    expect(await sendDueMail(db, { MAIL_ENDPOINT: "https://mail.test/send" })).toBe(1);
    expect(fetchSpy).toHaveBeenCalledOnce();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe("https://mail.test/send");
    expect(JSON.parse(String(init!.body))).toMatchObject({ to: "someone@example.com", subject: "Hello", body: "Body" });
    const [row] = await db.select().from(outbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    await db.delete(outbox);
  });

  it("backs off after a failure and gives up after eight attempts", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("nope", { status: 503 }));
    const now = Date.now();
    await queueMail(now);
    await sendDueMail(db, { MAIL_ENDPOINT: "https://mail.test/send" }, now);
    let [row] = await db.select().from(outbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 503", nextAttemptAt: now + 60_000 });
    // Not due yet: nothing is sent.
    expect(await sendDueMail(db, { MAIL_ENDPOINT: "https://mail.test/send" }, now + 1000)).toBe(0);
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      await sendDueMail(db, { MAIL_ENDPOINT: "https://mail.test/send" }, row!.nextAttemptAt);
      [row] = await db.select().from(outbox);
    }
    expect(row).toMatchObject({ status: "failed", attempts: 8 });
    await db.delete(outbox);
  });

  it("doubles the wait up to an hour", () => {
    expect([1, 2, 3, 7, 12].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 60, 60]);
  });
});

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
