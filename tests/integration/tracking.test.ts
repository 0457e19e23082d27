import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_TRACKING_IDS, SEED_USER_IDS, STATUS_TRACKING_IDS } from "../../drizzle/seed-data";
import { statusLabel } from "~/domain/shipment-status";
import { createUser, seedDemoData, signedInCookie } from "./fixtures";

const BASE = "https://parcel.test";
const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;

beforeAll(async () => {
  await seedDemoData();
});

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
    expect(html).not.toContain("demo@swiftparcel.example");
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
    expect(html).toContain("demo@swiftparcel.example");
  });

  it("shows another customer only the public view", async () => {
    const stranger = await createUser();
    const html = await (await get(`/track/${inTransit}`, { headers: { Cookie: await signedInCookie(stranger.id) } })).text();
    expect(html).not.toContain("Shipment details");
    expect(html).not.toContain("demo@swiftparcel.example");
  });

  it("shows admins every detail", async () => {
    const html = await (await get(`/track/${inTransit}`, { headers: { Cookie: await signedInCookie(SEED_USER_IDS.admin) } })).text();
    expect(html).toContain("Shipment details");
  });

  it("synthesises history when only the creation entry is stored", async () => {
    const html = await (await get("/track/" + (await trackingIdOf("seed-shipment-11")))).text();
    expect(html).toContain("Origin Facility");
  });

  it("limits look-ups per client with 429 and Retry-After", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.9" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 62; attempt += 1) {
      statuses.push((await get(`/track/${inTransit}`, { headers })).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const limited = await get(`/track/${inTransit}`, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Tracking Error");
    // Another client is not affected.
    expect((await get(`/track/${inTransit}`, { headers: { "CF-Connecting-IP": "203.0.113.10" } })).status).toBe(200);
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

async function trackingIdOf(id: string): Promise<string> {
  const { db } = await import("./fixtures");
  const { shipments } = await import("../../drizzle/schema");
  const { eq } = await import("drizzle-orm");
  const row = await db.select({ trackingId: shipments.trackingId }).from(shipments).where(eq(shipments.id, id)).get();
  return row!.trackingId;
}
