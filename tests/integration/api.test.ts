// The public API (/api/v1) and its keys: the OpenAPI document, every operation with a customer's
// key and with service keys, scopes, revocation, the per-key rate limit, Idempotency-Key (the
// same request again, another request, retries at once), problem+json refusals and the bulk
// import (a CSV file previewed, then confirmed). Seeded once.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { apiIdempotency, apiKeyUsage, apiKeys, events, invoices, shipmentImportRows, shipmentImports, shipments, users as usersTable } from "../../drizzle/schema";
import { SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { createApiKey, revokeApiKey } from "~/features/api/api-keys.server";
import type { Scope } from "~/features/api/api-keys";
import type { SessionUser } from "~/features/accounts/session.server";
import { csvLines } from "~/.server/csv-file";
import { IMPORT_LIMITS, IMPORT_MESSAGES, templateRecords } from "~/features/shipments/shipment-import";
import { API_SHIPMENT } from "../api-sample";
import { BAD_ROWS, importCsv } from "../shipment-import-sample";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, getAs, newClientAddress, pageText, postAs } from "./requests";

let seed: SeedData;
const users: Record<"customer" | "admin" | "other", SessionUser> = {} as never;

async function keyFor(who: keyof typeof users, kind: "customer" | "service" = "customer", scopes?: Scope[]): Promise<string> {
  const made = await createApiKey(serviceContext(), { owner: users[who], kind, name: `${who} ${kind} ${crypto.randomUUID().slice(0, 6)}`, scopes });
  if (!made.ok) throw new Error(made.message);
  return made.key;
}

function call(method: "GET" | "POST", path: string, { key, body, headers = {} }: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const raw = typeof body === "string" || body instanceof Uint8Array;
  return SELF.fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: {
      "CF-Connecting-IP": newClientAddress(),
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: raw ? (body as string) : JSON.stringify(body) }),
  });
}

type Problem = { type: string; title: string; status: number; detail: string; errors?: { pointer: string; detail: string }[] };

async function problemOf(response: Response, status: number): Promise<Problem> {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toBe("application/problem+json");
  const problem = (await response.json()) as Problem;
  expect(problem.status).toBe(status);
  expect(problem.title).not.toBe("");
  expect(problem.detail).not.toBe("");
  return problem;
}

beforeAll(async () => {
  seed = await seedDemoData();
  for (const who of ["customer", "admin", "other"] as const) {
    const row = seed.users.find((user) => user.id === SEED_USER_IDS[who])!;
    users[who] = { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role ?? "user", language: null };
  }
});

describe("the OpenAPI document", () => {
  it("is served without a key, as OpenAPI 3.1, with every operation and the form's own fields and messages' bounds", async () => {
    const response = await getAs("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { maxLength?: number }> } }> } }>> };
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operations.sort()).toEqual(
      ["cancelShipment", "confirmImport", "createImport", "createQuote", "createShipment", "getImport", "getInvoice", "getShipment", "getShipmentLabel", "getShipmentReceipt", "listInvoices", "listShipments", "trackShipment", "trackShipments", "updateShipmentLocation", "updateShipmentStatus"].sort(),
    );
    const create = doc.paths["/shipments"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(create.properties?.senderName?.maxLength).toBe(100);
    expect(Object.keys(create.properties ?? {})).toContain("packages");
  });
});

describe("keys", () => {
  it("refuses a call without a key, with an unknown key, and a key put in the address, as problem+json", async () => {
    const missing = await call("GET", "/shipments");
    expect((await problemOf(missing, 401)).detail).toContain("Authorization: Bearer");
    expect(missing.headers.get("WWW-Authenticate")).toContain("Bearer");
    await problemOf(await call("GET", "/shipments", { key: `sp_live_${"x".repeat(43)}` }), 401);
    await problemOf(await call("GET", "/shipments", { headers: { Authorization: "Basic dXNlcjpwYXNz" } }), 401);
    const key = await keyFor("customer");
    expect((await problemOf(await call("GET", `/shipments?api_key=${key}`, { key }), 400)).detail).toContain("never goes in the address");
  });

  it("is stored as a hash with a visible prefix; revoking it refuses the very next call; the event goes through the dispatcher", async () => {
    const made = await createApiKey(serviceContext(), { owner: users.customer, kind: "customer", name: "Checkout" });
    if (!made.ok) throw new Error("not made");
    const row = await db.select().from(apiKeys).where(eq(apiKeys.id, made.id)).get();
    expect(row!.hash).not.toContain(made.key.slice(8));
    expect(row!.prefix).toBe(made.key.slice(0, 16));
    expect(row!.scopes).toBe("read,write");
    expect((await call("GET", "/shipments", { key: made.key })).status).toBe(200);
    const revoked = await revokeApiKey(serviceContext(), { actor: users.customer, owner: { kind: "customer", userId: users.customer.id }, keyId: made.id });
    expect(revoked.ok).toBe(true);
    await problemOf(await call("GET", "/shipments", { key: made.key }), 401);
    const recorded = await db.select({ type: events.type }).from(events).where(eq(events.entityId, made.id));
    expect(recorded.map((event) => event.type).sort()).toEqual(["api_key.created", "api_key.revoked"]);
    // Another customer cannot revoke it (nor see it).
    const other = await createApiKey(serviceContext(), { owner: users.customer, kind: "customer", name: "Second" });
    if (!other.ok) throw new Error("not made");
    expect((await revokeApiKey(serviceContext(), { actor: users.other, owner: { kind: "customer", userId: users.other.id }, keyId: other.id })).ok).toBe(false);
  });

  it("notes the last use at most once a minute", async () => {
    const made = await createApiKey(serviceContext(), { owner: users.customer, kind: "customer", name: "Usage" });
    if (!made.ok) throw new Error("not made");
    await call("GET", "/invoices", { key: made.key });
    const first = await db.select().from(apiKeyUsage).where(eq(apiKeyUsage.keyId, made.id)).get();
    expect(first?.lastUsedAt).toBeGreaterThan(0);
    await call("GET", "/invoices", { key: made.key });
    const second = await db.select().from(apiKeyUsage).where(eq(apiKeyUsage.keyId, made.id)).get();
    expect(second?.lastUsedAt).toBe(first?.lastUsedAt);
  });

  it("counts each key's calls: past 120 a minute, 429 with Retry-After", async () => {
    // The limiter counts by clock minute: a run that crosses into the next minute starts a new count, so it is run again.
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 3 && statuses.at(-1) !== 429; attempt += 1) {
      const key = await keyFor("customer");
      const minute = Math.floor(Date.now() / 60_000);
      statuses = [];
      for (let index = 0; index < 121; index += 1) {
        const response = await call("GET", "/tracking?ids=SWP000000AAAAAA", { key });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get("Retry-After")).toBe("60");
          await problemOf(response, 429);
          break;
        }
        await response.body?.cancel();
      }
      if (statuses.at(-1) !== 429) expect(Math.floor(Date.now() / 60_000), "no 429 within one clock minute").not.toBe(minute);
    }
    expect(statuses.at(-1)).toBe(429);
    // Another key is not held up.
    expect((await call("GET", "/tracking?ids=SWP000000AAAAAA", { key: await keyFor("customer") })).status).toBe(200);
  });
});

describe("operations with a customer's key", () => {
  let key: string;
  let created: { id: string; trackingId: string; invoiceId: string };

  beforeAll(async () => {
    key = await keyFor("customer");
  });

  it("creates a shipment by every rule of the form: 201 with its id, tracking ID and invoice", async () => {
    const response = await call("POST", "/shipments", { key, body: API_SHIPMENT });
    expect(response.status).toBe(201);
    created = (await response.json()) as typeof created;
    expect(response.headers.get("Location")).toBe(`/api/v1/shipments/${created.id}`);
    const row = await db.select().from(shipments).where(eq(shipments.id, created.id)).get();
    expect(row).toMatchObject({ userId: SEED_USER_IDS.customer, trackingId: created.trackingId, recipientPhone: "+49 30 5550 1234", status: "pending" });
    expect(await db.select().from(invoices).where(eq(invoices.id, created.invoiceId)).get()).toMatchObject({ status: "unpaid", shipmentId: created.id });
  });

  it("answers a shipment at fault with every field's message at once (422, JSON Pointers)", async () => {
    const problem = await problemOf(
      await call("POST", "/shipments", { key, body: { ...API_SHIPMENT, senderName: "", recipientEmail: "nope", packages: [{ ...API_SHIPMENT.packages[0], weight: 99 }], serviceType: "same_day" } }),
      422,
    );
    const byPointer = Object.fromEntries(problem.errors!.map((error) => [error.pointer, error.detail]));
    expect(byPointer).toMatchObject({
      "/senderName": "Sender name is required",
      "/recipientEmail": "Please enter a valid email address",
      "/packages/0/weight": "Each package can weigh at most 32 kg",
      "/serviceType": "Same Day delivers within one city: the sender and the recipient must be in the same city and country.",
    });
    await problemOf(await call("POST", "/shipments", { key, body: "{not json" }), 400);
    await problemOf(await call("POST", "/shipments", { key, body: "[1,2]" }), 400);
    expect((await problemOf(await call("POST", "/shipments", { key }), 422)).errors!.length).toBeGreaterThan(10);
  });

  it("gets it, lists it with filters and cursors, and reads its receipt and label", async () => {
    const one = await call("GET", `/shipments/${created.id}`, { key });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: created.id, trackingId: created.trackingId, details: { recipient: { name: "Lena Fischer" } } });

    const seen: string[] = [];
    let cursor: string | null = "";
    for (let pages = 0; cursor !== null && pages < 20; pages += 1) {
      const page = await call("GET", `/shipments?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { key });
      const body = (await page.json()) as { data: { id: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((row) => row.id));
      cursor = body.nextCursor;
    }
    const own = await db.$count(shipments, eq(shipments.userId, SEED_USER_IDS.customer));
    expect(seen.length).toBe(own);
    expect(new Set(seen).size).toBe(own);
    expect(seen[0]).toBe(created.id);
    const pending = (await (await call("GET", "/shipments?status=Pending", { key })).json()) as { data: { status: string }[] };
    expect(pending.data.length).toBeGreaterThan(0);
    expect(pending.data.every((row) => row.status === "pending")).toBe(true);
    const searched = (await (await call("GET", `/shipments?search=${created.trackingId.slice(0, 12).toLowerCase()}`, { key })).json()) as { data: { id: string }[] };
    expect(searched.data.map((row) => row.id)).toEqual([created.id]);
    const bad = await problemOf(await call("GET", "/shipments?limit=500&status=teleported&cursor=abc", { key }), 422);
    expect(bad.errors!.map((error) => error.pointer).sort()).toEqual(["/limit", "/status"]);
    await problemOf(await call("GET", "/shipments?cursor=abc", { key }), 422);

    const receipt = await call("GET", `/shipments/${created.id}/receipt`, { key });
    expect(await receipt.json()).toMatchObject({ trackingId: created.trackingId, sender: { name: "Avery Quinn" }, charge: { currency: "USD" } });
    const label = await call("GET", `/shipments/${created.id}/label`, { key });
    expect(label.headers.get("Content-Type")).toContain("image/svg+xml");
    const svg = await label.text();
    expect(svg).toContain(created.trackingId);
    expect(svg).toContain("Lena Fischer");
  });

  it("reaches no other account's shipment or invoice: 404, as for a record that does not exist", async () => {
    const others = seed.shipments.find((row) => row.userId === SEED_USER_IDS.other)!;
    const othersInvoice = seed.invoices.find((row) => row.userId === SEED_USER_IDS.other)!;
    for (const path of [`/shipments/${others.id}`, `/shipments/${others.id}/receipt`, `/shipments/${others.id}/label`, `/invoices/${othersInvoice.id}`, "/shipments/no-such-id"]) {
      await problemOf(await call("GET", path, { key }), 404);
    }
    await problemOf(await call("POST", `/shipments/${others.id}/cancel`, { key }), 404);
  });

  it("tracks one ID with the tracking page's tiers, and several at once", async () => {
    const others = seed.shipments.find((row) => row.userId === SEED_USER_IDS.other)!;
    const foreign = (await (await call("GET", `/tracking/${others.trackingId.toLowerCase()}`, { key })).json()) as { status: string; details: unknown; history: unknown[] };
    expect(foreign.details).toBeNull();
    expect(foreign.history.length).toBeGreaterThan(0);
    expect(JSON.stringify(foreign)).not.toContain(others.recipientName);
    const mine = (await (await call("GET", `/tracking/${created.trackingId}`, { key })).json()) as { details: { sender: { name: string } } };
    expect(mine.details.sender.name).toBe("Avery Quinn");
    await problemOf(await call("GET", "/tracking/SWP000000NOSUCH", { key }), 404);
    const many = (await (await call("GET", `/tracking?ids=${others.trackingId},SWP000000NOSUCH`, { key })).json()) as { data: { trackingId: string; shipment: unknown }[] };
    expect(many.data.map((row) => [row.trackingId, row.shipment === null])).toEqual([
      [others.trackingId, false],
      ["SWP000000NOSUCH", true],
    ]);
    const tooMany = await problemOf(await call("GET", `/tracking?ids=${Array.from({ length: 11 }, (_, index) => `SWP00000${index}AAAAAA`).join(",")}`, { key }), 422);
    expect(tooMany.detail).toBe("Enter up to 10 tracking IDs at a time.");
  });

  it("quotes as the form's estimate does, storing nothing", async () => {
    const before = await db.$count(shipments);
    const response = await call("POST", "/quotes", { key, body: { senderCountry: "US", recipientCountry: "DE", currency: "USD", packages: API_SHIPMENT.packages, serviceType: "express", deliveryOption: "standard" } });
    expect(response.status).toBe(200);
    const quote = (await response.json()) as { charge: { total: number }; lines: { key: string }[]; estimatedDelivery: number };
    // Express 12.99 + 2 kg × 0.50, between regions ×2: $27.98.
    expect(quote.charge.total).toBe(2798);
    expect(quote.lines[0]!.key).toBe("base");
    expect(await db.$count(shipments)).toBe(before);
    const refused = await problemOf(await call("POST", "/quotes", { key, body: { senderCountry: "XX", packages: [], currency: "ZZZ" } }), 422);
    expect(refused.errors!.map((error) => error.pointer)).toEqual(expect.arrayContaining(["/senderCountry", "/recipientCountry", "/packages", "/currency"]));
  });

  it("lists and gets its invoices only", async () => {
    const page = (await (await call("GET", "/invoices?limit=100", { key })).json()) as { data: { id: string }[] };
    const own = await db.$count(invoices, eq(invoices.userId, SEED_USER_IDS.customer));
    expect(page.data.length).toBe(own);
    const invoice = await call("GET", `/invoices/${created.invoiceId}`, { key });
    expect(await invoice.json()).toMatchObject({ id: created.invoiceId, status: "unpaid", shipment: { trackingId: created.trackingId } });
  });

  it("may not post status or location updates (403), which are service keys'", async () => {
    await problemOf(await call("POST", `/shipments/${created.id}/status`, { key, body: { status: "in_transit" } }), 403);
    await problemOf(await call("POST", `/shipments/${created.id}/location`, { key, body: { location: "Hub" } }), 403);
  });

  it("cancels a shipment not yet picked up, voiding its invoice; a picked-up one is refused (409)", async () => {
    const cancelled = await call("POST", `/shipments/${created.id}/cancel`, { key });
    expect(cancelled.status).toBe(200);
    expect(await db.select().from(shipments).where(eq(shipments.id, created.id)).get()).toBeUndefined();
    expect(await db.select().from(invoices).where(eq(invoices.id, created.invoiceId)).get()).toMatchObject({ status: "void", shipmentId: null });
    await problemOf(await call("POST", `/shipments/${created.id}/cancel`, { key }), 404);
    const moving = seed.shipments.find((row) => row.userId === SEED_USER_IDS.customer && row.status === "in_transit")!;
    expect((await problemOf(await call("POST", `/shipments/${moving.id}/cancel`, { key }), 409)).detail).toContain("only until it is picked up");
  });

  it("answers wrong methods, addresses, media types and sizes with problem+json", async () => {
    const wrongMethod = await call("POST", "/invoices", { key, body: {} });
    await problemOf(wrongMethod, 405);
    expect(wrongMethod.headers.get("Allow")).toBe("GET");
    await problemOf(await call("GET", "/nothing-here", { key }), 404);
    await problemOf(await call("POST", "/shipments", { key, body: "senderName=x", headers: { "Content-Type": "text/plain" } }), 415);
    await problemOf(await call("POST", "/shipments", { key, body: JSON.stringify({ notes: "x".repeat(20_000) }) }), 413);
  });
});

describe("service keys", () => {
  it("act on every shipment within their scopes: status and location with the back office's rules", async () => {
    const reader = await keyFor("admin", "service", ["read"]);
    const partner = await keyFor("admin", "service", ["status"]);
    const target = seed.shipments.find((row) => row.userId === SEED_USER_IDS.other && !["delivered", "out_for_delivery"].includes(row.status ?? ""))!;
    expect((await call("GET", `/shipments/${target.id}`, { key: reader })).status).toBe(200);
    await problemOf(await call("POST", "/shipments", { key: reader, body: API_SHIPMENT }), 403);
    await problemOf(await call("GET", `/shipments/${target.id}`, { key: partner }), 403);

    const moved = await call("POST", `/shipments/${target.id}/status`, { key: partner, body: { status: "Out For Delivery" } });
    expect(await moved.json()).toMatchObject({ changed: true, message: "Shipment status updated" });
    const again = await call("POST", `/shipments/${target.id}/status`, { key: partner, body: { status: "out-for-delivery" } });
    expect(await again.json()).toMatchObject({ changed: false, message: "The status is already Out For Delivery: nothing changed" });
    const noWhere = await problemOf(await call("POST", `/shipments/${target.id}/status`, { key: partner, body: { status: "custom_destination" } }), 422);
    expect(noWhere.errors).toEqual([{ pointer: "/destination", detail: "Please enter the custom destination" }]);
    const badStatus = await problemOf(await call("POST", `/shipments/${target.id}/status`, { key: partner, body: { status: "teleported" } }), 422);
    expect(badStatus.errors).toEqual([{ pointer: "/status", detail: "Please choose a status from the list" }]);
    const placed = await call("POST", `/shipments/${target.id}/location`, { key: partner, body: { location: "Leipzig Hub" } });
    expect(placed.status).toBe(200);
    expect((await db.select().from(shipments).where(eq(shipments.id, target.id)).get())!.currentLocation).toBe("Leipzig Hub");
    const noPlace = await problemOf(await call("POST", `/shipments/${target.id}/location`, { key: partner, body: { location: "--" } }), 422);
    expect(noPlace.errors).toEqual([{ pointer: "/location", detail: "Please enter a location" }]);
    await problemOf(await call("POST", "/shipments/no-such-id/status", { key: partner, body: { status: "delivered" } }), 404);
  });

  it("stop working when their admin is no longer an admin", async () => {
    const row = await createUser({ role: "admin" });
    const made = await createApiKey(serviceContext(), { owner: { ...row, role: "admin" }, kind: "service", name: "Former admin's", scopes: ["read"] });
    if (!made.ok) throw new Error("not made");
    expect((await call("GET", "/invoices", { key: made.key })).status).toBe(200);
    await db.update(usersTable).set({ role: "user" }).where(eq(usersTable.id, row.id));
    await problemOf(await call("GET", "/invoices", { key: made.key }), 401);
  });
});

describe("Idempotency-Key", () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor("other");
  });

  it("answers the same request again with the first answer, and another request under the key with 422", async () => {
    const headers = { "Idempotency-Key": "order-1001" };
    const first = await call("POST", "/shipments", { key, body: API_SHIPMENT, headers });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string };
    const again = await call("POST", "/shipments", { key, body: API_SHIPMENT, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(created);
    expect(await db.$count(shipments, eq(shipments.userId, SEED_USER_IDS.other))).toBe(seed.shipments.filter((row) => row.userId === SEED_USER_IDS.other).length + 1);
    const other = await problemOf(await call("POST", "/shipments", { key, body: { ...API_SHIPMENT, recipientName: "Someone Else" }, headers }), 422);
    expect(other.detail).toContain("another request");
    await problemOf(await call("POST", "/shipments", { key, body: API_SHIPMENT, headers: { "Idempotency-Key": "k".repeat(256) } }), 400);
  });

  it("gives a refused request's key back, so it can be sent again corrected", async () => {
    const headers = { "Idempotency-Key": "order-1002" };
    await problemOf(await call("POST", "/shipments", { key, body: { ...API_SHIPMENT, senderName: "" }, headers }), 422);
    expect(await db.$count(apiIdempotency, eq(apiIdempotency.idempotencyKey, "order-1002"))).toBe(0);
    expect((await call("POST", "/shipments", { key, body: API_SHIPMENT, headers })).status).toBe(201);
  });

  it("makes one shipment of ten retries sent at once", async () => {
    const before = await db.$count(shipments, eq(shipments.userId, SEED_USER_IDS.other));
    const headers = { "Idempotency-Key": "order-1003" };
    const responses = await Promise.all(Array.from({ length: 10 }, () => call("POST", "/shipments", { key, body: API_SHIPMENT, headers })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const response of responses.filter((answer) => answer.status === 409)) expect(response.headers.get("Retry-After")).toBe("1");
    const ids = new Set(await Promise.all(responses.filter((response) => response.status === 201).map(async (response) => ((await response.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await db.$count(shipments, eq(shipments.userId, SEED_USER_IDS.other))).toBe(before + 1);
  });
});

describe("the profile's and the admin page's keys", () => {
  it("a customer creates a key in the profile, sees it once, and revokes it", async () => {
    const cookie = await signedInCookie(SEED_USER_IDS.customer);
    const created = await postAs("/profile/api-keys", { intent: "create", name: "Shop checkout" }, cookie);
    expect(created.status).toBe(200);
    const page = await pageText(created);
    const key = /sp_live_[A-Za-z0-9_-]{43}/.exec(page)?.[0];
    expect(key).toBeDefined();
    expect((await call("GET", "/shipments", { key })).status).toBe(200);
    const listed = await pageText(await getAs("/profile/api-keys", cookie));
    expect(listed).toContain("Shop checkout");
    expect(listed).toContain(key!.slice(0, 16));
    expect(listed).not.toContain(key);
    const row = await db.select().from(apiKeys).where(eq(apiKeys.name, "Shop checkout")).get();
    const revoked = await postAs("/profile/api-keys", { intent: "revoke", keyId: row!.id }, cookie);
    expect(revoked.status).toBe(302);
    await problemOf(await call("GET", "/shipments", { key }), 401);
    const empty = await postAs("/profile/api-keys", { intent: "create", name: "  " }, cookie);
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain("Please name the key");
  });

  it("an admin creates a service key with scopes; customers cannot reach the page", async () => {
    const cookie = await signedInCookie(SEED_USER_IDS.admin);
    const created = await postAs("/admin/api-keys", { intent: "create", name: "Partner carrier", scopes: "status" }, cookie);
    expect(created.status).toBe(200);
    const key = /sp_live_[A-Za-z0-9_-]{43}/.exec(await pageText(created))?.[0];
    const target = seed.shipments.find((row) => row.userId === SEED_USER_IDS.customer)!;
    expect((await call("POST", `/shipments/${target.id}/location`, { key, body: { location: "Partner Depot" } })).status).toBe(200);
    const none = await postAs("/admin/api-keys", { intent: "create", name: "No scopes" }, cookie);
    expect(none.status).toBe(400);
    expect(await pageText(none)).toContain("Please choose at least one scope");
    const customer = await getAs("/admin/api-keys", await signedInCookie(SEED_USER_IDS.customer));
    expect(customer.status).toBe(302);
  });
});

describe("the bulk import", () => {
  /** A key of a new account's (the import's hourly bound counts per account). */
  async function importerKey(role: "user" | "admin" = "user", scopes?: Scope[]) {
    const row = await createUser({ role });
    const made = await createApiKey(serviceContext(), { owner: { ...row, role }, kind: role === "admin" ? "service" : "customer", name: "Imports", scopes });
    if (!made.ok) throw new Error(made.message);
    return { key: made.key, userId: row.id };
  }

  function upload(key: string, csv: string | Uint8Array, headers: Record<string, string> = {}) {
    return call("POST", "/imports", { key, body: csv as string, headers: { "Content-Type": "text/csv", ...headers } });
  }

  type ImportAnswer = {
    id: string;
    rowCount: number;
    validCount: number;
    errorRowCount: number;
    createdCount: number;
    finishedAt: number | null;
    rows: { line: number; created: boolean; errors: { column: string | null; message: string }[] }[];
    page: number;
    pageCount: number;
    nextPage: string | null;
  };

  it("previews a file with every error of each bad row at once, then creates the rows that pass in one step", async () => {
    const { key, userId } = await importerKey();
    const response = await upload(key, importCsv(60, { bad: true, tag: "apibulk" }));
    expect(response.status).toBe(201);
    const preview = (await response.json()) as ImportAnswer;
    expect(response.headers.get("Location")).toBe(`/api/v1/imports/${preview.id}`);
    expect(preview).toMatchObject({ rowCount: 60, validCount: 58, errorRowCount: 2, createdCount: 0, finishedAt: null, page: 1, pageCount: 1, nextPage: null });
    // The rows with errors, each with every one of its errors, as the form's preview shows them.
    expect(preview.rows.map((row) => [row.line, row.errors.map(({ column, message }) => `${message} (${column})`).sort()])).toEqual(
      Object.entries(BAD_ROWS).map(([line, errors]) => [Number(line), [...errors].sort()]),
    );
    expect(await db.$count(shipments, eq(shipments.userId, userId))).toBe(0);

    // Every row, a page of 50 at a time.
    const first = (await (await call("GET", `/imports/${preview.id}`, { key })).json()) as ImportAnswer;
    expect(first.rows.map((row) => row.line)).toEqual(Array.from({ length: 50 }, (_, index) => index + 2));
    expect(first.nextPage).toBe(`/api/v1/imports/${preview.id}?rows=all&page=2`);
    const second = (await (await SELF.fetch(`${BASE}${first.nextPage}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as ImportAnswer;
    expect(second.rows.map((row) => row.line)).toEqual(Array.from({ length: 10 }, (_, index) => index + 52));
    expect(second.nextPage).toBeNull();

    // Sent as curl -X POST sends it: an empty body, no Content-Type.
    const confirmed = await SELF.fetch(`${BASE}/api/v1/imports/${preview.id}/confirm`, { method: "POST", body: new Uint8Array(0), headers: { Authorization: `Bearer ${key}`, "CF-Connecting-IP": newClientAddress() } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ id: preview.id, created: 58, leftOut: 2, message: "58 shipments created; 2 rows with errors left out" });
    const made = await db.select({ referenceNumber: shipments.referenceNumber }).from(shipments).where(eq(shipments.userId, userId));
    expect(made).toHaveLength(58);
    expect(made.map((row) => row.referenceNumber)).not.toContain("APIBULK-2");
    // A confirm sent again creates nothing more, and says so.
    const again = await call("POST", `/imports/${preview.id}/confirm`, { key, body: {} });
    expect(await again.json()).toMatchObject({ created: 58, leftOut: 2, message: "These shipments have already been created." });
    expect(await db.$count(shipments, eq(shipments.userId, userId))).toBe(58);
    const done = (await (await call("GET", `/imports/${preview.id}?rows=errors`, { key })).json()) as ImportAnswer;
    expect(done).toMatchObject({ createdCount: 58, errorRowCount: 2 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.rows.map((row) => row.line)).toEqual([3, 5]);
  });

  it("reads the file as a spreadsheet writes it: LF line ends, quoted commas and line breaks, formula-like cells kept as text", async () => {
    const { key, userId } = await importerKey();
    const [header, example] = templateRecords() as [string[], string[]];
    const row = [...example];
    row[header.indexOf("special_instructions")] = "Ring twice, then wait\nat the side door";
    row[header.indexOf("reference_number")] = "'=HYPERLINK(\"http://evil.example\")";
    row[header.indexOf("recipient_name")] = "@Lena, Fischer";
    const csv = csvLines([header, row]).replaceAll("\r\n", "\n");
    const preview = (await (await upload(key, csv)).json()) as ImportAnswer;
    expect(preview).toMatchObject({ rowCount: 1, validCount: 1, rows: [] });
    expect((await call("POST", `/imports/${preview.id}/confirm`, { key })).status).toBe(200);
    expect(await db.select({ referenceNumber: shipments.referenceNumber, specialInstructions: shipments.specialInstructions, recipientName: shipments.recipientName }).from(shipments).where(eq(shipments.userId, userId))).toEqual([
      { referenceNumber: '=HYPERLINK("http://evil.example")', specialInstructions: "Ring twice, then wait\nat the side door", recipientName: "@Lena, Fischer" },
    ]);
  });

  it("refuses what is no file of shipments as problem+json, storing nothing: 415, 422, 413", async () => {
    const { key, userId } = await importerKey();
    const before = await db.$count(shipmentImports, eq(shipmentImports.createdBy, userId));
    expect((await problemOf(await call("POST", "/imports", { key, body: API_SHIPMENT }), 415)).detail).toContain("send text/csv");
    await problemOf(await call("POST", "/imports", { key }), 415);
    expect((await problemOf(await upload(key, ""), 422)).detail).toBe(IMPORT_MESSAGES.empty);
    expect((await problemOf(await upload(key, templateRecords()[0]!.join(",")), 422)).detail).toBe(IMPORT_MESSAGES.noRows);
    expect((await problemOf(await upload(key, "name,weight\nA,1"), 422)).detail).toContain("The first row must name the columns of the template");
    expect((await problemOf(await upload(key, new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x00])), 422)).detail).toBe(IMPORT_MESSAGES.notCsv);
    expect((await problemOf(await upload(key, importCsv(IMPORT_LIMITS.rows + 1)), 413)).detail).toBe(IMPORT_MESSAGES.tooManyRows);
    const [header, row] = templateRecords() as [string[], string[]];
    expect((await problemOf(await upload(key, `${[...header, "weight_kg"].join(",")}\n${[...row, "1"].join(",")}`), 422)).detail).toContain("named twice weight_kg");
    expect((await problemOf(await upload(key, "x".repeat(IMPORT_LIMITS.bytes + 1)), 413)).detail).toContain("at most 2048 KB");
    // Sent in pieces without a Content-Length, a file past 2 MB is refused all the same.
    const chunk = new TextEncoder().encode(`${importCsv(200)}\n`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > IMPORT_LIMITS.bytes) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const streamed = await SELF.fetch(`${BASE}/api/v1/imports`, { method: "POST", body: stream, headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/csv", "CF-Connecting-IP": newClientAddress() } });
    await problemOf(streamed, 413);
    expect(await db.$count(shipmentImports, eq(shipmentImports.createdBy, userId))).toBe(before);
    // Writing needs the write scope; another account's import, or none, is a 404.
    const reader = await importerKey("admin", ["read"]);
    await problemOf(await upload(reader.key, importCsv(1)), 403);
    const other = await importerKey();
    const theirs = (await (await upload(other.key, importCsv(2))).json()) as ImportAnswer;
    await problemOf(await call("GET", `/imports/${theirs.id}`, { key }), 404);
    await problemOf(await call("POST", `/imports/${theirs.id}/confirm`, { key }), 404);
    await problemOf(await call("GET", "/imports/no-such-import?page=0&rows=some", { key }), 422);
    await problemOf(await call("GET", `/imports/no-such-import`, { key }), 404);
    expect(await db.$count(shipments, eq(shipments.userId, other.userId))).toBe(0);
  });

  it("imports for the back office with a service key (no account), which no customer's key can open", async () => {
    const service = await importerKey("admin", ["read", "write"]);
    const preview = (await (await upload(service.key, importCsv(3, { tag: "office" }))).json()) as ImportAnswer;
    expect((await call("POST", `/imports/${preview.id}/confirm`, { key: service.key })).status).toBe(200);
    const rows = await db.select({ shipmentId: shipmentImportRows.shipmentId }).from(shipmentImportRows).where(eq(shipmentImportRows.importId, preview.id));
    const made = await db.select({ userId: shipments.userId }).from(shipments).where(inArray(shipments.id, rows.map((row) => row.shipmentId!)));
    expect(made).toEqual([{ userId: null }, { userId: null }, { userId: null }]);
    const customer = await importerKey();
    await problemOf(await call("GET", `/imports/${preview.id}`, { key: customer.key }), 404);
  });

  it("answers the same upload again under its Idempotency-Key, even sent five times at once, and another file under it with 422", async () => {
    const { key, userId } = await importerKey();
    const csv = importCsv(5, { bad: true, tag: "retry" });
    const headers = { "Idempotency-Key": "day-2026-11-27" };
    const responses = await Promise.all(Array.from({ length: 5 }, () => upload(key, csv, headers)));
    expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    const ids = new Set(await Promise.all(responses.filter((response) => response.status === 201).map(async (response) => ((await response.json()) as ImportAnswer).id)));
    expect(ids.size).toBe(1);
    const replay = await upload(key, csv, headers);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replay.json()) as ImportAnswer).id).toBe([...ids][0]);
    expect(await db.$count(shipmentImports, eq(shipmentImports.createdBy, userId))).toBe(1);
    await problemOf(await upload(key, importCsv(6, { tag: "retry" }), headers), 422);
    // Confirms sent at once create each row once.
    const id = [...ids][0]!;
    const confirms = await Promise.all(Array.from({ length: 4 }, () => call("POST", `/imports/${id}/confirm`, { key })));
    expect(confirms.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await db.$count(shipments, eq(shipments.userId, userId))).toBe(3);
  });
});
