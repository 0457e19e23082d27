// Events and their mail: the events queue and its consumers, the mail built from events, the one
// event pipeline (commit), and the cron trigger's clean-up. The queue's part runs first: its sweep
// test hands over every pending mail more than a minute old, and the other parts write such mail.
// The cron's tests read back only the rows they wrote, as the other parts write sessions too.
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, gte, inArray, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { events, mailSuppressions, newsletterSubscribers, outbox, rateLimits, sessions, settings, shipments, signInFailures, trackingSubscriptions, users } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { inParts } from "~/.server/db";
import { DELIVERIES } from "~/.server/deliveries";
import { commit, DEAD_LETTER_QUEUE, EVENTS_QUEUE, type Delivery } from "~/.server/dispatch";
import { recordEventWhere, recordEvents, SYSTEM_ACTOR, type EventType } from "~/.server/events";
import { hitRateLimit } from "~/.server/rate-limit";
import { sendPasswordReset } from "~/features/accounts/password-reset.server";
import { UNREQUESTED_MAIL_PER_HOUR } from "~/features/mail/notifications.server";
import { unsubscribeUrl } from "~/features/mail/suppression.server";
import { changeShipmentStatus, createShipment } from "~/features/shipments/shipments.server";
import { subscribeToNewsletter } from "~/features/site/newsletter.server";
import { confirmVersion, recentlyConfirmed } from "~/features/tracking/tracking-freshness.server";
import { subscribeToTracking } from "~/features/tracking/tracking-subscriptions.server";
import worker from "../worker";
import { BASE } from "./base";
import { getSettings } from "~/features/settings/settings.server";
import { createUser, db, MINIMAL_SHIPMENT, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { get, post } from "./requests";

// Events leave through the events queue (docs/decisions/148): the request hands the mail it
// committed to the queue, the worker's queue() handler sends it through the provider (Resend's
// API, docs/decisions/148) once, retries with growing delays, and the dead-letter queue's
// consumer marks what never went out dead; the cron sweeps what a request failed to hand over.
// Non-essential mail honours the suppression list and the per-address hourly bound
// (docs/decisions/090). The queue's batches are made with vitest-pool-workers' createMessageBatch
// and read back with getQueueResult; the provider is a fetch mock.
describe("the events queue", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The events queue as a test sees it: what was handed over, and whether it refuses. */
  function fakeQueue() {
    const sent: Delivery[] = [];
    const queue = {
      refusing: false,
      sent,
      async sendBatch(messages: Iterable<MessageSendRequest<Delivery>>) {
        if (queue.refusing) throw new Error("Queue unavailable");
        for (const message of messages) sent.push(message.body);
      },
      async send(body: Delivery) {
        await queue.sendBatch([{ body }]);
      },
    };
    return queue;
  }

  /** The worker's bindings with a provider key (mail leaves) and a queue the test watches. */
  function sendingEnv(queue = fakeQueue()) {
    return { ...env, RESEND_API_KEY: "re_test_key", RESEND_API_URL: "https://api.resend.test", EVENTS_QUEUE: queue as unknown as Queue<Delivery> };
  }

  function contextWith(bindings: Env) {
    const ctx = createExecutionContext();
    return { context: { db, cloudflare: { env: bindings, ctx }, origin: BASE }, ctx };
  }

  /** The provider answers `status` (and, for 200, an id) to every send. */
  function provider(status = 200) {
    return vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => (status === 200 ? Response.json({ id: crypto.randomUUID() }) : Response.json({ name: "error", message: `refused with ${status}` }, { status })));
  }

  let messageCounter = 0;

  /** A batch of the events queue (or another), each message naming one mail. */
  function mailBatch(ids: string[], { attempts = 1, queue = EVENTS_QUEUE }: { attempts?: number; queue?: string } = {}) {
    return createMessageBatch<Delivery>(
      queue,
      ids.map((id) => ({ id: `message-${(messageCounter += 1)}`, timestamp: new Date(), attempts, body: { channel: "mail", id } })),
    );
  }

  /**
   * The batch with its one message's retry() watched: getQueueResult says which messages were
   * retried, not after how long (vitest-pool-workers keeps no delaySeconds).
   */
  function retrying(batch: MessageBatch<Delivery>) {
    return { batch, retry: vi.spyOn(batch.messages[0]!, "retry") };
  }

  async function consume(batch: MessageBatch<Delivery>, bindings: Env = sendingEnv()) {
    const ctx = createExecutionContext();
    await worker.queue(batch, bindings, ctx);
    return getQueueResult(batch, ctx);
  }

  /** A mail as a request writes it, `createdAt` ago. */
  async function writtenMail(overrides: Partial<typeof outbox.$inferInsert> = {}) {
    const now = Date.now();
    const row = {
      id: crypto.randomUUID(),
      toAddress: `reader-${crypto.randomUUID().slice(0, 8)}@example.com`,
      subject: "Hello",
      body: "Body with a link: https://parcel.test/track/SWP1",
      kind: "test",
      nextAttemptAt: now,
      createdAt: now,
      ...overrides,
    } satisfies typeof outbox.$inferInsert;
    await db.insert(outbox).values(row);
    return row;
  }

  function rowOf(id: string) {
    return db.select().from(outbox).where(eq(outbox.id, id)).get();
  }

  describe("the relay after the commit", () => {
    it("hands the mail a change wrote to the queue once the answer is out, and marks it handed over", async () => {
      const queue = fakeQueue();
      const { context, ctx } = contextWith(sendingEnv(queue));
      const account = await createUser();
      await sendPasswordReset(context, account);
      const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, account.email));
      expect(mail).toMatchObject({ kind: "password-reset", status: "pending" });
      await waitOnExecutionContext(ctx);
      expect(queue.sent).toEqual([{ channel: "mail", id: mail!.id }]);
      expect((await rowOf(mail!.id))!.handedOverAt).toEqual(expect.any(Number));
    });

    it("hands nothing over without a provider key: the mail stays in the outbox for the admins", async () => {
      const queue = fakeQueue();
      const { context, ctx } = contextWith({ ...sendingEnv(queue), RESEND_API_KEY: "" });
      const account = await createUser();
      await sendPasswordReset(context, account);
      await waitOnExecutionContext(ctx);
      expect(queue.sent).toEqual([]);
      const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, account.email));
      expect(mail).toMatchObject({ status: "pending", handedOverAt: null });
    });

    it("gives the admin feed one cue, and the webhook channel the events, for a commit with shipment events", async () => {
      const queue = fakeQueue();
      const { context, ctx } = contextWith(sendingEnv(queue));
      await createShipment(context, { actor: SYSTEM_ACTOR, shipment: shipment({ senderEmail: null, recipientEmail: null }) });
      await waitOnExecutionContext(ctx);
      expect(queue.sent).toEqual([
        { channel: "admin-feed", eventId: expect.any(String) },
        { channel: "webhook", eventIds: [expect.any(String)] },
      ]);
    });
  });

  describe("the consumer", () => {
    it("sends a mail through the provider's API once, with its HTML alternative and the row's idempotency key", async () => {
      const fetchSpy = provider();
      const mail = await writtenMail({ kind: "shipment-status", unsubscribeUrl: `${BASE}/unsubscribe/abc.def` });
      const result = await consume(mailBatch([mail.id]));
      expect(result.explicitAcks).toHaveLength(1);
      expect(result.retryMessages).toEqual([]);
      expect(fetchSpy).toHaveBeenCalledOnce();
      const [url, init] = fetchSpy.mock.calls[0]!;
      expect(url).toBe("https://api.resend.test/emails");
      const headers = new Headers(init!.headers);
      expect(headers.get("Authorization")).toBe("Bearer re_test_key");
      expect(headers.get("Idempotency-Key")).toBe(`outbox/${mail.id}`);
      const sent = JSON.parse(String(init!.body));
      expect(sent).toMatchObject({
        from: "SwiftParcel <mail@swiftparcel.example>",
        to: [mail.toAddress],
        subject: "Hello",
        text: mail.body,
        headers: { "List-Unsubscribe": `<${BASE}/unsubscribe/abc.def>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        tags: [{ name: "kind", value: "shipment-status" }],
      });
      expect(sent.html).toContain('<a href="https://parcel.test/track/SWP1"');
      expect(await rowOf(mail.id)).toMatchObject({ status: "sent", attempts: 1, lastError: null, sentAt: expect.any(Number) });
    });

    it("sends nothing twice: a message delivered again, or twice in one batch, finds its mail sent", async () => {
      const fetchSpy = provider();
      const mail = await writtenMail();
      await consume(mailBatch([mail.id, mail.id]));
      expect(fetchSpy).toHaveBeenCalledOnce();
      const again = await consume(mailBatch([mail.id], { attempts: 2 }));
      expect(again.explicitAcks).toHaveLength(1);
      expect(fetchSpy).toHaveBeenCalledOnce();
      expect(await rowOf(mail.id)).toMatchObject({ status: "sent", attempts: 1 });
    });

    it("retries a failed send after a delay that grows with the attempts, keeping the error for the mailbox", async () => {
      provider(503);
      const mail = await writtenMail();
      const before = Date.now();
      const third = retrying(mailBatch([mail.id], { attempts: 3 }));
      const result = await consume(third.batch);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toEqual([{ msgId: third.batch.messages[0]!.id }]);
      expect(third.retry).toHaveBeenCalledWith({ delaySeconds: 4 });
      const row = (await rowOf(mail.id))!;
      expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "HTTP 503: refused with 503" });
      expect(row.nextAttemptAt).toBeGreaterThanOrEqual(before + 4000);
      const sixth = retrying(mailBatch([mail.id], { attempts: 6 }));
      await consume(sixth.batch);
      expect(sixth.retry).toHaveBeenCalledWith({ delaySeconds: 32 });
      expect((await rowOf(mail.id))!.attempts).toBe(2);
    });

    it("retries after a timeout, which the same idempotency key makes safe", async () => {
      vi.spyOn(globalThis, "fetch").mockRejectedValue(new DOMException("The operation timed out.", "TimeoutError"));
      const mail = await writtenMail();
      const first = retrying(mailBatch([mail.id]));
      const result = await consume(first.batch);
      expect(result.retryMessages).toEqual([{ msgId: first.batch.messages[0]!.id }]);
      expect(first.retry).toHaveBeenCalledWith({ delaySeconds: 1 });
      expect(await rowOf(mail.id)).toMatchObject({ status: "failed", lastError: "No answer within 5 s" });
    });

    it("marks a mail the provider refuses outright dead at once, without retrying it", async () => {
      provider(422);
      const mail = await writtenMail();
      const result = await consume(mailBatch([mail.id]));
      expect(result.explicitAcks).toHaveLength(1);
      expect(result.retryMessages).toEqual([]);
      expect(await rowOf(mail.id)).toMatchObject({ status: "dead", lastError: "HTTP 422: refused with 422" });
    });
  });

  describe("the dead-letter queue", () => {
    it("marks mail that failed its last attempt dead, with its last error, and leaves sent mail alone", async () => {
      const failed = await writtenMail({ status: "failed", attempts: 13, lastError: "HTTP 503: down" });
      const sent = await writtenMail({ status: "sent", attempts: 1 });
      const fetchSpy = provider();
      const result = await consume(mailBatch([failed.id, sent.id], { queue: DEAD_LETTER_QUEUE, attempts: 1 }));
      expect(result.ackAll).toBe(true);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(await rowOf(failed.id)).toMatchObject({ status: "dead", lastError: "HTTP 503: down" });
      expect(await rowOf(sent.id)).toMatchObject({ status: "sent" });
    });

    it("shows the dead mail and its error in the mailbox, where an admin retries it", async () => {
      const dead = await writtenMail({ status: "dead", attempts: 13, lastError: "HTTP 503: down", subject: "Dead letter" });
      const admin = await createUser({ role: "admin" });
      const cookie = await adminCookie(admin.id);
      const list = await (await get(`/admin/mailbox?status=dead&search=${encodeURIComponent(dead.toAddress)}`, { Cookie: cookie })).text();
      expect(list).toContain("Dead letter");
      expect(list).toContain("HTTP 503: down");
      // The tests' worker has no provider key: the retry is refused and changes nothing.
      const refusedRetry = await post(`/admin/mailbox/${dead.id}`, { intent: "retry" }, { Cookie: cookie });
      expect(refusedRetry.status).toBe(303);
      expect((await rowOf(dead.id))!.status).toBe("dead");

      const queue = fakeQueue();
      const retried = await fetchWith(sendingEnv(queue), `/admin/mailbox/${dead.id}`, { intent: "retry" }, cookie);
      expect(retried.status).toBe(303);
      expect(queue.sent).toEqual([{ channel: "mail", id: dead.id }]);
      expect(await rowOf(dead.id)).toMatchObject({ status: "pending", lastError: "HTTP 503: down", handedOverAt: expect.any(Number) });
      provider();
      await consume(mailBatch([dead.id]));
      expect((await rowOf(dead.id))!.status).toBe("sent");
    });

    it("retries every failed and dead mail at once", async () => {
      const dead = await writtenMail({ status: "dead", lastError: "x" });
      const failed = await writtenMail({ status: "failed", lastError: "y" });
      const sent = await writtenMail({ status: "sent" });
      const admin = await createUser({ role: "admin" });
      const queue = fakeQueue();
      const answer = await fetchWith(sendingEnv(queue), "/admin/mailbox/retry", { intent: "retry-all", redirectTo: "/admin/mailbox?status=dead" }, await adminCookie(admin.id));
      expect(answer.headers.get("Location")).toBe("/admin/mailbox?status=dead");
      expect(queue.sent).toEqual(expect.arrayContaining([{ channel: "mail", id: dead.id }, { channel: "mail", id: failed.id }]));
      expect(queue.sent).not.toContainEqual({ channel: "mail", id: sent.id });
      const rows = await db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(inArray(outbox.id, [dead.id, failed.id, sent.id]));
      expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [dead.id]: "pending", [failed.id]: "pending", [sent.id]: "sent" });
    });
  });

  describe("the sweep", () => {
    it("hands over mail a request wrote but lost before handing it over, once it is a minute old", async () => {
      const queue = fakeQueue();
      queue.refusing = true;
      const { context, ctx } = contextWith(sendingEnv(queue));
      const account = await createUser();
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      await sendPasswordReset(context, account);
      await waitOnExecutionContext(ctx);
      const [lost] = await db.select().from(outbox).where(eq(outbox.toAddress, account.email));
      expect(lost).toMatchObject({ status: "pending", handedOverAt: null });

      queue.refusing = false;
      await sweep(sendingEnv(queue), lost!.createdAt + 30_000);
      expect(queue.sent).toEqual([]);
      await sweep(sendingEnv(queue), lost!.createdAt + 61_000);
      expect(queue.sent).toContainEqual({ channel: "mail", id: lost!.id });
      expect((await rowOf(lost!.id))!.handedOverAt).toBe(lost!.createdAt + 61_000);
      // Handed over now: the next sweep leaves it to the queue.
      queue.sent.length = 0;
      await sweep(sendingEnv(queue), lost!.createdAt + 121_000);
      expect(queue.sent).not.toContainEqual({ channel: "mail", id: lost!.id });
    });

    it("hands over again mail whose message the queue lost, and never sent or dead mail", async () => {
      const now = Date.now();
      const stuck = await writtenMail({ createdAt: now - 30 * 60_000, handedOverAt: now - 30 * 60_000, nextAttemptAt: now - 20 * 60_000 });
      const sent = await writtenMail({ createdAt: now - 30 * 60_000, status: "sent" });
      const dead = await writtenMail({ createdAt: now - 30 * 60_000, status: "dead" });
      const queue = fakeQueue();
      await sweep(sendingEnv(queue), now);
      const swept = queue.sent.flatMap((delivery) => (delivery.channel === "mail" ? [delivery.id] : []));
      expect(swept).toContain(stuck.id);
      expect(swept).not.toContain(sent.id);
      expect(swept).not.toContain(dead.id);
    });
  });

  describe("suppression", () => {
    it("stops non-essential mail to an address that unsubscribed with one click, and keeps the mail it asks for", async () => {
      const reader = await createUser();
      const link = await unsubscribeUrl({ origin: BASE, cloudflare: { env } }, reader.email);
      expect(link).toMatch(new RegExp(`^${BASE.replaceAll(".", "\\.")}/unsubscribe/[\\w-]+\\.[\\w-]{43}$`));
      // The link's page unsubscribes nothing by being opened.
      expect(await (await get(new URL(link).pathname)).text()).toContain(`Stop parcel updates and newsletters to ${reader.email}?`);
      expect(await db.$count(mailSuppressions, eq(mailSuppressions.email, reader.email))).toBe(0);
      // A mail client's RFC 8058 one-click POST.
      const oneClick = await post(new URL(link).pathname, { "List-Unsubscribe": "One-Click" }, { Origin: "" });
      expect(oneClick.status).toBe(303);
      expect(await db.select().from(mailSuppressions).where(eq(mailSuppressions.email, reader.email))).toEqual([
        expect.objectContaining({ reason: "unsubscribed" }),
      ]);

      const { context } = contextWith(sendingEnv());
      await createShipment(context, { actor: SYSTEM_ACTOR, shipment: shipment({ senderEmail: "someone-else@example.com", recipientEmail: reader.email }) });
      await sendPasswordReset(context, reader);
      expect((await db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.toAddress, reader.email))).map((row) => row.kind)).toEqual(["password-reset"]);
    });

    it("refuses a link this site did not make", async () => {
      expect((await get("/unsubscribe/c29tZW9uZUBleGFtcGxlLmNvbQ.forged")).status).toBe(404);
      const forged = await post("/unsubscribe/c29tZW9uZUBleGFtcGxlLmNvbQ.forged", { intent: "unsubscribe" });
      expect(forged.status).toBe(404);
      expect(await db.$count(mailSuppressions, eq(mailSuppressions.email, "someone@example.com"))).toBe(0);
    });

    it("suppresses an address the provider reports a complaint about, when the event carries the provider's signature", async () => {
      const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
      const address = `complainer-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const body = JSON.stringify({ type: "email.complained", created_at: new Date().toISOString(), data: { email_id: "e1", to: [address] } });
      const bindings = { ...sendingEnv(), RESEND_WEBHOOK_SECRET: secret };
      const forged = await postEvent(bindings, body, await providerSignature("whsec_Zm9yZ2Vk", body));
      expect(forged.status).toBe(401);
      expect((await postEvent({ ...bindings, RESEND_WEBHOOK_SECRET: "" }, body, await providerSignature(secret, body))).status).toBe(404);
      expect(await db.$count(mailSuppressions, eq(mailSuppressions.email, address))).toBe(0);
      const signed = await postEvent(bindings, body, await providerSignature(secret, body));
      expect(signed.status).toBe(200);
      expect(await signed.json()).toEqual({ acted: true });
      expect(await db.select().from(mailSuppressions).where(eq(mailSuppressions.email, address))).toEqual([expect.objectContaining({ reason: "complained" })]);
    });

    it("does not send non-essential mail written before the address unsubscribed", async () => {
      const mail = await writtenMail({ kind: "shipment-status", unsubscribeUrl: `${BASE}/unsubscribe/x.y` });
      const essential = await writtenMail({ kind: "password-reset" });
      await db.insert(mailSuppressions).values([
        { email: mail.toAddress, reason: "complained" },
        { email: essential.toAddress, reason: "unsubscribed" },
      ]);
      const fetchSpy = provider();
      await consume(mailBatch([mail.id, essential.id]));
      expect(fetchSpy).toHaveBeenCalledOnce();
      expect((await rowOf(mail.id))!.status).toBe("suppressed");
      expect((await rowOf(essential.id))!.status).toBe("sent");
    });

    it("carries the unsubscribe link in the text of parcel mail and in its header, and never in account mail", async () => {
      const { context } = contextWith(sendingEnv());
      const sender = `sender-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const account = await createUser();
      await createShipment(context, { actor: SYSTEM_ACTOR, shipment: shipment({ senderEmail: sender, recipientEmail: `r-${sender}` }) });
      await sendPasswordReset(context, account);
      const [parcel] = await db.select().from(outbox).where(eq(outbox.toAddress, sender));
      expect(parcel!.unsubscribeUrl).toBe(await unsubscribeUrl({ origin: BASE, cloudflare: { env } }, sender));
      expect(parcel!.body).toContain(`To get no more parcel updates or newsletters from SwiftParcel at this address: ${parcel!.unsubscribeUrl}`);
      const [reset] = await db.select().from(outbox).where(eq(outbox.toAddress, account.email));
      expect(reset!.unsubscribeUrl).toBeNull();
      expect(reset!.body).not.toContain("/unsubscribe/");
    });
  });

  describe("the per-address bound of unrequested mail", () => {
    it("writes at most UNREQUESTED_MAIL_PER_HOUR parcel mails an hour to an address others name, whoever names it", async () => {
      const target = `target-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const { context } = contextWith(sendingEnv());
      for (let index = 0; index < UNREQUESTED_MAIL_PER_HOUR + 2; index += 1) {
        await createShipment(context, { actor: SYSTEM_ACTOR, shipment: shipment({ senderEmail: `s${index}-${target}`, recipientEmail: target }) });
      }
      const toTarget = await db.select().from(outbox).where(and(eq(outbox.toAddress, target), eq(outbox.kind, "shipment-created")));
      expect(toTarget).toHaveLength(UNREQUESTED_MAIL_PER_HOUR);
      // Every sender still got theirs, and the subject names no sender.
      expect(await db.$count(outbox, eq(outbox.toAddress, `s${UNREQUESTED_MAIL_PER_HOUR + 1}-${target}`))).toBe(1);
      expect(new Set(toTarget.map((mail) => mail.subject))).toEqual(new Set(["A parcel is on its way to you"]));
    });

    it("does not bound the mail an owner gets about its own shipments", async () => {
      const owner = await createUser();
      const { context } = contextWith(sendingEnv());
      const ids: string[] = [];
      for (let index = 0; index < UNREQUESTED_MAIL_PER_HOUR + 1; index += 1) {
        const created = await createShipment(context, {
          actor: { userId: owner.id, email: owner.email, label: "customer" },
          shipment: { ...shipment({ senderEmail: owner.email, recipientEmail: `friend${index}-${owner.email}` }), userId: owner.id },
        });
        ids.push(created.id);
      }
      expect(await db.$count(outbox, and(eq(outbox.toAddress, owner.email), eq(outbox.kind, "shipment-created")))).toBe(UNREQUESTED_MAIL_PER_HOUR + 1);
      for (const id of ids.slice(0, 2)) await changeShipmentStatus(context, { shipmentId: id, status: "in_transit", actor: SYSTEM_ACTOR });
      expect(await db.$count(outbox, and(eq(outbox.toAddress, owner.email), eq(outbox.kind, "shipment-status")))).toBe(2);
    });
  });

  describe("a bulk status change of 200 shipments", () => {
    it("hands one status mail per owner to the queue, which sends each once, a redelivery none again", { timeout: 120_000 }, async () => {
      const OWNERS = 200;
      const tag = crypto.randomUUID().slice(0, 8);
      const owners = Array.from({ length: OWNERS }, (_, index) => ({
        id: `bulk-owner-${tag}-${index}`,
        email: `bulk-owner-${index}-${tag}@example.com`,
        passwordHash: "unused",
        firstName: `Owner${index}`,
        lastName: "Bulk",
      }));
      // Each owner's own shipment, sent from the owner's address to a recipient without one.
      const parcels = owners.map((owner, index) => ({
        ...MINIMAL_SHIPMENT,
        id: `bulk-parcel-${tag}-${index}`,
        trackingId: `BLK${tag.toUpperCase()}${String(index).padStart(4, "0")}`,
        userId: owner.id,
        senderEmail: owner.email,
        recipientEmail: null,
        status: "pending" as const,
        currentLocation: "Processing Center",
      }));
      await db.batch([
        ...inParts(owners, 5).map((part) => db.insert(users).values(part)),
        ...parcels.map((parcel) => db.insert(shipments).values(parcel)),
      ] as unknown as Parameters<typeof db.batch>[0]);
      const admin = await createUser({ role: "admin" });
      const cookie = await adminCookie(admin.id);

      // Two changes of a full selection each (the bar takes 100 at a time), each written in one D1 batch.
      const queue = fakeQueue();
      const batches: number[] = [];
      // The batches sent through the binding or a D1 session it starts (every request reads through one).
      const counted = <T extends object>(database: T): T =>
        new Proxy(database, {
          get: (target, name) =>
            name === "batch"
              ? (statements: D1PreparedStatement[]) => (batches.push(statements.length), (target as D1Database).batch(statements))
              : name === "withSession"
                ? (start?: string) => counted((target as D1Database).withSession(start))
                : (Reflect.get(target, name) as (...args: unknown[]) => unknown).bind(target),
        });
      const DB = counted(env.DB);
      for (const part of inParts(parcels, 100)) {
        const answer = await fetchWith({ ...sendingEnv(queue), DB }, "/admin/shipments/bulk-status", [...part.map((parcel): [string, string] => ["ids", parcel.id]), ["status", "in_transit"], ["redirectTo", "/admin/shipments"]], cookie);
        expect(answer.status).toBe(302);
      }
      // Each: its history entries, events, mails and updates (4 x 100) in one batch; then the hand-over's stamps.
      expect(batches.filter((size) => size >= 400)).toEqual([400, 400]);
      const written = await db
        .select({ id: outbox.id, to: outbox.toAddress, kind: outbox.kind, handedOverAt: outbox.handedOverAt })
        .from(outbox)
        .where(inArray(outbox.eventId, db.select({ id: events.id }).from(events).where(and(like(events.entityId, `bulk-parcel-${tag}-%`), eq(events.type, "shipment.status_changed")))));
      expect(written).toHaveLength(OWNERS);
      expect(new Set(written.map((mail) => mail.to))).toEqual(new Set(owners.map((owner) => owner.email)));
      expect(written.every((mail) => mail.kind === "shipment-status" && mail.handedOverAt !== null)).toBe(true);
      const handedOver = queue.sent.flatMap((delivery) => (delivery.channel === "mail" ? [delivery.id] : []));
      expect(handedOver.sort()).toEqual(written.map((mail) => mail.id).sort());
      // And the admin feed's cue, once per change.
      expect(queue.sent.filter((delivery) => delivery.channel === "admin-feed")).toHaveLength(2);

      // The consumer, in batches of the queue's size: each mail to the provider once.
      const fetchSpy = provider();
      for (const part of inParts(handedOver, 100)) expect((await consume(mailBatch(part))).explicitAcks).toHaveLength(part.length);
      const sentTo = () => fetchSpy.mock.calls.map(([, init]) => (JSON.parse(String(init!.body)) as { to: string[] }).to[0]!);
      expect(fetchSpy).toHaveBeenCalledTimes(OWNERS);
      expect(new Set(sentTo())).toEqual(new Set(owners.map((owner) => owner.email)));
      // Every message delivered again (the queue is at-least-once): nothing more is sent.
      for (const part of inParts(handedOver, 100)) await consume(mailBatch(part, { attempts: 2 }));
      expect(fetchSpy).toHaveBeenCalledTimes(OWNERS);
      const states = await db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, handedOver.slice(0, 90)));
      expect(new Set(states.map((row) => row.status))).toEqual(new Set(["sent"]));
    });
  });

  function shipment(parties: { senderEmail: string | null; recipientEmail: string | null }) {
    return { ...MINIMAL_SHIPMENT, ...parties };
  }

  function adminCookie(userId: string) {
    return signedInCookie(userId);
  }

  /** A form POST to the worker with other bindings than the pool's (a provider key, a queue the test watches). */
  async function fetchWith(bindings: Env, path: string, fields: Record<string, string> | [string, string][], cookie: string) {
    const ctx = createExecutionContext();
    const request = new Request(`${BASE}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields),
      headers: { Origin: BASE, Host: "parcel.test", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  /** Svix's headers for `body` under `secret` ("whsec_" and base64), as Resend signs its webhooks. */
  async function providerSignature(secret: string, body: string): Promise<Record<string, string>> {
    const id = `msg_${crypto.randomUUID()}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const keyBytes = Uint8Array.from(atob(secret.slice("whsec_".length)), (character) => character.charCodeAt(0));
    const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
    return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${btoa(String.fromCharCode(...new Uint8Array(signature)))}` };
  }

  /** The provider's POST of a delivery event, as it comes from outside (no Origin). */
  async function postEvent(bindings: Env, body: string, headers: Record<string, string>) {
    const ctx = createExecutionContext();
    const request = new Request(`${BASE}/api/mail/events`, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  async function sweep(bindings: Env, now: number) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "* * * * *" }), bindings, ctx);
    await waitOnExecutionContext(ctx);
  }
});

// Events and the mail built from them: written in the batch of the change, one template module,
// each recipient's preferences honoured.
describe("the mail built from events", () => {
  function mailTo(address: string) {
    return db.select().from(outbox).where(eq(outbox.toAddress, address));
  }

  describe("events and notifications", () => {
    let muted: Awaited<ReturnType<typeof createUser>>;
    let shipmentId: string;

    beforeAll(async () => {
      muted = await createUser({ emailNotifications: false });
      ({ id: shipmentId } = await createShipment(serviceContext(), {
        actor: SYSTEM_ACTOR,
        shipment: { ...MINIMAL_SHIPMENT, senderEmail: muted.email, recipientEmail: "ria@example.com" },
      }));
    });

    it("records the creation as an event and mails only the party who wants parcel mail", async () => {
      const [created] = await db.select().from(events).where(eq(events.entityId, shipmentId));
      expect(created).toMatchObject({ type: "shipment.created", entityType: "shipment" });
      expect(await mailTo(muted.email)).toEqual([]);
      expect(await mailTo("ria@example.com")).toEqual([expect.objectContaining({ kind: "shipment-created", eventId: created!.id })]);
    });

    it("skips status mail to a recipient whose preferences turn it off, and sends it once they are back on", async () => {
      await changeShipmentStatus(serviceContext(), { shipmentId, status: "in_transit", actor: SYSTEM_ACTOR });
      expect((await mailTo(muted.email)).filter((mail) => mail.kind === "shipment-status")).toEqual([]);
      const toRia = (await mailTo("ria@example.com")).filter((mail) => mail.kind === "shipment-status");
      expect(toRia).toHaveLength(1);
      expect(toRia[0]!.subject).toContain("In Transit");

      await db.update(users).set({ emailNotifications: true }).where(eq(users.id, muted.id));
      await changeShipmentStatus(serviceContext(), { shipmentId, status: "delivered", actor: SYSTEM_ACTOR });
      const toSender = (await mailTo(muted.email)).filter((mail) => mail.kind === "shipment-status");
      expect(toSender.map((mail) => mail.subject)).toEqual([expect.stringContaining("Delivered")]);
      const [changed] = await db.select().from(events).where(eq(events.id, toSender[0]!.eventId!));
      expect(changed).toMatchObject({ type: "shipment.status_changed", entityId: shipmentId });
      expect(JSON.parse(changed!.data)).toMatchObject({ from: "in_transit", to: "delivered", location: "Delivered" });
    });

    describe("in the recipient's language", () => {
      /** A shipment whose sender is `sender`, moved to in transit: the status mail that sender gets. */
      async function statusMailTo(sender: { email: string; firstName: string }) {
        const { id, trackingId } = await createShipment(serviceContext(), {
          actor: SYSTEM_ACTOR,
          shipment: { ...MINIMAL_SHIPMENT, senderName: sender.firstName, senderEmail: sender.email, recipientEmail: null },
        });
        await changeShipmentStatus(serviceContext(), { shipmentId: id, status: "in_transit", actor: SYSTEM_ACTOR });
        const [mail] = (await mailTo(sender.email)).filter((one) => one.kind === "shipment-status");
        return { mail: mail!, id, trackingId };
      }

      it("writes a customer's next status mail in Spanish when their account chose Spanish", async () => {
        const customer = await createUser({ firstName: "Lucía", language: "es" });
        const { mail, trackingId } = await statusMailTo(customer);
        expect(mail.subject).toMatch(new RegExp(`^Envío ${trackingId}: `));
        expect(mail.body).toMatch(new RegExp(`^Hola, Lucía:\n\nTu envío ${trackingId} está ahora: .+\.\n.+\nSíguelo en ${BASE.replaceAll(".", "\\.")}/track/${trackingId}\n\n`));
        expect(mail.body).toContain("Para no recibir más avisos de paquetes ni boletines de SwiftParcel en esta dirección: ");
        expect(mail.body).not.toMatch(/Hello|Your shipment|Follow it at/);
      });

      it("writes it in French for an account that chose French", async () => {
        const customer = await createUser({ firstName: "Élise", language: "fr" });
        const { mail, trackingId } = await statusMailTo(customer);
        expect(mail.subject).toMatch(new RegExp(`^Envoi ${trackingId}\u00a0: `));
        expect(mail.body).toMatch(new RegExp(`^Bonjour Élise,\n\nVotre envoi ${trackingId} est désormais au statut\u00a0: .+\.\n.+\nSuivez-le sur `));
        expect(mail.body).toContain("Pour ne plus recevoir de suivi de colis ni de newsletter de SwiftParcel à cette adresse\u00a0: ");
      });

      it("keeps it in English, word for word, for an account without a choice", async () => {
        const customer = await createUser({ firstName: "Sam", language: null });
        const { mail, trackingId } = await statusMailTo(customer);
        expect(mail.subject).toBe(`Shipment ${trackingId}: In Transit`);
        expect(mail.body).toBe(
          [
            "Hello Sam,",
            `Your shipment ${trackingId} is now In Transit.\nPackage is in transit to destination\nFollow it at ${BASE}/track/${trackingId}`,
            `To get no more parcel updates or newsletters from SwiftParcel at this address: ${mail.unsubscribeUrl}`,
          ].join("\n\n"),
        );
      });

      it("writes a \"Keep me posted\" subscriber's confirmation and updates in the language of the page they subscribed on", async () => {
        const { id, trackingId } = await createShipment(serviceContext(), { actor: SYSTEM_ACTOR, shipment: { ...MINIMAL_SHIPMENT, recipientEmail: null } });
        const email = `suivi-${crypto.randomUUID().slice(0, 8)}@example.com`;
        expect(await subscribeToTracking(serviceContext(), { trackingId, email, clientAddress: "192.0.2.31", language: "fr" })).toMatchObject({ ok: true });
        const [confirm] = await mailTo(email);
        expect(confirm).toMatchObject({ kind: "tracking-subscription-confirm", subject: `Confirmez le suivi du colis ${trackingId}` });
        expect(confirm!.body).toMatch(/^Bonjour,\n\nQuelqu'un, vous sans doute, a demandé à SwiftParcel/);
        await db.update(trackingSubscriptions).set({ status: "confirmed", confirmedAt: Date.now() }).where(eq(trackingSubscriptions.email, email));
        await changeShipmentStatus(serviceContext(), { shipmentId: id, status: "out_for_delivery", actor: SYSTEM_ACTOR });
        const [update] = (await mailTo(email)).filter((one) => one.kind === "tracking-update");
        expect(update!.subject).toMatch(new RegExp(`^Envoi ${trackingId}\u00a0: `));
        expect(update!.body).toMatch(new RegExp(`^Bonjour,\n\nLe colis ${trackingId} est désormais au statut\u00a0: `));
        expect(update!.body).toContain("Vous recevez cet e-mail parce que vous avez demandé à SwiftParcel le suivi de ce colis. Se désabonner\u00a0: ");
      });
    });

    it("always sends mail about the account itself, preferences or not", async () => {
      const quiet = await createUser({ emailNotifications: false });
      await sendPasswordReset(serviceContext(), quiet);
      const [mail] = await mailTo(quiet.email);
      expect(mail).toMatchObject({ kind: "password-reset" });
      const [requested] = await db.select().from(events).where(eq(events.id, mail!.eventId!));
      // The link's token goes into the mail only, never into the stored event.
      expect(requested!.type).toBe("password.reset_requested");
      expect(requested!.data).not.toContain("token");
      expect(mail!.body).toContain("/auth/reset-password?token=");
    });

    it("asks a newsletter address to confirm, with a link on the public origin whose token only the mail carries", async () => {
      await subscribeToNewsletter(serviceContext(), { email: "news-reader@example.com", clientAddress: "192.0.2.10" });
      const [mail] = await mailTo("news-reader@example.com");
      expect(mail).toMatchObject({ kind: "newsletter-confirmation", subject: "Confirm your SwiftParcel newsletter subscription" });
      expect(mail!.body).toMatch(new RegExp(`${BASE.replaceAll(".", "\\.")}/newsletter/confirm\\?token=[\\w-]{43}\\n`));
      const [requested] = await db.select().from(events).where(eq(events.id, mail!.eventId!));
      expect(requested).toMatchObject({ type: "newsletter.confirmation_requested", entityType: "newsletter" });
      expect(requested!.data).not.toContain("token");
    });

    it("writes nothing, neither event nor mail, when the change itself fails", async () => {
      const before = { events: await db.$count(events), outbox: await db.$count(outbox) };
      // A shipment without a sender name breaks a NOT NULL rule: the whole batch is refused.
      const broken = { ...MINIMAL_SHIPMENT, senderName: null as unknown as string, senderEmail: "sam@example.com", recipientEmail: "ria@example.com" };
      await expect(createShipment(serviceContext(), { actor: SYSTEM_ACTOR, shipment: broken })).rejects.toThrow();
      expect(await changeShipmentStatus(serviceContext(), { shipmentId: "no-such-id", status: "delivered", actor: SYSTEM_ACTOR })).toBe("missing");
      expect({ events: await db.$count(events), outbox: await db.$count(outbox) }).toEqual(before);
    });
  });

  describe("mail headers", () => {
    // Issue 22: a CR/LF in the company name reached a stored mail subject. The settings form refuses
    // it now, but a value written into D1 by hand (or by an older release) must not get through either.
    const INJECTED = "Acme\r\nBcc: everyone@example.com\nX-Spam: yes";
    let companyName: string;

    beforeAll(async () => {
      ({ companyName } = (await db.select({ companyName: settings.companyName }).from(settings).where(eq(settings.id, 1)).get())!);
      await db.update(settings).set({ companyName: INJECTED }).where(eq(settings.id, 1));
      // Mail takes the company name from this isolate's copy of the settings: read them back, as a save does.
      await getSettings(db);
    });

    afterAll(async () => {
      await db.update(settings).set({ companyName }).where(eq(settings.id, 1));
      await getSettings(db);
    });

    it("never stores a subject or an address with a line break, whatever the company name holds, nor a sender's name in a subject", async () => {
      const since = Date.now() - 1;
      const account = await createUser();
      await sendPasswordReset(serviceContext(), account);
      await subscribeToNewsletter(serviceContext(), { email: "header-probe@example.com", clientAddress: "192.0.2.77" });
      const { id } = await createShipment(serviceContext(), {
        actor: SYSTEM_ACTOR,
        shipment: { ...MINIMAL_SHIPMENT, senderName: "Sam\r\nBcc: all@example.com", senderEmail: "sam-header@example.com", recipientName: "Ria\rRecipient", recipientEmail: "ria-header@example.com" },
      });
      await changeShipmentStatus(serviceContext(), { shipmentId: id, status: "in_transit", actor: SYSTEM_ACTOR });

      const mails = await db.select().from(outbox).where(gte(outbox.createdAt, since));
      expect(mails.map((mail) => mail.kind).sort()).toEqual(
        expect.arrayContaining(["newsletter-confirmation", "password-reset", "shipment-created", "shipment-status"]),
      );
      for (const mail of mails) {
        expect(mail.subject, mail.kind).not.toMatch(/[\r\n]/);
        expect(mail.toAddress, mail.kind).not.toMatch(/[\r\n]/);
      }
      // The break is folded to a space: the subject still reads, and no header line starts.
      expect(mails.find((mail) => mail.kind === "password-reset")!.subject).toBe("Reset your Acme Bcc: everyone@example.com X-Spam: yes password");
      // Text a sender typed never reaches a subject: the recipient reads who sent it in the body.
      const toRecipient = mails.find((mail) => mail.kind === "shipment-created" && mail.toAddress === "ria-header@example.com")!;
      expect(toRecipient.subject).toBe("A parcel is on its way to you");
      expect(toRecipient.body).toContain("Sam\r\nBcc: all@example.com has sent you a parcel");
      // The body keeps its lines: only headers are one line.
      expect(mails.find((mail) => mail.kind === "password-reset")!.body).toContain("\n");
    });
  });
});

// The one event pipeline (app/.server/dispatch.ts): commit writes a change with its events and
// their mail in one batch, then delivers only the events that were written.
describe("the event pipeline", () => {
  describe("commit", () => {
    it("answers each statement's result at its place and, at a recording's place, the events written", async () => {
      const user = await createUser();
      const [update, recorded] = await commit(serviceContext(), [
        db.update(users).set({ lastName: "Renamed" }).where(eq(users.id, user.id)).returning({ id: users.id }),
        recordEvents(serviceContext(), SYSTEM_ACTOR, [{ type: "account.registered", entityId: user.id, data: { email: user.email, firstName: "Test" } }]),
      ]);
      expect(update).toEqual([{ id: user.id }]);
      expect(recorded).toEqual([{ id: expect.any(String), type: "account.registered", entityId: user.id }]);
      // The welcome mail went into the outbox in the same batch, under the event's id.
      expect(await db.select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.eventId, recorded[0]!.id))).toEqual([{ to: user.email }]);
    });

    it("writes and delivers nothing of a guarded recording whose condition does not hold", async () => {
      confirmVersion("SWPDISPATCH0001", "1.0");
      const [recorded] = await commit(serviceContext(), [
        recordEventWhere(serviceContext(), SYSTEM_ACTOR, {
          event: { type: "shipment.location_changed", entityId: "no-such-shipment", data: { from: null, to: "Nowhere" } },
          from: users,
          where: eq(users.id, "no-such-user"),
        }),
      ]);
      expect(recorded).toEqual([]);
      expect(await db.$count(events, eq(events.entityId, "no-such-shipment"))).toBe(0);
      // Nothing committed about a shipment: this isolate still trusts what it confirmed.
      expect(recentlyConfirmed("SWPDISPATCH0001", "1.0")).toBe(true);
    });

    it("clears the tracking confirmations before it returns when a shipment event commits, and only then", async () => {
      const user = await createUser();
      confirmVersion("SWPDISPATCH0002", "1.0");
      await commit(serviceContext(), [recordEvents(serviceContext(), SYSTEM_ACTOR, [{ type: "account.suspended", entityId: user.id, data: {} }])]);
      expect(recentlyConfirmed("SWPDISPATCH0002", "1.0")).toBe(true);
      await commit(serviceContext(), [recordEvents(serviceContext(), SYSTEM_ACTOR, [{ type: "shipment.rated", entityId: "any", data: { trackingId: "SWPDISPATCH0002", score: 5, source: "owner" } }])]);
      expect(recentlyConfirmed("SWPDISPATCH0002", "1.0")).toBe(false);
    });

    it("gives every event type at least one consumer", () => {
      for (const [type, channels] of Object.entries(DELIVERIES) as [EventType, readonly string[]][]) expect(channels.length, type).toBeGreaterThan(0);
    });
  });

  describe("the admins' recent activity", () => {
    it("lists the account, invoice and settings events nothing else shows", async () => {
      await seedDemoData();
      const target = await createUser();
      const admin = await signedInCookie(SEED_USER_IDS.admin);
      await commit(serviceContext(), [
        recordEvents(serviceContext(), { userId: SEED_USER_IDS.admin, email: "admin@swiftparcel.example", label: "Admin" }, [{ type: "account.suspended", entityId: target.id, data: {} }]),
      ]);
      const page = await (await get("/admin/notifications", { Cookie: admin })).text();
      expect(page).toContain("Recent activity");
      expect(page).toContain("Account suspended");
      expect(page).toContain(target.id);
    });
  });
});

// The cron trigger's clean-up (every five minutes) and the rate-limit counters it drops. Its
// sweep of the outbox is under "the events queue" above.
describe("the cron trigger's clean-up", () => {
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

      expect((await db.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id)).toEqual(["live"]);
      expect((await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, ["old", "new"]))).map((row) => row.key)).toEqual(["new"]);
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

      expect((await db.select({ key: signInFailures.key }).from(signInFailures).where(inArray(signInFailures.key, ["sign-in:ip:forgotten", "sign-in:ip:still-waiting", "sign-in:ip:recent"]))).map((row) => row.key).sort()).toEqual([
        "sign-in:ip:recent",
        "sign-in:ip:still-waiting",
      ]);
      expect((await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, ["never-confirmed@example.com", "not-yet-confirmed@example.com", "confirmed@example.com"]))).map((row) => row.email).sort()).toEqual([
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
});
