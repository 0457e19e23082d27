// Webhooks (docs/decisions/164): endpoints registered on their pages, events fanned out from the
// commits that record them, signed deliveries through the events queue, retries from the due-time
// table the sweep reads, rotation, the log, Redeliver, turning off a failing endpoint. Receivers
// are a fetch mock that verifies every request with the `standardwebhooks` library, as a
// customer's server would; the events queue is one the test watches, and its messages are fed
// to the worker's queue() handler.
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import type { Delivery } from "~/.server/dispatch";
import { actorFor, SYSTEM_ACTOR } from "~/.server/events";
import { setInvoiceStatus } from "~/features/invoices/invoices.server";
import type { SessionUser } from "~/features/accounts/session.server";
import { changeShipmentStatus, createShipment } from "~/features/shipments/shipments.server";
import { setShipmentLocation } from "~/features/shipments/shipment-changes.server";
import { sweepWebhooks, type WebhookContext } from "~/features/webhooks/webhook-delivery.server";
import type { ServiceContext } from "~/load-context";
import { createEndpoint, redeliver, rotateSecret, sendTestEvent, type EndpointOwner } from "~/features/webhooks/webhook-endpoints.server";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "~/features/webhooks/webhook-events";
import { DAY_MS, RETRY_DELAYS_MS } from "~/features/webhooks/webhook-retries";
import { URL_MESSAGES } from "~/features/webhooks/webhook-url";
import worker from "../worker";
import { BASE } from "./base";
import { createUser, db, MINIMAL_SHIPMENT, seedDemoData, signedInCookie } from "./fixtures";
import { getAs, pageText, post } from "./requests";

type Received = { url: string; id: string; body: string; headers: Record<string, string>; status: number };

/**
 * Receivers on made-up addresses: each verifies what comes with its endpoint's secrets
 * (standardwebhooks' Webhook.verify) and answers with the next of its scripted statuses (200
 * once they run out). A request that does not verify is answered 400 and counted.
 */
function receivers() {
  const received: Received[] = [];
  const unverified: Received[] = [];
  const scripts = new Map<string, number[]>();
  const secrets = new Map<string, string[]>();
  const dns = new Map<string, string>();
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === "cloudflare-dns.com") {
      const address = dns.get(url.searchParams.get("name") ?? "");
      const type = url.searchParams.get("type") === "A" ? 1 : 28;
      const answer = address && (type === 1) === !address.includes(":") ? [{ type, data: address }] : [];
      return Response.json({ Status: address ? 0 : 3, Answer: answer });
    }
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = String(init?.body ?? "");
    const endpoint = `${url.origin}${url.pathname}`;
    const verified = (secrets.get(endpoint) ?? []).every((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    const status = verified ? (scripts.get(endpoint)?.shift() ?? 200) : 400;
    const entry = { url: endpoint, id: headers["webhook-id"] ?? "", body, headers, status };
    (verified ? received : unverified).push(entry);
    return new Response(status === 200 ? "ok" : "no", { status });
  });
  return {
    received,
    unverified,
    spy,
    /** The secrets the receiver at `url` verifies with: every one must verify each request. */
    verifyWith(url: string, ...list: string[]) {
      secrets.set(url, list);
    },
    script(url: string, statuses: number[]) {
      scripts.set(url, statuses);
    },
    resolve(host: string, address: string) {
      dns.set(host, address);
    },
    at(url: string) {
      return received.filter((entry) => entry.url === url);
    },
  };
}

/** The events queue as the test sees it: what was handed over. */
function watchedQueue() {
  const sent: Delivery[] = [];
  return {
    sent,
    async sendBatch(messages: Iterable<MessageSendRequest<Delivery>>) {
      for (const message of messages) sent.push(message.body);
    },
    async send(body: Delivery) {
      sent.push(body);
    },
  };
}

let messageCounter = 0;

/** A service context over the test D1 with a watched queue (and, with `production`, outside local development). */
function contextWith(queue = watchedQueue(), { production = false } = {}) {
  const ctx = createExecutionContext();
  const bindings: Env = { ...env, ENVIRONMENT: production ? "production" : "development", EVENTS_QUEUE: queue as unknown as Queue<Delivery> };
  const context: ServiceContext = { db, origin: BASE, cloudflare: { env: bindings, ctx } };
  return { context, ctx, queue, bindings };
}

/** Feeds what was handed to the queue to the worker's queue() handler until nothing is left. */
async function drain(queue: ReturnType<typeof watchedQueue>, bindings: Env) {
  while (queue.sent.length > 0) {
    const bodies = queue.sent.splice(0);
    const batch = createMessageBatch<Delivery>(
      "parcel-tracker-events",
      bodies.map((body) => ({ id: `message-${(messageCounter += 1)}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, bindings, ctx);
    await getQueueResult(batch, ctx);
  }
}

async function endpointFor(context: WebhookContext, owner: EndpointOwner, url: string, eventTypes: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES) {
  const outcome = await createEndpoint(context, { owner, url, eventTypes });
  if (!outcome.ok) throw new Error(`endpoint refused: ${outcome.message ?? JSON.stringify(outcome.fieldErrors)}`);
  const row = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, outcome.id)).get();
  return row!;
}

function sessionUser(user: { id: string; email: string; firstName: string; lastName: string; role: string }): SessionUser {
  return { ...user, phone: null } as unknown as SessionUser;
}

let hookCounter = 0;
/** A loopback address of its own (local development accepts loopback http). */
function hookUrl(): string {
  hookCounter += 1;
  return `http://127.0.0.1:9/hook-${hookCounter}`;
}

async function customerWithShipment(context: ServiceContext) {
  const customer = await createUser();
  const { id, trackingId } = await createShipment(context, { actor: actorFor(customer), shipment: { ...MINIMAL_SHIPMENT, userId: customer.id } });
  return { customer, shipmentId: id, trackingId };
}

beforeAll(async () => {
  await seedDemoData();
});

afterEach(() => vi.restoreAllMocks());

describe("deliveries", () => {
  it("sends a customer's shipment events, each verifying with standardwebhooks, delivered as 'delivered' too", async () => {
    const hooks = receivers();
    const { context, ctx, queue, bindings } = contextWith();
    const customer = await createUser();
    const url = hookUrl();
    const endpoint = await endpointFor(context, { userId: customer.id, scope: "own" }, url);
    hooks.verifyWith(url, endpoint.secret);
    const { id: shipmentId, trackingId } = await createShipment(context, { actor: actorFor(customer), shipment: { ...MINIMAL_SHIPMENT, userId: customer.id } });
    await setShipmentLocation(context, { shipmentId, location: "Lyon hub", actor: SYSTEM_ACTOR });
    await changeShipmentStatus(context, { shipmentId, status: "delivered", actor: SYSTEM_ACTOR });
    await waitOnExecutionContext(ctx);
    expect(queue.sent.filter((delivery) => delivery.channel === "webhook")).toHaveLength(3);
    await drain(queue, bindings);

    expect(hooks.unverified).toEqual([]);
    const got = hooks.at(url).map((entry) => JSON.parse(entry.body) as { type: string; timestamp: string; data: Record<string, unknown> });
    expect(got.map((message) => message.type).sort()).toEqual(["shipment.created", "shipment.delivered", "shipment.location_changed", "shipment.status_changed"]);
    const delivered = got.find((message) => message.type === "shipment.delivered")!;
    expect(delivered.data).toMatchObject({ shipmentId, trackingId, from: "pending", to: "delivered" });
    expect(Number.isNaN(Date.parse(delivered.timestamp))).toBe(false);
    expect(got.find((message) => message.type === "shipment.location_changed")!.data).toEqual({ shipmentId, trackingId, from: "Processing Center", to: "Lyon hub" });
    // Every request: the three headers, one v1 signature, JSON.
    for (const entry of hooks.at(url)) {
      expect(entry.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(entry.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(entry.headers["content-type"]).toBe("application/json");
    }
    // Each message is logged with its one attempt.
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((row) => row.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
  });

  it("never sends a customer another customer's shipment events; an admin's endpoint gets every shipment's", async () => {
    const hooks = receivers();
    const made = contextWith();
    const [first, second] = [await customerWithShipment(made.context), await customerWithShipment(made.context)];
    await waitOnExecutionContext(made.ctx);
    const { context, ctx, queue, bindings } = contextWith();
    const admin = await createUser({ role: "admin" });
    const [firstUrl, secondUrl, adminUrl] = [hookUrl(), hookUrl(), hookUrl()];
    for (const [owner, url] of [
      [{ userId: first.customer.id, scope: "own" }, firstUrl],
      [{ userId: second.customer.id, scope: "own" }, secondUrl],
      [{ userId: admin.id, scope: "all" }, adminUrl],
    ] as const) {
      hooks.verifyWith(url, (await endpointFor(context, owner, url)).secret);
    }
    await changeShipmentStatus(context, { shipmentId: first.shipmentId, status: "exception", actor: SYSTEM_ACTOR });
    await setShipmentLocation(context, { shipmentId: first.shipmentId, location: "Customs", actor: SYSTEM_ACTOR });
    await waitOnExecutionContext(ctx);
    await drain(queue, bindings);

    expect(hooks.at(secondUrl)).toEqual([]);
    const bodies = (url: string) => hooks.at(url).map((entry) => JSON.parse(entry.body) as { type: string; data: { trackingId: string } });
    expect(bodies(firstUrl).map((message) => message.type).sort()).toEqual(["shipment.exception", "shipment.location_changed", "shipment.status_changed"]);
    expect(new Set(bodies(firstUrl).map((message) => message.data.trackingId))).toEqual(new Set([first.trackingId]));
    // The admins' endpoint hears of every shipment's events, these among them.
    expect(bodies(adminUrl).filter((message) => message.data.trackingId === first.trackingId)).toHaveLength(3);
    expect(hooks.unverified).toEqual([]);
  });

  it("sends 'invoice paid' to the invoice's owner", async () => {
    const hooks = receivers();
    const { context, ctx, queue, bindings } = contextWith();
    const customer = await createUser();
    const url = hookUrl();
    hooks.verifyWith(url, (await endpointFor(context, { userId: customer.id, scope: "own" }, url, ["invoice.paid"])).secret);
    const { invoiceId } = await createShipment(context, { actor: actorFor(customer), shipment: { ...MINIMAL_SHIPMENT, userId: customer.id, cost: 1200 } });
    const admin = await createUser({ role: "admin" });
    const outcome = await setInvoiceStatus(context, { admin: sessionUser(admin), invoiceId, status: "paid" });
    expect(outcome.ok).toBe(true);
    await waitOnExecutionContext(ctx);
    await drain(queue, bindings);
    expect(hooks.at(url).map((entry) => JSON.parse(entry.body) as { type: string; data: { invoiceId: string } })).toEqual([
      expect.objectContaining({ type: "invoice.paid", data: expect.objectContaining({ invoiceId }) }),
    ]);
  });

  it("gets an endpoint that fails three times then succeeds the event once, each attempt logged, after growing delays", async () => {
    const hooks = receivers();
    const { context, ctx, queue, bindings } = contextWith();
    const { customer, shipmentId } = await customerWithShipment(context);
    const url = hookUrl();
    const endpoint = await endpointFor(context, { userId: customer.id, scope: "own" }, url, ["shipment.delivered"]);
    hooks.verifyWith(url, endpoint.secret);
    hooks.script(url, [500, 503, 500]);
    await changeShipmentStatus(context, { shipmentId, status: "delivered", actor: SYSTEM_ACTOR });
    await waitOnExecutionContext(ctx);
    const cues = [...queue.sent];
    await drain(queue, bindings);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: "failed", attempts: 1 });

    // Before it is due the sweep hands it nothing; when due, it does.
    let now = Date.now();
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
      expect(await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(eq(webhookDeliveries.id, delivery!.id), eq(webhookDeliveries.status, "succeeded")))).toEqual([]);
      const due = (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)).get())!.nextAttemptAt!;
      expect(due - now).toBeGreaterThanOrEqual(delay - 1000);
      await sweepWebhooks(contextWith(queue).context, due - 1);
      expect(queue.sent.filter((cue) => "id" in cue && cue.id === delivery!.id)).toEqual([]);
      now = due;
      await sweepWebhooks(contextWith(queue).context, now);
      expect(queue.sent).toContainEqual({ channel: "webhook", id: delivery!.id });
      const batch = createMessageBatch<Delivery>(
        "parcel-tracker-events",
        queue.sent.splice(0).map((body) => ({ id: `message-${(messageCounter += 1)}`, timestamp: new Date(), attempts: 1, body })),
      );
      // Attempted at the time it was due (the consumer's clock is the test's).
      vi.setSystemTime(now);
      await worker.queue(batch, bindings, createExecutionContext());
      vi.useRealTimers();
    }

    // The same cue again, and the sweep long after: nothing more is written or sent.
    queue.sent.push(...cues);
    await drain(queue, bindings);
    await sweepWebhooks(contextWith(queue).context, now + 4 * DAY_MS);
    await drain(queue, bindings);
    const statuses = hooks.received.filter((entry) => entry.url === url).map((entry) => entry.status);
    expect(statuses).toEqual([500, 503, 500, 200]);
    expect(new Set(hooks.at(url).map((entry) => entry.id))).toEqual(new Set([delivery!.id]));
    expect((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).map((row) => row.status)).toEqual(["succeeded"]);
    const log = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id)).orderBy(webhookAttempts.attempt);
    expect(log.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 500],
      [4, 200],
    ]);
    for (const attempt of log) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect((await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).get())!.failingSince).toBeNull();
  });

  it("fans out again, from the sweep, the events whose cue never reached the queue", async () => {
    const hooks = receivers();
    const { context, ctx, queue, bindings } = contextWith();
    const { customer, shipmentId } = await customerWithShipment(context);
    const url = hookUrl();
    hooks.verifyWith(url, (await endpointFor(context, { userId: customer.id, scope: "own" }, url, ["shipment.status_changed"])).secret);
    await changeShipmentStatus(context, { shipmentId, status: "in_transit", actor: SYSTEM_ACTOR });
    await waitOnExecutionContext(ctx);
    queue.sent.splice(0);
    await sweepWebhooks(contextWith(queue).context, Date.now() + 2 * 60_000);
    await drain(queue, bindings);
    expect(hooks.at(url).map((entry) => (JSON.parse(entry.body) as { type: string }).type)).toEqual(["shipment.status_changed"]);
  });

  it("turns off an endpoint failing for three days and mails its owner once", async () => {
    const hooks = receivers();
    const { context, queue, bindings } = contextWith();
    const customer = await createUser();
    const url = hookUrl();
    const endpoint = await endpointFor(context, { userId: customer.id, scope: "own" }, url);
    hooks.verifyWith(url, endpoint.secret);
    hooks.script(url, [500, 500]);
    await db
      .update(webhookEndpoints)
      .set({ failingSince: Date.now() - 3 * DAY_MS - 1000 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(await sendTestEvent(context, { owner: { userId: customer.id, scope: "own" }, id: endpoint.id })).toMatchObject({ ok: true });
    await drain(queue, bindings);
    const after = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).get();
    expect(after).toMatchObject({ status: "disabled", disabledAt: expect.any(Number) });
    const mail = await db.select().from(outbox).where(eq(outbox.toAddress, customer.email));
    expect(mail).toEqual([expect.objectContaining({ kind: "webhook-disabled" })]);
    expect(mail[0]!.body).toContain(url);
    expect(mail[0]!.body).toContain(`${BASE}/profile/webhooks/${endpoint.id}`);
    // Off: "Send test event" and "Redeliver" are refused, and nothing is sent.
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(await sendTestEvent(context, { owner: { userId: customer.id, scope: "own" }, id: endpoint.id })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await redeliver(context, { owner: { userId: customer.id, scope: "own" }, id: endpoint.id, deliveryId: delivery!.id })).toMatchObject({ ok: false, reason: "conflict" });
    expect(hooks.at(url).map((entry) => entry.status)).toEqual([500]);
  });
});

describe("signing secrets", () => {
  it("signs with both secrets during the rotation's overlap, and with the new one alone after it", async () => {
    const hooks = receivers();
    const { context, queue, bindings } = contextWith();
    const customer = await createUser();
    const owner: EndpointOwner = { userId: customer.id, scope: "own" };
    const url = hookUrl();
    const endpoint = await endpointFor(context, owner, url);
    const old = endpoint.secret;
    expect(await rotateSecret(context, { owner, id: endpoint.id })).toMatchObject({ ok: true });
    const rotated = (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).get())!;
    expect(rotated.secret).not.toBe(old);
    // A receiver still holding the old secret, and one holding the new, each verify.
    hooks.verifyWith(url, old, rotated.secret);
    await sendTestEvent(context, { owner, id: endpoint.id });
    await drain(queue, bindings);
    expect(hooks.at(url)).toHaveLength(1);
    expect(hooks.at(url)[0]!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);

    // After the overlap: the new secret verifies, the old one no longer.
    vi.setSystemTime(rotated.previousSecretUntil! + 1000);
    hooks.verifyWith(url, rotated.secret);
    await sendTestEvent(context, { owner, id: endpoint.id, now: rotated.previousSecretUntil! + 1000 });
    await drain(queue, bindings);
    vi.useRealTimers();
    const last = hooks.at(url).at(-1)!;
    expect(last.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(old).verify(last.body, last.headers)).toThrow();
  });
});

describe("the pages", () => {
  it("register an endpoint for a customer, listing every field error at once first", async () => {
    const customer = await createUser();
    const cookie = await signedInCookie(customer.id);
    const page = await pageText(await getAs("/profile/webhooks", cookie));
    expect(page).toContain("Endpoint URL");
    expect(page).toContain("Delivered");

    const refusedAnswer = await post("/profile/webhooks", { intent: "create", url: "ftp://x" }, { Cookie: cookie });
    expect(refusedAnswer.status).toBe(400);
    const refusedPage = await pageText(refusedAnswer);
    expect(refusedPage).toContain(URL_MESSAGES.invalid);
    expect(refusedPage).toContain("Please choose at least one event");
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, customer.id))).toEqual([]);

    const privateAnswer = await post("/profile/webhooks", { intent: "create", url: "http://169.254.169.254/latest", events: "shipment.delivered" }, { Cookie: cookie });
    expect(privateAnswer.status).toBe(400);
    expect(await pageText(privateAnswer)).toContain(URL_MESSAGES.private);

    const created = await post("/profile/webhooks", { intent: "create", url: " http://127.0.0.1:9/mine ", events: "shipment.delivered" }, { Cookie: cookie });
    expect(created.status).toBe(302);
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, customer.id));
    expect(row).toMatchObject({ scope: "own", url: "http://127.0.0.1:9/mine", status: "active" });
    expect(row!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.headers.get("Location")).toBe(`/profile/webhooks/${row!.id}`);

    const endpointPage = await pageText(await getAs(`/profile/webhooks/${row!.id}`, cookie));
    for (const text of ["Send test event", "Rotate secret", "Delivery log", row!.secret]) expect(endpointPage).toContain(text);
  });

  it("keep a customer out of another customer's endpoint and out of the admins' pages", async () => {
    const { context } = contextWith();
    const owner = await createUser();
    const stranger = await createUser();
    const endpoint = await endpointFor(context, { userId: owner.id, scope: "own" }, hookUrl());
    const cookie = await signedInCookie(stranger.id);
    expect((await getAs(`/profile/webhooks/${endpoint.id}`, cookie)).status).toBe(404);
    const tried = await post(`/profile/webhooks/${endpoint.id}`, { intent: "rotate" }, { Cookie: cookie });
    expect(tried.status).toBe(404);
    expect((await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).get())!.secret).toBe(endpoint.secret);
    expect((await getAs("/admin/webhooks", cookie)).status).toBe(302);
    expect(await pageText(await getAs("/profile/webhooks", cookie))).not.toContain(endpoint.url);
  });

  it("show the log with each attempt, and Redeliver sends a logged delivery again under its id", async () => {
    const hooks = receivers();
    const { context, queue, bindings } = contextWith();
    const admin = await createUser({ role: "admin" });
    const owner: EndpointOwner = { userId: admin.id, scope: "all" };
    const url = hookUrl();
    const endpoint = await endpointFor(context, owner, url, ["shipment.created"]);
    hooks.verifyWith(url, endpoint.secret);
    hooks.script(url, [410]);
    await sendTestEvent(context, { owner, id: endpoint.id });
    await drain(queue, bindings);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: "failed", eventType: "webhook.test" });

    const cookie = await signedInCookie(admin.id);
    const page = await pageText(await getAs(`/admin/webhooks/${endpoint.id}`, cookie));
    for (const text of [delivery!.id, "webhook.test", "Retrying", "410", "The endpoint answered 410", "Redeliver"]) expect(page).toContain(text);
    // An admin's endpoint is the back office's: another admin manages it too, a customer's page does not show it.
    const otherAdmin = await signedInCookie(SEED_USER_IDS.admin);
    expect((await getAs(`/admin/webhooks/${endpoint.id}`, otherAdmin)).status).toBe(200);
    expect((await getAs(`/profile/webhooks/${endpoint.id}`, cookie)).status).toBe(404);

    expect(await redeliver(context, { owner, id: endpoint.id, deliveryId: delivery!.id })).toMatchObject({ ok: true });
    await drain(queue, bindings);
    expect(hooks.at(url).map((entry) => [entry.id, entry.status])).toEqual([
      [delivery!.id, 410],
      [delivery!.id, 200],
    ]);
    expect(await redeliver(context, { owner, id: endpoint.id, deliveryId: "msg_not_here" })).toMatchObject({ ok: false, reason: "not-found" });
  });
});

describe("endpoint addresses outside local development", () => {
  it("refuse a name that resolves to a private address, and check again at each delivery", async () => {
    const hooks = receivers();
    const { context, queue, bindings } = contextWith(watchedQueue(), { production: true });
    const customer = await createUser();
    const owner: EndpointOwner = { userId: customer.id, scope: "own" };
    hooks.resolve("inside.example.com", "10.1.2.3");
    hooks.resolve("hooks.example.com", "93.184.216.34");
    expect(await createEndpoint(context, { owner, url: "https://inside.example.com/x", eventTypes: ["shipment.delivered"] })).toMatchObject({
      ok: false,
      fieldErrors: { url: [URL_MESSAGES.private] },
    });
    expect(await createEndpoint(context, { owner, url: "https://nowhere.example.com/x", eventTypes: ["shipment.delivered"] })).toMatchObject({ ok: false });
    expect(await createEndpoint(context, { owner, url: "http://127.0.0.1:9/x", eventTypes: ["shipment.delivered"] })).toMatchObject({ ok: false });
    const endpoint = await endpointFor(context, owner, "https://hooks.example.com/in");
    hooks.verifyWith("https://hooks.example.com/in", endpoint.secret);

    // The name now points inside: the attempt fails without a request to it.
    hooks.resolve("hooks.example.com", "::1");
    await sendTestEvent(context, { owner, id: endpoint.id });
    await drain(queue, { ...bindings });
    expect(hooks.at("https://hooks.example.com/in")).toEqual([]);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    const [attempt] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id));
    expect(attempt).toMatchObject({ statusCode: null, error: URL_MESSAGES.private });
  });
});
