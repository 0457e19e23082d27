// Tracking: the public tracking page (one ID or several, the calendar file, the timeline against
// the history), its edge cache for anonymous readers, "Keep me posted", and the estimated delivery
// as one date on every screen. The demo data is seeded once for the whole file; the cache's part
// moves and rates the delivered demo shipment and the subscriptions' part changes statuses, so
// they run after the page's part.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, like, sql, type SQL } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { outbox, shipments, trackingEvents, trackingSubscriptions, trackingSubscriptionTokens, users } from "../../drizzle/schema";
import { buildSeed, DEMO_TRACKING_IDS, SEED_USER_IDS, SPARE_TRACKING_IDS, STATUS_TRACKING_IDS } from "../../drizzle/seed-data";
import { countingD1, type D1Counts } from "~/.server/bench-d1";
import { getDb } from "~/.server/db";
import { actorFor, SYSTEM_ACTOR } from "~/.server/events";
import { createWorker } from "~/.server/worker";
import { formatDay } from "~/domain/format";
import { hashToken } from "~/features/accounts/session.server";
import { SHIPMENT_STATUSES, statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { changeShipmentStatus, createShipment } from "~/features/shipments/shipments.server";
import { TRUST_MS } from "~/features/tracking/tracking-freshness.server";
import { LOCATION_CHANGED } from "~/features/tracking/tracking-history";
import {
  CONFIRM_LINK_MS,
  MAX_PENDING_PER_ADDRESS,
  MAX_PENDING_PER_SHIPMENT,
  MAX_SUBSCRIBERS,
  subscribeToTracking,
} from "~/features/tracking/tracking-subscriptions.server";
import { lookUpTracking } from "~/features/tracking/tracking.server";
import worker from "../worker";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, get, newClientAddress, pageText, post } from "./requests";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;

beforeAll(async () => {
  await seedDemoData();
});

describe("tracking: the page", () => {
  function get(path: string, init: RequestInit = {}) {
    return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
  }

  describe("public tracking", () => {
    it("shows status, timeline and history, but no personal details", async () => {
      const response = await get(`/track/${inTransit}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(inTransit);
      expect(html).toContain("In Transit");
      expect(html).toContain("Package is in transit to destination");
      expect(html).toContain("Shipment history");
      expect(html.replaceAll("<wbr/>", "")).not.toContain("demo@swiftparcel.example");
      expect(html).not.toContain("Jordan Lee");
      expect(html).not.toContain("Shipment details");
    });

    it("answers an unknown ID with 404 and 'No tracking information found'", async () => {
      const response = await get("/track/SWP000000AAAAAA");
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No tracking information found");
    });

    it("sends the home page's GET form on to the shareable address, upper-cased", async () => {
      const response = await get(`/track?id=${encodeURIComponent(` ${inTransit.toLowerCase()} `)}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/track/${inTransit}`);
    });

    it("asks for an ID when the box was blank", async () => {
      const response = await get("/track?id=+");
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Please enter a tracking ID");
    });

    it("shows the owner every detail", async () => {
      const cookie = await signedInCookie(SEED_USER_IDS.customer);
      const html = await (await get(`/track/${inTransit}`, { headers: { Cookie: cookie } })).text();
      expect(html).toContain("Shipment details");
      // Addresses carry break opportunities (<wbr>) so they wrap at sensible points on a phone.
      expect(html.replaceAll("<wbr/>", "")).toContain("demo@swiftparcel.example");
    });

    it("shows another customer only the public view", async () => {
      const stranger = await createUser();
      const html = await (await get(`/track/${inTransit}`, { headers: { Cookie: await signedInCookie(stranger.id) } })).text();
      expect(html).not.toContain("Shipment details");
      expect(html.replaceAll("<wbr/>", "")).not.toContain("demo@swiftparcel.example");
    });

    it("shows admins every detail", async () => {
      const html = await (await get(`/track/${inTransit}`, { headers: { Cookie: await signedInCookie(SEED_USER_IDS.admin) } })).text();
      expect(html).toContain("Shipment details");
    });

    it("limits look-ups per client with 429 and Retry-After", async () => {
      const { statuses, limited } = await inOneMinute(async (headers) => {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 62; attempt += 1) {
          statuses.push((await get(`/track/${inTransit}`, { headers })).status);
        }
        const response = await get(`/track/${inTransit}`, { headers });
        return { statuses, limited: { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await response.text() } };
      });
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(60)).toEqual([429, 429]);
      expect(limited.status).toBe(429);
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect(limited.text).toContain("Tracking Error");
      // Another client is not affected.
      expect((await get(`/track/${inTransit}`, { headers: { "CF-Connecting-IP": "203.0.113.200" } })).status).toBe(200);
      // The count lives in the Rate Limiting binding: a public GET writes no counter to D1.
      const { db } = await import("./fixtures");
      const { rateLimits } = await import("../../drizzle/schema");
      const { like } = await import("drizzle-orm");
      expect(await db.select().from(rateLimits).where(like(rateLimits.key, "track:%"))).toEqual([]);
    });
  });

  let nextClient = 0;

  /**
   * Look-ups are counted per calendar minute (TRACK_LIMITER): `attempt` runs as a client of its
   * own, and once more as another client if a minute's turn fell inside it (an attempt takes
   * seconds, so the next one runs within a minute). Date.now() is read after I/O on both sides,
   * so an equal minute means every look-up of the attempt was counted in that minute.
   */
  async function inOneMinute<T>(attempt: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    for (let tries = 0; tries < 3; tries += 1) {
      nextClient += 1;
      const minute = Math.floor(Date.now() / 60_000);
      const result = await attempt({ "CF-Connecting-IP": `198.51.100.${nextClient}` });
      if (Math.floor(Date.now() / 60_000) === minute) return result;
    }
    throw new Error("Three attempts in a row crossed a minute's turn");
  }

  const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
  const exception = DEMO_TRACKING_IDS.find((demo) => demo.status === "exception")!.trackingId;

  describe("several tracking IDs at once", () => {
    it("sends a search typed with commas, spaces and new lines on to one shareable address", async () => {
      const response = await get(`/track?ids=${encodeURIComponent(` ${inTransit.toLowerCase()}, ${exception}\r\nNOPE  ${inTransit}`)}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/track?ids=${inTransit},${exception},NOPE`);
      // One ID goes to its own page.
      expect((await get(`/track?ids=${inTransit}`)).headers.get("Location")).toBe(`/track/${inTransit}`);
    });

    it("shows one compact row per ID, in order, the unknown ones marked", async () => {
      const response = await get(`/track?ids=${inTransit},${exception},NOPE`, { headers: { "CF-Connecting-IP": "203.0.113.40" } });
      expect(response.status).toBe(200);
      const html = await text(response);
      expect(html).toContain("3 parcels looked up: 2 found, 1 not found");
      const rows = [...html.matchAll(/<li class="card p-4">([\s\S]*?)<\/li>/g)].map(([, row]) => row!);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toContain(`href="/track/${inTransit}"`);
      expect(rows[0]).toContain("In Transit");
      expect(rows[0]).toMatch(/<progress[^>]*value="60"/);
      expect(rows[0]).toContain("Estimated delivery");
      expect(rows[1]).toContain("Exception");
      expect(rows[2]).toContain("NOPE");
      expect(rows[2]).toContain("Not found");
      // Public facts only.
      expect(html.replaceAll("<wbr/>", "")).not.toContain("demo@swiftparcel.example");
      // The box shows what was searched, ready to change.
      expect(html).toContain(`${inTransit}, ${exception}, NOPE</textarea>`);
    });

    it("takes up to 10 IDs and says so beyond", async () => {
      const eleven = Array.from({ length: 11 }, (_, index) => `SWP00000${index}AAAAAA`).join(",");
      const response = await get(`/track?ids=${eleven}`);
      expect(response.status).toBe(400);
      expect(await text(response)).toContain("Enter up to 10 tracking IDs at a time.");
      expect((await get("/track?ids=+,+")).status).toBe(400);
    });

    it("refuses a word longer than any tracking ID rather than sending it on", async () => {
      for (const typed of ["X".repeat(41), `${inTransit},${"X".repeat(5_000)}`]) {
        const response = await get(`/track?ids=${typed}`);
        expect(response.status).toBe(400);
        expect(await text(response)).toContain("A tracking ID has at most 40 characters.");
      }
    });

    it("expects no delivery for a returned parcel, in its row and on its page", async () => {
      const returned = STATUS_TRACKING_IDS.find((demo) => demo.status === "returned")!.trackingId;
      const list = await text(await get(`/track?ids=${inTransit},${returned}`, { headers: { "CF-Connecting-IP": "203.0.113.42" } }));
      const row = [...list.matchAll(/<li class="card p-4">([\s\S]*?)<\/li>/g)].map(([, body]) => body!)[1]!;
      expect(row).toContain("Returned to sender");
      expect(row).not.toContain("Estimated delivery");
      const page = await text(await get(`/track/${returned}`, { headers: { "CF-Connecting-IP": "203.0.113.42" } }));
      expect(page).toContain("Returned to sender");
      expect(page).not.toContain("Estimated delivery");
    });

    it("counts each ID against the client's look-up limit", async () => {
      const ten = Array.from({ length: 10 }, (_, index) => `SWP10000${index}AAAAAA`).join(",");
      const { searches, limited, single } = await inOneMinute(async (headers) => {
        // 60 look-ups a minute: six searches of ten IDs use them all.
        const searches: number[] = [];
        for (let search = 0; search < 6; search += 1) searches.push((await get(`/track?ids=${ten}`, { headers })).status);
        const response = await get(`/track?ids=${ten}`, { headers });
        const limited = { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await text(response) };
        // The same count stands for single pages.
        return { searches, limited, single: (await get(`/track/${inTransit}`, { headers })).status };
      });
      expect(searches).toEqual([200, 200, 200, 200, 200, 200]);
      expect(limited.status).toBe(429);
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect(limited.text).toContain("Too many tracking requests");
      expect(single).toBe(429);
    });
  });

  describe("the estimated delivery as a calendar file", () => {
    it("is offered while a delivery is to come, as RFC 5545 text without personal data", async () => {
      expect(await text(await get(`/track/${inTransit}`))).toContain(`href="/track/${inTransit}/calendar.ics"`);
      const response = await get(`/track/${inTransit}/calendar.ics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${inTransit}-delivery.ics"`);
      const body = await response.text();
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(body).toMatch(/\r\nDTSTART;VALUE=DATE:\d{8}\r\n/);
      expect(body).toContain(`UID:delivery-${inTransit}@parcel.test`);
      expect(body.replace(/\r\n /g, "")).toContain(`https://parcel.test/track/${inTransit}`);
      expect(body).not.toMatch(/@example\.com|swiftparcel\.example|Jordan/);
    });

    it("is not offered once the parcel has arrived, nor for an unknown ID", async () => {
      expect(await text(await get(`/track/${delivered}`))).not.toContain("calendar.ics");
      expect((await get(`/track/${delivered}/calendar.ics`)).status).toBe(404);
      expect((await get("/track/SWP000000NOPE00/calendar.ics")).status).toBe(404);
    });
  });

  /** The text of a section of the page, tags dropped. */
  function sectionText(html: string, titleId: string): string {
    const start = html.indexOf(`aria-labelledby="${titleId}"`);
    const end = html.indexOf("</section>", start);
    return html.slice(start, end);
  }

  /** The timeline's steps as "Label (state)", in order. */
  function timelineSteps(html: string): { label: string; state: string; current: boolean }[] {
    const timeline = sectionText(html, "timeline-title");
    return [...timeline.matchAll(/<li([^>]*)>([\s\S]*?)<\/li>/g)].map(([, attributes, body]) => {
      const text = body!.replace(/<time[\s\S]*?<\/time>/g, "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
      const [, label, state] = /^(.*?) \((done|current step|to come)\)/.exec(text.replace(/[✓!\d]+/, "").trim()) ?? [];
      return { label: label!, state: state!, current: attributes!.includes('aria-current="step"') };
    });
  }

  /** The history's status headings, newest first. */
  function historyStatuses(html: string): string[] {
    return [...sectionText(html, "history-title").matchAll(/<p class="font-semibold">([^<]+)<\/p>/g)].map(([, label]) => label!);
  }

  describe("the timeline agrees with the history", () => {
    it("has a seeded shipment with a fixed ID in each of the thirteen statuses", async () => {
      const { shipments: rows } = buildSeed(Date.now(), { customer: "x", admin: "x", other: "x" });
      for (const { trackingId, status } of [...DEMO_TRACKING_IDS, ...STATUS_TRACKING_IDS, ...SPARE_TRACKING_IDS]) {
        expect(rows.find((row) => row.trackingId === trackingId)?.status, trackingId).toBe(status);
      }
      expect(new Set(STATUS_TRACKING_IDS.map((demo) => demo.status))).toEqual(new Set(SHIPMENT_STATUSES));
    });

    it.each(STATUS_TRACKING_IDS)("for the $status shipment $trackingId", async ({ trackingId, status }) => {
      const html = await (await get(`/track/${trackingId}`)).text();
      const steps = timelineSteps(html);
      const history = historyStatuses(html);
      // The current step is the shipment's status and the newest entry, marked for assistive technology.
      expect(steps.filter((step) => step.current).map((step) => [step.label, step.state])).toEqual([[statusLabel(status), "current step"]]);
      expect(history[0]).toBe(statusLabel(status));
      // What the timeline calls done happened, in the order it happened; nothing that happened is "to come".
      const happened = steps.filter((step) => step.state !== "to come").map((step) => step.label);
      expect(happened).toEqual([...new Set([...history].reverse())]);
      for (const step of steps.filter((item) => item.state === "to come")) expect(history).not.toContain(step.label);
    });
  });
});

// The anonymous tracking page's edge cache (docs/decisions/131): served again from the Cache
// API until the shipment's version changes, never to or from a signed-in reader, with a fresh
// CSP nonce each time. The requests go to a worker in this isolate, so each answer is awaited
// with the work it left running (the page being stored), and its clock is the test's own.
describe("tracking: the edge cache", () => {
  const path = `/track/${delivered}`;

  /** The worker's clock: real time, until a test stops it; then it moves only when the test says. */
  let stoppedAt: number | null = null;
  const clock = {
    now: () => stoppedAt ?? Date.now(),
    stop: () => void (stoppedAt = Date.now()),
    advance: (ms: number) => void (stoppedAt = clock.now() + ms),
  };
  afterEach(() => {
    stoppedAt = null;
  });

  const worker = createWorker(build as unknown as ServerBuild, { now: clock.now });

  /** The worker's answer, once the work it left running (storing the page) is done too. */
  async function serve(path: string, init: RequestInit = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const request = new Request(`${BASE}${path}`, { redirect: "manual", ...init });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
    return serve(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress(), "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  async function shipmentOf(trackingId: string) {
    return (await db.select().from(shipments).where(eq(shipments.trackingId, trackingId)).get())!;
  }

  /** The parcel at a new place, as a location change writes it (its history entry and the row), with `version` as the row's version. */
  async function moveTo(trackingId: string, currentLocation: string, version: SQL) {
    const shipment = await shipmentOf(trackingId);
    await db.batch([
      db.insert(trackingEvents).values({
        id: crypto.randomUUID(),
        shipmentId: shipment.id,
        status: shipment.status,
        location: currentLocation,
        description: LOCATION_CHANGED,
        occurredAt: Date.now(),
      }),
      db.update(shipments).set({ currentLocation, version }).where(eq(shipments.id, shipment.id)),
    ]);
  }

  /** Changes the stored rows behind the cache's back: the version stays, so the key does too. */
  async function changeWithoutNewVersion(trackingId: string, currentLocation: string) {
    await moveTo(trackingId, currentLocation, sql`${shipments.version}`);
  }

  /**
   * A change committed by another isolate: the rows and the version move in D1, and no event of
   * it reaches this one, whose confirmations stand.
   */
  async function changeElsewhere(trackingId: string, currentLocation: string) {
    await moveTo(trackingId, currentLocation, sql`${shipments.version} + 1`);
  }

  function anonymous(headers: Record<string, string> = {}) {
    return serve(path, { headers: { "CF-Connecting-IP": newClientAddress(), ...headers } });
  }

  function nonceOf(response: Response): string {
    return /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")![1]!;
  }

  describe("the anonymous tracking page's edge cache", () => {
    it("serves the stored page until the shipment's version changes, then renders afresh", async () => {
      const first = await anonymous();
      expect(first.status).toBe(200);
      expect(await first.text()).not.toContain("Cache Test Depot");

      await changeWithoutNewVersion(delivered, "Cache Test Depot");
      const cached = await anonymous();
      expect(cached.status).toBe(200);
      expect(await cached.text()).not.toContain("Cache Test Depot");

      // The admin's change goes through this worker, whose next view is fresh at once.
      const shipment = await shipmentOf(delivered);
      const changed = await post(`/admin/shipments/${shipment.id}/location`, { location: "Fresh Depot" }, { Cookie: await signedInCookie(SEED_USER_IDS.admin) });
      expect(changed.status).toBe(302);
      expect((await shipmentOf(delivered)).currentLocation).toBe("Fresh Depot");
      const fresh = await (await anonymous()).text();
      expect(fresh).toContain("Fresh Depot");
    });

    it("shows a change made in another isolate once TRUST_MS has passed, not before (decision 131)", async () => {
      clock.stop();
      await anonymous();
      // Confirmed against D1 once: this isolate then trusts the stored page for TRUST_MS.
      expect(await (await anonymous()).text()).not.toContain("Elsewhere Depot");
      await changeElsewhere(delivered, "Elsewhere Depot");
      expect(await (await anonymous()).text()).not.toContain("Elsewhere Depot");
      clock.advance(TRUST_MS - 1);
      expect(await (await anonymous()).text()).not.toContain("Elsewhere Depot");
      clock.advance(1);
      expect(await (await anonymous()).text()).toContain("Elsewhere Depot");
    });

    it("renders afresh once the delivery is rated (a rating leaves the version as it is)", async () => {
      expect(await (await anonymous()).text()).not.toContain("This delivery has been rated.");
      const shipment = await shipmentOf(delivered);
      const owner = (await db.select().from(users).where(eq(users.id, shipment.userId!)).get())!;
      const rated = await post(`/track/${delivered}/rate`, { score: "5", comment: "Left with the neighbour" }, { Cookie: await signedInCookie(owner.id) });
      expect(rated.status).toBe(302);
      const html = await (await anonymous()).text();
      expect(html).toContain("This delivery has been rated.");
      // Neither the stored nor the rendered page tells an anonymous reader the score or the comment.
      for (const page of [html, await (await anonymous()).text()]) {
        expect(page).not.toContain("Left with the neighbour");
        expect(page).not.toContain("Rated <strong>");
      }
      const ownerPage = await (await serve(path, { headers: { Cookie: await signedInCookie(owner.id), "CF-Connecting-IP": newClientAddress() } })).text();
      expect(ownerPage).toContain("Left with the neighbour");
      expect(ownerPage).toContain("Rated <strong>");
    });

    it("reads a rated delivery's page in one batch that fetches a rating's score and comment for the owner only", async () => {
      const shipment = await shipmentOf(delivered);
      const owner = { id: shipment.userId!, email: "", firstName: "", lastName: "", role: "user" as const, language: null };
      const stranger = { ...owner, id: "someone-else" };
      for (const [viewer, given] of [[null, false], [stranger, false], [owner, true]] as const) {
        const counts: D1Counts = { queries: 0, writes: 0, statements: [] };
        const found = await lookUpTracking(getDb({ DB: countingD1(env.DB, counts) }), delivered, viewer);
        expect(counts.queries).toBe(1);
        expect(found!.rating.state).toBe("rated");
        const rating = found!.rating.state === "rated" ? found!.rating.rating : undefined;
        if (given) expect(rating).toMatchObject({ score: 5, comment: "Left with the neighbour" });
        else expect(rating).toBeNull();
        // The statement that names a rating's comment reads no row for anyone else (WHERE 0 or the owner's id).
        const ratingRead = counts.statements!.find(({ sql }) => sql.includes('"comment"'))!;
        if (viewer === null) expect(ratingRead.sql).toMatch(/ where 0$/i);
        else expect(ratingRead.params).toContain(viewer.id);
      }
    });

    it("never serves a signed-in reader from the cache", async () => {
      await anonymous();
      await changeWithoutNewVersion(delivered, "Owner Sees This Depot");
      const cookie = await signedInCookie(SEED_USER_IDS.admin);
      const response = await serve(path, { headers: { Cookie: cookie, "CF-Connecting-IP": newClientAddress() } });
      expect(response.headers.get("X-Rendered-Shipment-Version")).toBeNull();
      const html = await response.text();
      expect(html).toContain("Owner Sees This Depot");
      expect(html).toContain("Shipment details");
    });

    it("gives every answer, stored or not, a nonce of its own that its scripts carry", async () => {
      await anonymous();
      const [one, two] = [await anonymous(), await anonymous()];
      const [nonceOne, nonceTwo] = [nonceOf(one), nonceOf(two)];
      expect(nonceOne).not.toBe(nonceTwo);
      for (const [response, nonce] of [[one, nonceOne], [two, nonceTwo]] as const) {
        const html = await response.text();
        const nonces = [...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]);
        expect(nonces.length).toBeGreaterThan(0);
        expect(new Set(nonces)).toEqual(new Set([nonce]));
        expect(response.headers.get("Cache-Control")).toBe("no-cache");
        expect(response.headers.get("X-Shipment-Version")).toBeNull();
        expect(response.headers.get("X-Rendered-Shipment-Version")).toBeNull();
      }
    });

    it("keeps the reader's time zone and cookie choice apart", async () => {
      await anonymous();
      const tokyo = await (await anonymous({ Cookie: "CH-time-zone=Asia%2FTokyo" })).text();
      // Times in the reader's zone: Tokyo is nine hours ahead of UTC.
      expect(tokyo).toContain("GMT+9");
      const utc = await (await anonymous()).text();
      expect(utc).not.toContain("GMT+9");
    });
  });
});

// "Keep me posted": subscribing on a public tracking page, confirming from the outbox mail, status
// mail with an unsubscribe link, unsubscribing; the limits; and the owner's own status mail.
describe("tracking: subscriptions and the owner's mail", () => {
  let admin: string;

  beforeAll(async () => {
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

    it("reads the page in the reader's language (status, timeline, history) and keeps a subscription's language for its mail", async () => {
      const exception = DEMO_TRACKING_IDS.find((demo) => demo.status === "exception")!.trackingId;
      const spanish = await text(await get(`/track/${exception}`, { "Accept-Language": "es-ES,es;q=0.9" }));
      expect(spanish).toContain('<html lang="es">');
      expect(spanish).toContain("Historial del envío");
      expect(spanish).toMatch(/<span class="[^"]*">Incidencia<\/span>/);
      expect(spanish).toMatch(/>En tránsito<\/span><span class="sr-only"> \(hecho\)<\/span>/);
      expect(spanish).toContain("El paquete está en tránsito hacia su destino");
      expect(spanish).toContain("Incidencia en la entrega: no se ha podido verificar la dirección");
      expect(spanish).toContain("Centro de procesamiento");
      expect(spanish).not.toContain("Shipment history");
      const french = await text(await get(`/track/${exception}?lng=fr`));
      expect(french).toContain('<html lang="fr">');
      expect(french).toContain("Historique de l’envoi");
      expect(french).toMatch(/>En transit<\/span><span class="sr-only"> \(terminé\)<\/span>/);
      expect(french).toContain("Le colis est en transit vers sa destination");
      expect(french).toContain("Tenez-moi informé");

      const subscribed = await subscribe(exception, "lector@example.com", { "Accept-Language": "es" });
      expect(subscribed.status).toBe(302);
      const row = await db.select().from(trackingSubscriptions).where(eq(trackingSubscriptions.email, "lector@example.com")).get();
      expect(row!.language).toBe("es");
      // A refusal on a Spanish page is Spanish too.
      const refused = await text(await subscribe(exception, "no-es-un-correo", { "Accept-Language": "es" }));
      expect(refused).toContain("Introduce un correo electrónico válido");
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
});

// An estimated delivery is a date: every screen shows the day it names, whatever the reader's
// time zone and with or without JavaScript (the time-zone hint), and its calendar file is that
// all-day date. Offered only while the day is still to come for a parcel not yet settled.
// (Issue 23 item 4: in Tokyo one shipment's estimate read Nov 27 without JavaScript and Nov 28
// with it, and so did its .ics; overdue, exception and failed parcels offered past dates.)
describe("tracking: the estimated delivery", () => {
  const DAY = 86_400_000;
  const ZONES = [null, "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"] as const;

  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerCookie: string;
  let adminCookie: string;

  /** A shipment of the owner's, in `status`, estimated for `estimatedDelivery`. */
  async function shipmentEstimated(status: ShipmentStatus, estimatedDelivery: number) {
    const { id, trackingId } = await createShipment(serviceContext(), {
      shipment: {
        userId: owner.id,
        senderName: "Dana Sender",
        senderEmail: owner.email,
        senderCity: "Lyon",
        senderCountry: "FR",
        recipientName: "Kenji Recipient",
        recipientCity: "Tokyo",
        recipientCountry: "JP",
        currency: "USD",
        cost: 2_500,
        estimatedDelivery,
      },
      actor: actorFor(owner),
    });
    await db.update(shipments).set({ status }).where(eq(shipments.id, id));
    return { id, trackingId };
  }

  /** A request from a reader whose browser has (or, null, has not) told its time zone, with its own look-up allowance. */
  function headersIn(zone: string | null, cookie?: string): Record<string, string> {
    const cookies = [zone ? `CH-time-zone=${encodeURIComponent(zone)}` : null, cookie].filter(Boolean).join("; ");
    return { "CF-Connecting-IP": newClientAddress(), ...(cookies ? { Cookie: cookies } : {}) };
  }

  /** The tracking page's "Estimated delivery" fact. */
  async function shownEstimate(trackingId: string, zone: string | null): Promise<string> {
    const html = await pageText(await get(`/track/${trackingId}`, headersIn(zone)));
    const fact = /Estimated delivery<\/dt><dd[^>]*>([^<]*)</.exec(html);
    if (!fact) throw new Error(`No estimated delivery on the page of ${trackingId}`);
    return fact[1]!;
  }

  /** The calendar file's all-day event: its first day and the day after it, as YYYYMMDD. */
  async function calendarDays(trackingId: string, zone: string | null): Promise<{ start: string; end: string }> {
    const response = await get(`/track/${trackingId}/calendar.ics`, headersIn(zone));
    expect(response.status).toBe(200);
    const body = await response.text();
    return { start: /\r\nDTSTART;VALUE=DATE:(\d{8})\r\n/.exec(body)![1]!, end: /\r\nDTEND;VALUE=DATE:(\d{8})\r\n/.exec(body)![1]! };
  }

  const yyyymmdd = (time: number) => new Date(time).toISOString().slice(0, 10).replaceAll("-", "");

  /** Midnight UTC, `days` from today. */
  function dayFromToday(days: number): number {
    return Math.floor(Date.now() / DAY) * DAY + days * DAY;
  }

  beforeAll(async () => {
    owner = await createUser();
    ownerCookie = await signedInCookie(owner.id);
    adminCookie = await signedInCookie((await createUser({ role: "admin" })).id);
  });

  describe("an estimated delivery is the same date for every reader", () => {
    // Late in the UTC day: already the next day in Tokyo. Early in it: still the day before in Los Angeles.
    const cases = [
      { name: "late in the UTC day", at: dayFromToday(20) + 23 * 3_600_000 + 30 * 60_000 },
      { name: "early in the UTC day", at: dayFromToday(21) + 2 * 3_600_000 },
    ];

    for (const { name, at } of cases) {
      it(`on the tracking page and in its calendar file, in every zone (${name})`, async () => {
        const { trackingId } = await shipmentEstimated("in_transit", at);
        const expected = formatDay(at);
        for (const zone of ZONES) {
          expect(await shownEstimate(trackingId, zone), String(zone)).toBe(expected);
          expect(await calendarDays(trackingId, zone), String(zone)).toEqual({ start: yyyymmdd(at), end: yyyymmdd(at + DAY) });
        }
      });

      it(`in the multi-parcel look-up, the owner's list and the receipt and the admin's edit page (${name})`, async () => {
        const { id, trackingId } = await shipmentEstimated("out_for_delivery", at);
        const expected = formatDay(at);
        const neighbours = [formatDay(at - DAY), formatDay(at + DAY)];
        for (const zone of ZONES) {
          const pages = [
            // Two IDs (one unknown): a single one opens its own page.
            await pageText(await get(`/track?ids=${trackingId},SWP000000NOPE00`, headersIn(zone))),
            await pageText(await get(`/dashboard?search=${trackingId}`, headersIn(zone, ownerCookie))),
            await pageText(await get(`/receipt/${id}`, headersIn(zone, adminCookie))),
            await pageText(await get(`/admin/shipments/${id}/edit`, headersIn(zone, adminCookie))),
          ];
          for (const [index, html] of pages.entries()) {
            expect(html, `${zone} page ${index}`).toContain(expected);
            for (const other of neighbours) expect(html, `${zone} page ${index}`).not.toContain(other);
          }
        }
      });
    }
  });

  describe("the calendar offer", () => {
    it("is made for a day still to come of a parcel on its way, an exception among them", async () => {
      for (const status of ["pending", "in_transit", "exception"] as const) {
        const { trackingId } = await shipmentEstimated(status, dayFromToday(3) + 12 * 3_600_000);
        expect(await pageText(await get(`/track/${trackingId}`, headersIn(null))), status).toContain(`href="/track/${trackingId}/calendar.ics"`);
        expect((await get(`/track/${trackingId}/calendar.ics`, headersIn(null))).status, status).toBe(200);
      }
    });

    it("is not made, and the file is refused, once the estimated day has passed: overdue, exception and failed parcels", async () => {
      for (const status of ["in_transit", "out_for_delivery", "exception", "failed"] as const) {
        const { trackingId } = await shipmentEstimated(status, dayFromToday(-3) + 12 * 3_600_000);
        for (const zone of ZONES) {
          const html = await pageText(await get(`/track/${trackingId}`, headersIn(zone)));
          expect(html, `${status} ${zone}`).not.toContain("calendar.ics");
          expect(html, `${status} ${zone}`).toContain("Running late");
          const file = await get(`/track/${trackingId}/calendar.ics`, headersIn(zone));
          expect(file.status, `${status} ${zone}`).toBe(404);
          expect(await file.text()).toBe("This parcel's estimated delivery day has passed, so there is no date to add to a calendar.");
        }
      }
    });

    it("is not made for a settled parcel, even with a day to come", async () => {
      for (const status of ["delivered", "custom_destination", "returned"] as const) {
        const { trackingId } = await shipmentEstimated(status, dayFromToday(3));
        expect(await pageText(await get(`/track/${trackingId}`, headersIn(null))), status).not.toContain("calendar.ics");
        const file = await get(`/track/${trackingId}/calendar.ics`, headersIn(null));
        expect(file.status, status).toBe(404);
        expect(await file.text()).toBe("This parcel has no delivery still to come, so there is nothing to add to a calendar.");
      }
    });
  });
});
