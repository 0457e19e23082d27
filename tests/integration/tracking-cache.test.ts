// The anonymous tracking page's edge cache (docs/decisions/131): served again from the Cache
// API until the shipment's version changes, never to or from a signed-in reader, with a fresh
// CSP nonce each time. The requests go to a worker in this isolate, so each answer is awaited
// with the work it left running (the page being stored), and its clock is the test's own.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { shipments, trackingEvents, users } from "../../drizzle/schema";
import { DEMO_TRACKING_IDS, SEED_USER_IDS } from "../../drizzle/seed-data";
import { countingD1, type D1Counts } from "~/.server/bench-d1";
import { getDb } from "~/.server/db";
import { createWorker } from "~/.server/worker";
import { TRUST_MS } from "~/features/tracking/tracking-freshness.server";
import { LOCATION_CHANGED } from "~/features/tracking/tracking-history";
import { lookUpTracking } from "~/features/tracking/tracking.server";
import { db, seedDemoData, signedInCookie } from "./fixtures";
import { BASE, newClientAddress } from "./requests";

const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;
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

beforeAll(async () => {
  await seedDemoData();
});

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
    const owner = { id: shipment.userId!, email: "", firstName: "", lastName: "", role: "user" as const };
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
