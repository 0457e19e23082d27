import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { isDelivered, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { createUser, seedDemoData, signedInCookie } from "./fixtures";

const BASE = "https://parcel.test";

let seed: SeedData;
let demoCookie: string;
let demoShipments: SeedData["shipments"];

beforeAll(async () => {
  seed = await seedDemoData();
  demoCookie = await signedInCookie(SEED_USER_IDS.customer);
  demoShipments = seed.shipments.filter((shipment) => shipment.userId === SEED_USER_IDS.customer);
});

function get(path: string, cookie = demoCookie) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
}

/** The page's text as a reader sees it: React's markers between adjacent text parts removed. */
async function page(path: string, cookie = demoCookie): Promise<string> {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The tracking IDs listed in the table, in order. */
function listedIds(html: string): string[] {
  return [...html.matchAll(/<th scope="row"[^>]*><span class="font-mono">([A-Z]{3}\d{6}[A-Z0-9]{6})<\/span>/g)].map((match) => match[1]!);
}

const newestFirst = () => [...demoShipments].sort((a, b) => b.createdAt! - a.createdAt!).map((shipment) => shipment.trackingId);

describe("customer dashboard", () => {
  it("sends visitors to sign in first", async () => {
    const response = await SELF.fetch(`${BASE}/dashboard?status=delivered`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard?status=delivered")}`);
  });

  it("greets the customer and counts only their shipments", async () => {
    const html = await page("/dashboard");
    expect(html).toContain("Welcome back, Jordan!");
    const inTransit = demoShipments.filter((shipment) => shipment.status === "in_transit").length;
    // Delivered as every screen counts it: custom destinations included.
    const delivered = demoShipments.filter((shipment) => isDelivered(shipment.status as ShipmentStatus)).length;
    expect(html).toMatch(new RegExp(`Total shipments</a></dt><dd[^>]*>${demoShipments.length}</dd>`));
    expect(html).toMatch(new RegExp(`In transit</a></dt><dd[^>]*>${inTransit}</dd>`));
    expect(html).toMatch(new RegExp(`Delivered</a></dt><dd[^>]*>${delivered}</dd>`));
    expect(html).toContain("This month</dt>");
  });

  it("lists 10 a page, newest first, with Track and Invoice links", async () => {
    const html = await page("/dashboard");
    expect(listedIds(html)).toEqual(newestFirst().slice(0, 10));
    expect(html).toContain("Showing 1 to 10 of 24 results");
    expect(html).toContain("Page 1 of 3");
    const first = demoShipments.find((shipment) => shipment.trackingId === newestFirst()[0])!;
    const invoice = seed.invoices.find((row) => row.shipmentId === first.id)!;
    expect(html).toContain(`href="/track/${first.trackingId}"`);
    expect(html).toContain(`href="/invoices/${invoice.id}"`);
    expect(html).toContain('href="/dashboard?page=2"');
  });

  it("pages on through the list", async () => {
    const html = await page("/dashboard?page=3");
    expect(listedIds(html)).toEqual(newestFirst().slice(20));
    expect(html).toContain("Showing 21 to 24 of 24 results");
    expect(html).toContain('href="/dashboard?page=2"');
    // A page past the end shows the last one.
    expect(listedIds(await page("/dashboard?page=9"))).toEqual(newestFirst().slice(20));
  });

  it("finds shipments by the first characters of their tracking ID", async () => {
    const target = demoShipments[7]!.trackingId;
    const prefix = target.slice(0, 11).toLowerCase();
    const expected = newestFirst().filter((id) => id.startsWith(prefix.toUpperCase()));
    // The address is tidied first: the search in capitals, defaults left out.
    const tidied = await get(`/dashboard?search=${prefix}&status=&sortBy=createdAt&sortOrder=desc`);
    expect(tidied.headers.get("Location")).toBe(`/dashboard?search=${prefix.toUpperCase()}`);
    const html = await page(`/dashboard?search=${prefix.toUpperCase()}`);
    expect(listedIds(html)).toEqual(expected);
    expect(expected).toContain(target);
    // A wildcard is a character like any other.
    expect(listedIds(await page("/dashboard?search=SWP%25"))).toEqual([]);
  });

  it("filters by status and sorts by any listed field", async () => {
    const delivered = newestFirst().filter((id) => isDelivered(demoShipments.find((shipment) => shipment.trackingId === id)!.status as ShipmentStatus));
    expect(listedIds(await page("/dashboard?status=delivered"))).toEqual(delivered.slice(0, 10));

    const byId = demoShipments.map((shipment) => shipment.trackingId).sort();
    expect(listedIds(await page("/dashboard?sortBy=trackingId&sortOrder=asc"))).toEqual(byId.slice(0, 10));

    const html = await page("/dashboard?sortBy=totalCost&page=2");
    const costs = listedIds(html).map((id) => demoShipments.find((shipment) => shipment.trackingId === id)!.cost!);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(html).toContain('href="/dashboard?sortBy=totalCost&amp;page=3"');
  });

  it("says when nothing matches, and how to start when there is nothing yet", async () => {
    const none = await page("/dashboard?search=ZZZ");
    expect(none).toContain("No shipments found");
    expect(none).toContain("Try adjusting your search or filters");

    // The session opened right after the account was made: its first visit.
    const newcomer = await createUser({ firstName: "Nia" });
    const empty = await page("/dashboard", await signedInCookie(newcomer.id));
    expect(empty).toContain("Welcome, Nia!");
    expect(empty).not.toContain("Welcome back");
    // An account made earlier, on a later visit, is welcomed back.
    const returning = await createUser({ firstName: "Rue", createdAt: Date.now() - 3_600_000 });
    expect(await page("/dashboard", await signedInCookie(returning.id))).toContain("Welcome back, Rue!");
    expect(empty).toContain("No shipments found");
    expect(empty).toContain("Get started by creating your first shipment");
    expect(empty).toContain('href="/dashboard/create-shipment"');
  });

  it("never shows another customer's shipments, whatever the address asks", async () => {
    const others = seed.shipments.filter((shipment) => shipment.userId !== SEED_USER_IDS.customer).map((shipment) => shipment.trackingId);
    for (const path of ["/dashboard", "/dashboard?page=2", "/dashboard?page=3", `/dashboard?search=${others[0]}`]) {
      const ids = listedIds(await page(path));
      expect(ids.filter((id) => others.includes(id)), path).toEqual([]);
    }
    const lena = await page("/dashboard", await signedInCookie(SEED_USER_IDS.other));
    expect(listedIds(lena)).toHaveLength(8);
    expect(lena).toMatch(/Total shipments<\/a><\/dt><dd[^>]*>8<\/dd>/);
  });

  it("refreshes the same view with a confirmation", async () => {
    const response = await SELF.fetch(`${BASE}/dashboard?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: demoCookie, Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ view: "?status=delivered&page=2&evil=https://example.com" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?status=delivered&page=2");
    expect(response.headers.get("Set-Cookie")).toContain("__Host-toast=");
  });

  it("says 'Error loading shipments', with a way to try again, when the list cannot be read", async () => {
    await env.DB.exec("ALTER TABLE shipments RENAME TO shipments_out_of_reach");
    try {
      const response = await get("/dashboard?status=delivered");
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      const html = await response.text();
      expect(html).toContain("Error loading shipments");
      expect(html).toContain('href="/dashboard?status=delivered"');
      expect(html).toContain("Try again");
      expect(html).toContain("Welcome back, Jordan!");
    } finally {
      await env.DB.exec("ALTER TABLE shipments_out_of_reach RENAME TO shipments");
    }
  });
});
