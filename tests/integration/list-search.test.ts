// Every list reads the same parameter names, and a search of any length or content answers
// with the list: D1 refuses LIKE patterns over 50 bytes, which must never become a 500.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { outbox, shipments, shipmentSearchText } from "../../drizzle/schema";
import { seedBulkShipments } from "../../drizzle/seed-bulk";
import { SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { createUser, db, seedDemoData, signedInCookie } from "./fixtures";
import { get } from "./requests";

let seed: SeedData;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  seed = await seedDemoData();
  admin = { Cookie: await signedInCookie(SEED_USER_IDS.admin) };
  customer = { Cookie: await signedInCookie(SEED_USER_IDS.customer) };
  // The mailbox's search only runs its LIKE over rows that exist.
  await db.insert(outbox).values(
    ["lena.fischer@example.com", "demo@swiftparcel.example"].map((toAddress, index) => ({
      id: `list-search-mail-${index}`,
      toAddress,
      subject: `Your parcel ${index}`,
      body: "Hello",
      kind: "shipment-status",
      nextAttemptAt: Date.now(),
    })),
  );
});

/** The page's text as a reader sees it, after checking it answered 200. */
async function page(path: string, headers: Record<string, string>): Promise<string> {
  const response = await get(path, headers);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

const LISTS = [
  { path: "/admin/dashboard", as: () => admin, nothing: "No shipments found" },
  { path: "/admin/shipments", as: () => admin, nothing: "No shipments found" },
  { path: "/admin/users", as: () => admin, nothing: "No users found" },
  { path: "/admin/mailbox", as: () => admin, nothing: "No mail found" },
  { path: "/dashboard", as: () => customer, nothing: "No shipments found" },
];

describe("a long or odd search", () => {
  const searches = {
    "60 letters": "a".repeat(60),
    "60 wildcards": "%_".repeat(30),
    "40 two-byte letters": "é".repeat(40),
    "60 four-byte characters": "📦".repeat(60),
    "backslashes and quotes": `\\'"`.repeat(20),
  };

  for (const list of LISTS) {
    it(`answers 200 with a message on ${list.path}`, async () => {
      for (const [name, term] of Object.entries(searches)) {
        const path = `${list.path}?search=${encodeURIComponent(term)}`;
        // The customer's address is first tidied (the search cut to a tracking ID's length).
        const response = await get(path, list.as());
        const target = response.status === 302 ? response.headers.get("Location")! : path;
        expect([200, 302], `${name}: ${list.path}`).toContain(response.status);
        const html = await page(target, list.as());
        expect(html, `${name}: ${list.path}`).toContain(list.nothing);
      }
    });
  }

  it("still finds what its first characters name", async () => {
    const mine = seed.shipments.find((shipment) => shipment.userId === SEED_USER_IDS.customer)!;
    const tidied = await get(`/dashboard?search=${mine.trackingId.toLowerCase()}${"x".repeat(45)}`, customer);
    expect(tidied.headers.get("Location")).toBe(`/dashboard?search=${mine.trackingId}`);
    expect(await page(tidied.headers.get("Location")!, customer)).toContain(`/track/${mine.trackingId}`);

    const lena = await page(`/admin/users?search=${encodeURIComponent("Lena Fischer")}`, admin);
    expect(lena).toContain("lena.fischer@example.com");
    const mail = await page(`/admin/mailbox?search=${encodeURIComponent("lena.fischer@")}`, admin);
    expect(mail).toContain("Your parcel 0");
    expect(mail).not.toContain("Your parcel 1");
  });

  it("echoes the search, bounded to 40 characters, in a box that takes no more", async () => {
    const html = await page(`/admin/users?search=${"b".repeat(60)}`, admin);
    expect(html).toMatch(new RegExp(`<input[^>]*name="search"[^>]*maxLength="40"[^>]*value="${"b".repeat(40)}"|<input[^>]*name="search"[^>]*value="${"b".repeat(40)}"[^>]*maxLength="40"`, "i"));
  });
});

describe("list parameters", () => {
  it("are the lists' names; the admin's old `q` links still search", async () => {
    const target = seed.shipments.find((shipment) => shipment.senderName.startsWith("Lena"))!;
    for (const name of ["search", "q"]) {
      const html = await page(`/admin/shipments?${name}=${encodeURIComponent(target.trackingId)}`, admin);
      expect(html, name).toContain(target.trackingId);
      expect(html.match(/<th scope="row"/g), name).toHaveLength(1);
    }
  });

  it("filter the admin's list by dateFrom and dateTo, both days included", async () => {
    const createdAt = seed.shipments.map((shipment) => shipment.createdAt!).sort((a, b) => a - b);
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    const oldest = seed.shipments.find((shipment) => shipment.createdAt === createdAt[0])!;
    const newest = seed.shipments.find((shipment) => shipment.createdAt === createdAt.at(-1))!;
    const early = await page(`/admin/shipments?dateTo=${day(createdAt[0]!)}&sortOrder=asc`, admin);
    expect(early).toContain(oldest.trackingId);
    expect(early).not.toContain(newest.trackingId);
    const late = await page(`/admin/shipments?dateFrom=${day(createdAt.at(-1)!)}`, admin);
    expect(late).toContain(newest.trackingId);
    expect(late).not.toContain(oldest.trackingId);
    expect(late).toMatch(/<input[^>]*name="dateFrom"[^>]*value="\d{4}-\d\d-\d\d"/);
  });

  // Eleven accounts, each with a real scrypt hash: slow on a busy machine.
  it("page every list with the same words", { timeout: 30_000 }, async () => {
    for (let index = 0; index < 11; index += 1) await createUser({ lastName: `Listed${index}` });
    const users = await page("/admin/users?page=2", admin);
    expect(users).toMatch(/Showing 11 to \d+ of \d+ results/);
    expect(users).toMatch(/Page 2 of \d/);
    expect(await page("/admin/shipments?page=2", admin)).toContain("Showing 11 to 20 of 40 results");
    expect(await page("/dashboard?page=2", customer)).toContain("Showing 11 to 20 of");
  });
});

describe("the admin's search of shipments", () => {
  const find = async (search: string) => page(`/admin/shipments?search=${encodeURIComponent(search)}`, admin);

  it("finds any part of a name, an e-mail address or a city, and the start of a tracking ID", async () => {
    const target = seed.shipments.find((shipment) => shipment.recipientEmail && shipment.senderEmail)!;
    for (const search of [
      target.trackingId,
      target.trackingId.slice(0, 6).toLowerCase(),
      target.senderName.slice(1, 6),
      target.recipientName.toUpperCase(),
      target.senderEmail!.slice(2, 12),
      target.recipientEmail!,
      target.senderCity.slice(1),
      target.recipientCity.toLowerCase(),
    ]) {
      expect(await find(search), search).toContain(target.trackingId);
    }
    // Not inside a tracking ID, nor across two fields; "%" and "_" are themselves.
    expect(await find(target.trackingId.slice(3))).toContain("No shipments found");
    expect(await find(`${target.senderName}\n${target.senderEmail}`)).toContain("No shipments found");
    expect(await find(`${target.senderName.slice(0, 2)}%`)).toContain("No shipments found");
  });

  it("follows a shipment's names and cities as they change, and forgets a deleted one", async () => {
    const target = seed.shipments.at(-1)!;
    await db.update(shipments).set({ recipientName: "Zebedee Quarrington", senderCity: "Xylotown" }).where(eq(shipments.id, target.id));
    expect(await find("Quarrington")).toContain(target.trackingId);
    expect(await find("xylot")).toContain(target.trackingId);
    expect(await find(target.recipientName)).not.toContain(target.trackingId);
    // A change to anything else leaves the index as it was.
    await db.update(shipments).set({ status: "delivered" }).where(eq(shipments.id, target.id));
    expect(await find("Quarrington")).toContain(target.trackingId);
    await db.delete(shipments).where(eq(shipments.id, target.id));
    expect(await find("Quarrington")).toContain("No shipments found");
    const [indexed] = await db.select({ rows: count() }).from(shipmentSearchText);
    const [stored] = await db.select({ rows: count() }).from(shipments);
    expect(indexed!.rows).toBe(stored!.rows);
  });

  it("says 1,000+ when it finds more than it counts, and pages on past them", async () => {
    await seedBulkShipments(env.DB, { count: 1_050, now: Date.now(), passwordHash: "unused" });
    const first = await find("example.com");
    expect(first).toContain("Showing 1 to 10 of 1,000+ results");
    expect(first).toContain("Page 1 of 100+");
    const last = await page("/admin/shipments?search=example.com&page=100", admin);
    expect(last).toContain("Showing 991 to 1,000 of 1,000+ results");
    expect(last).toMatch(/href="[^"]*page=101"/);
    const beyond = await page("/admin/shipments?search=example.com&page=101", admin);
    expect(beyond).toContain("Showing 1,001 to 1,010 of 1,010+ results");
    expect(beyond.match(/<th scope="row"/g)).toHaveLength(10);
    // Fewer than that: the exact count.
    expect(await find("BEN0000000001")).toContain("Showing 1 to 10 of 100 results");
  });
});
