import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSeed, DEMO_TRACKING_IDS, SEED_USER_IDS, SPARE_TRACKING_IDS, STATUS_TRACKING_IDS } from "../../drizzle/seed-data";
import { SHIPMENT_STATUSES, statusLabel } from "~/features/shipments/shipment-status";
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
const delivered = DEMO_TRACKING_IDS.find((demo) => demo.status === "delivered")!.trackingId;

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
