// "Keep me posted": subscribing on a public tracking page, confirming from the outbox mail, status
// mail with an unsubscribe link, unsubscribing; the limits; and the owner's own status mail.
import { SELF, createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox, shipments, trackingSubscriptions, trackingSubscriptionTokens, users } from "../../drizzle/schema";
import { DEMO_TRACKING_IDS, SEED_USER_IDS, STATUS_TRACKING_IDS } from "../../drizzle/seed-data";
import { SYSTEM_ACTOR } from "~/.server/events";
import { changeShipmentStatus } from "~/features/shipments/shipments.server";
import {
  CONFIRM_LINK_MS,
  MAX_PENDING_PER_ADDRESS,
  MAX_PENDING_PER_SHIPMENT,
  MAX_SUBSCRIBERS,
  subscribeToTracking,
} from "~/features/tracking/tracking-subscriptions.server";
import worker from "../worker";
import { hashToken } from "~/features/accounts/session.server";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, get, newClientAddress, post } from "./requests";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;
let admin: string;

beforeAll(async () => {
  await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
});

async function shipmentIdOf(trackingId: string): Promise<string> {
  return (await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingId, trackingId)).get())!.id;
}

function mailsTo(address: string, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), eq(outbox.kind, kind)));
}

/** The page path of the one link of `kind` in the address's mail of that kind (the latest). */
async function linkIn(address: string, kind: string): Promise<string> {
  const mails = await mailsTo(address, kind);
  const url = /https:\/\/parcel\.test(\/tracking-updates\/[A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body)?.[1];
  expect(url, `a link in the ${kind} mail to ${address}`).toBeDefined();
  return url!;
}

function subscribe(trackingId: string, email: string, headers: Record<string, string> = {}) {
  return post(`/track/${trackingId}`, { intent: "subscribe", email }, headers);
}

function adminSetsStatus(trackingId: string, status: string) {
  return shipmentIdOf(trackingId).then((id) => post(`/admin/shipments/${id}/status`, { status }, { Cookie: admin }));
}

async function text(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("<wbr/>", "");
}

describe("keep me posted", () => {
  const email = "Fan.Of.Parcels@Example.com";
  const address = "fan.of.parcels@example.com";

  it("offers the form on a tracking page, with a visible label", async () => {
    const html = await text(await get(`/track/${inTransit}`));
    expect(html).toContain("Keep me posted");
    expect(html).toMatch(/<label for="subscribe-email"[^>]*>Email for updates<\/label>/);
  });

  it("subscribes, confirms from the outbox mail, mails the next status change with an unsubscribe link, and stops after unsubscribing", async () => {
    const subscribed = await subscribe(inTransit, email);
    expect(subscribed.status).toBe(302);
    expect(subscribed.headers.get("Location")).toBe(`/track/${inTransit}#keep-me-posted`);
    const [confirmation] = await mailsTo(address, "tracking-subscription-confirm");
    expect(confirmation!.subject).toBe(`Confirm updates for parcel ${inTransit}`);
    const confirmLink = await linkIn(address, "tracking-subscription-confirm");

    // Opening the link (as a mail scanner would) changes nothing: only the page's button does.
    const page = await text(await get(confirmLink));
    expect(page).toContain(`Send an e-mail to ${address} each time parcel ${inTransit} changes status?`);
    expect(page).toContain(">Confirm</button>");
    const row = () => db.select().from(trackingSubscriptions).where(eq(trackingSubscriptions.email, address)).get();
    expect((await row())!.status).toBe("pending");
    // Only the token's hash is stored.
    const token = confirmLink.split("/").at(-1)!;
    expect(await db.$count(trackingSubscriptionTokens, eq(trackingSubscriptionTokens.tokenHash, token))).toBe(0);
    // An admin reading the mail in the mailbox sees that it was written, not its live link.
    const inMailbox = await text(await get(`/admin/mailbox/${confirmation!.id}`, { Cookie: admin }));
    expect(inMailbox).toContain(`Confirm updates for parcel ${inTransit}`);
    expect(inMailbox).not.toContain(token);
    expect(inMailbox).toContain(`${BASE}/tracking-updates/[hidden]`);

    const confirmed = await post(confirmLink, { intent: "confirm" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`/track/${inTransit}`);
    expect((await row())!.status).toBe("confirmed");

    expect((await adminSetsStatus(inTransit, "out_for_delivery")).status).toBe(302);
    const [update] = await mailsTo(address, "tracking-update");
    expect(update!.subject).toBe(`Shipment ${inTransit}: Out For Delivery`);
    expect(update!.body).toContain(`${BASE}/track/${inTransit}`);
    expect(update!.body).toContain(`Unsubscribe: ${BASE}/tracking-updates/`);
    // No personal data of the shipment in a stranger's mail.
    const seeded = (await db.select().from(shipments).where(eq(shipments.trackingId, inTransit)).get())!;
    expect(update!.body).not.toContain(seeded.senderName);
    expect(update!.body).not.toContain(seeded.recipientName);

    const unsubscribeLink = await linkIn(address, "tracking-update");
    expect(await text(await get(unsubscribeLink))).toContain(">Unsubscribe</button>");
    const unsubscribed = await post(unsubscribeLink, { intent: "unsubscribe" });
    expect(unsubscribed.headers.get("Location")).toBe(`/track/${inTransit}`);
    expect(await row()).toBeUndefined();

    await adminSetsStatus(inTransit, "in_transit");
    expect(await mailsTo(address, "tracking-update")).toHaveLength(1);
    // The used link leads nowhere now.
    expect((await get(unsubscribeLink)).status).toBe(404);
  });

  it("answers the same whether or not the address follows the parcel already, and mails no second link to a subscriber", async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "picked_up")!.trackingId;
    const first = await subscribe(trackingId, "again@example.com");
    await post(await linkIn("again@example.com", "tracking-subscription-confirm"), { intent: "confirm" });
    const second = await subscribe(trackingId, "again@example.com");
    expect(second.status).toBe(first.status);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await mailsTo("again@example.com", "tracking-subscription-confirm")).toHaveLength(1);
  });

  it("honours RFC 8058's one-click unsubscribe POST", async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "confirmed")!.trackingId;
    await subscribe(trackingId, "oneclick@example.com");
    await post(await linkIn("oneclick@example.com", "tracking-subscription-confirm"), { intent: "confirm" });
    await adminSetsStatus(trackingId, "picked_up");
    const link = await linkIn("oneclick@example.com", "tracking-update");
    // Anything else sent to the link changes nothing and says how to go on.
    const stray = await post(link, { intent: "teleport" });
    expect(stray.status).toBe(400);
    expect(await text(stray)).toContain("Please use the buttons on this page.");
    expect(await db.$count(trackingSubscriptions, eq(trackingSubscriptions.email, "oneclick@example.com"))).toBe(1);
    const response = await post(link, { "List-Unsubscribe": "One-Click" });
    expect(response.status).toBe(302);
    expect(await db.$count(trackingSubscriptions, eq(trackingSubscriptions.email, "oneclick@example.com"))).toBe(0);
  });

  it("refuses a blank or malformed address with 400, a made-up ID with 404, and takes nothing from a bot", async () => {
    const blank = await subscribe(inTransit, "  ");
    expect(blank.status).toBe(400);
    expect(await text(blank)).toContain("Email is required");
    const malformed = await subscribe(inTransit, "not-an-address");
    expect(malformed.status).toBe(400);
    expect(await text(malformed)).toContain("Please enter a valid email address");
    expect((await subscribe(inTransit, "x".repeat(300) + "@example.com")).status).toBe(400);
    // The field sent twice: the product's message, never the parser's own words.
    const twice = await SELF.fetch(`${BASE}/track/${inTransit}`, {
      method: "POST",
      redirect: "manual",
      body: "intent=subscribe&email=a%40example.com&email=b%40example.com",
      headers: { Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClientAddress() },
    });
    expect(twice.status).toBe(400);
    const twiceHtml = await text(twice);
    expect(twiceHtml).toContain("Please enter a valid email address");
    expect(twiceHtml).not.toContain("Expected string");
    expect((await subscribe("SWP000000NOPE00", "ghost@example.com")).status).toBe(404);
    // Where the page offers no form (an unknown parcel), the refusal still says why.
    const nowhere = await subscribe("SWP000000NOPE00", "not-an-address");
    expect(nowhere.status).toBe(400);
    expect(await text(nowhere)).toMatch(/role="alert"[^>]*>Please enter a valid email address</);
    const bot = await post(`/track/${inTransit}`, { intent: "subscribe", email: "bot@example.com", website: "https://spam.example" });
    expect(bot.status).toBe(302);
    expect(await mailsTo("bot@example.com", "tracking-subscription-confirm")).toEqual([]);
    expect(await db.$count(trackingSubscriptions, like(trackingSubscriptions.email, "%ghost%"))).toBe(0);
  });

  it("offers no updates once a parcel has arrived", async () => {
    expect(await text(await get(`/track/${delivered}`))).not.toContain("Keep me posted");
    const response = await subscribe(delivered, "late@example.com");
    expect(response.status).toBe(409);
    expect(await mailsTo("late@example.com", "tracking-subscription-confirm")).toEqual([]);
  });

  it(`takes at most ${MAX_SUBSCRIBERS} subscribers per shipment`, async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "processing")!.trackingId;
    for (let index = 0; index < MAX_SUBSCRIBERS; index += 1) {
      expect((await subscribe(trackingId, `crowd${index}@example.com`)).status).toBe(302);
      await post(await linkIn(`crowd${index}@example.com`, "tracking-subscription-confirm"), { intent: "confirm" });
    }
    const one = await subscribe(trackingId, "one-too-many@example.com");
    expect(one.status).toBe(409);
    expect(await text(one)).toContain(`already has ${MAX_SUBSCRIBERS} subscribers`);
    expect(await mailsTo("one-too-many@example.com", "tracking-subscription-confirm")).toEqual([]);
  });

  it("limits requests per client and per address, with 429 and Retry-After", async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "shipped")!.trackingId;
    const client = { "CF-Connecting-IP": newClientAddress() };
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) statuses.push((await subscribe(trackingId, `client${index}@example.com`, client)).status);
    expect(statuses.every((status) => status === 302 || status === 409)).toBe(true);
    const limited = await subscribe(trackingId, "client-last@example.com", client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);

    // One address is sent three links an hour at most, whoever asks for them.
    const target = STATUS_TRACKING_IDS.find((demo) => demo.status === "exception")!.trackingId;
    for (let index = 0; index < 3; index += 1) expect((await subscribe(target, "victim@example.com")).status).toBe(302);
    expect((await subscribe(target, "victim@example.com")).status).toBe(429);
    expect(await mailsTo("victim@example.com", "tracking-subscription-confirm")).toHaveLength(3);
  });

  it("lets the real recipient subscribe and confirm past unconfirmed sign-ups, which hold no place", async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "picked_up")!.trackingId;
    // More unconfirmed sign-ups than the shipment has places: none of them confirms.
    for (let index = 0; index < MAX_SUBSCRIBERS + 3; index += 1) expect((await subscribe(trackingId, `squatter${index}@example.com`)).status).toBe(302);
    expect((await subscribe(trackingId, "real.recipient@example.com")).status).toBe(302);
    const confirmed = await post(await linkIn("real.recipient@example.com", "tracking-subscription-confirm"), { intent: "confirm" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`/track/${trackingId}`);
    const row = await db.select().from(trackingSubscriptions).where(eq(trackingSubscriptions.email, "real.recipient@example.com")).get();
    expect(row!.status).toBe("confirmed");
  });

  it(`bounds unconfirmed sign-ups: ${MAX_PENDING_PER_SHIPMENT} per shipment and ${MAX_PENDING_PER_ADDRESS} per address, with 429 and a clear message`, async () => {
    const context = serviceContext();
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "confirmed")!.trackingId;
    const clientAddress = newClientAddress();
    const now = Date.now();
    for (let index = 0; index < MAX_PENDING_PER_SHIPMENT; index += 1) {
      expect(await subscribeToTracking(context, { trackingId, email: `pending${index}@example.com`, clientAddress: newClientAddress(), now })).toMatchObject({ ok: true });
    }
    const crowded = await subscribe(trackingId, "one-more@example.com");
    expect(crowded.status).toBe(429);
    expect(Number(crowded.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await text(crowded)).toContain("Too many people are waiting to confirm updates for this shipment. Please try again in");
    expect(await mailsTo("one-more@example.com", "tracking-subscription-confirm")).toEqual([]);
    // A sign-up already waiting may ask for its link again.
    expect(await subscribeToTracking(context, { trackingId, email: "pending0@example.com", clientAddress, now })).toMatchObject({ ok: true });
    // Once they have lapsed they count for nothing.
    expect(await subscribeToTracking(context, { trackingId, email: "one-more@example.com", clientAddress, now: now + CONFIRM_LINK_MS + 1 })).toMatchObject({ ok: true });

    // Sign-ups already waiting for the address on other shipments (the hourly limit per address keeps
    // one client from making them this fast; they may come from earlier hours' links).
    const busy = "busy.address@example.com";
    for (const status of ["pending", "out_for_delivery", "exception"] as const) {
      const shipmentId = await shipmentIdOf(STATUS_TRACKING_IDS.find((demo) => demo.status === status)!.trackingId);
      await db.insert(trackingSubscriptions).values({ id: crypto.randomUUID(), shipmentId, email: busy, createdAt: now - 60_000 });
    }
    const refusal = await subscribeToTracking(context, { trackingId: inTransit, email: busy, clientAddress: newClientAddress(), now });
    expect(refusal).toMatchObject({
      ok: false,
      reason: "rate-limited",
      message: `This address already has ${MAX_PENDING_PER_ADDRESS} requests for updates waiting to be confirmed: open the links we mailed to it. Please try again in 59 minutes.`,
    });
    expect(await mailsTo(busy, "tracking-subscription-confirm")).toEqual([]);
  });

  it("refuses a lapsed sign-up's link and sweeps lapsed sign-ups with the cron, keeping confirmed ones and live ones", async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "ready_for_pickup")!.trackingId;
    const shipmentId = await shipmentIdOf(trackingId);
    const now = Date.now();
    const lapsed = { id: crypto.randomUUID(), shipmentId, email: "lapsed@example.com", createdAt: now - CONFIRM_LINK_MS - 1 };
    const live = { id: crypto.randomUUID(), shipmentId, email: "live@example.com", createdAt: now };
    const kept = { id: crypto.randomUUID(), shipmentId, email: "kept@example.com", status: "confirmed" as const, confirmedAt: now - CONFIRM_LINK_MS * 5, createdAt: now - CONFIRM_LINK_MS * 6 };
    await db.insert(trackingSubscriptions).values([lapsed, live, kept]);
    // A link made before the lifetime shrank still carries a long expiry: the sign-up's age decides.
    await db.insert(trackingSubscriptionTokens).values({ tokenHash: await hashToken("lapsed-token"), subscriptionId: lapsed.id, purpose: "confirm", expiresAt: now + 86_400_000, createdAt: lapsed.createdAt });
    expect((await get("/tracking-updates/lapsed-token")).status).toBe(404);
    const refused = await post("/tracking-updates/lapsed-token", { intent: "confirm" });
    expect(refused.headers.get("Location")).toBe("/tracking-updates/lapsed-token");
    expect((await db.select().from(trackingSubscriptions).where(eq(trackingSubscriptions.id, lapsed.id)).get())!.status).toBe("pending");

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await db.select({ email: trackingSubscriptions.email }).from(trackingSubscriptions).where(eq(trackingSubscriptions.shipmentId, shipmentId));
    expect(left.map((row) => row.email).sort()).toEqual(["kept@example.com", "live@example.com"]);
    expect(await db.$count(trackingSubscriptionTokens, eq(trackingSubscriptionTokens.subscriptionId, lapsed.id))).toBe(0);
  });

  it("never shows a subscriber's address on the public page", async () => {
    expect(await text(await get(`/track/${inTransit}`))).not.toContain("@example.com");
  });
});

describe("the owner's status mail", () => {
  it("goes to the account's own address too, following its preferences", async () => {
    const owner = await createUser({ firstName: "Olga" });
    const context = serviceContext();
    const id = crypto.randomUUID();
    await db.insert(shipments).values({
      id,
      trackingId: "SWP999999OWNER1",
      userId: owner.id,
      senderName: "Olga's Shop",
      senderEmail: "orders@olgas-shop.example",
      senderCity: "Riga",
      senderCountry: "LV",
      recipientName: "Rita",
      recipientEmail: "rita@example.com",
      recipientCity: "Tallinn",
      recipientCountry: "EE",
    });
    await changeShipmentStatus(context, { shipmentId: id, status: "in_transit", actor: SYSTEM_ACTOR });
    const [mail] = await mailsTo(owner.email, "shipment-status");
    expect(mail!.subject).toBe("Shipment SWP999999OWNER1: In Transit");
    expect(mail!.body).toContain("Hello Olga,");
    expect(mail!.body).toContain(`${BASE}/profile?tab=notifications`);
    expect(await mailsTo("orders@olgas-shop.example", "shipment-status")).toHaveLength(1);

    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, owner.id));
    await changeShipmentStatus(context, { shipmentId: id, status: "delivered", actor: SYSTEM_ACTOR });
    expect(await mailsTo(owner.email, "shipment-status")).toHaveLength(1);
    expect(await mailsTo("orders@olgas-shop.example", "shipment-status")).toHaveLength(2);
  });

  it("tells the signed-in owner where their status mail is set instead of offering the form", async () => {
    const trackingId = STATUS_TRACKING_IDS.find((demo) => demo.status === "confirmed")!.trackingId;
    const ownerId = (await db.select({ userId: shipments.userId }).from(shipments).where(eq(shipments.trackingId, trackingId)).get())!.userId!;
    const html = await text(await get(`/track/${trackingId}`, { Cookie: await signedInCookie(ownerId) }));
    expect(html).toContain("You sent this parcel: its status changes are e-mailed to you as your notification preferences say.");
    expect(html).not.toContain("Email for updates");
  });
});
