// Bounded and strict values through real requests (docs/decisions/021 and 030): what each form
// refuses, that a refusal writes nothing, and that concurrent changes to one shipment never
// end in a 500.
import { SELF } from "cloudflare:test";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, shipmentDrafts, shipments, trackingEvents } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { VALID_ADMIN_FORM } from "../admin-shipment-sample";
import { applyDraftStep } from "~/features/shipments/shipment-drafts.server";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, newClientAddress } from "./requests";

let admin: string;

beforeAll(async () => {
  await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
});

function get(path: string, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: {
      Origin: BASE,
      Host: "parcel.test",
      "CF-Connecting-IP": newClientAddress(),
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

async function text(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

function shipment(id: string) {
  return db.select().from(shipments).where(eq(shipments.id, id)).get();
}

/** A shipment's events of one type, in the order the database wrote them. */
async function eventsOf(id: string, type: string) {
  const rows = await db
    .select({ data: events.data })
    .from(events)
    .where(and(eq(events.entityType, "shipment"), eq(events.entityId, id), eq(events.type, type)))
    .orderBy(asc(sql`rowid`));
  return rows.map((row) => JSON.parse(row.data) as Record<string, unknown>);
}

/** Each event's `from` is the `to` of the one before it, starting at `first`. */
function expectChain(list: Record<string, unknown>[], first: unknown) {
  let previous = first;
  for (const [index, data] of list.entries()) {
    expect(data.from, `event ${index}`).toBe(previous);
    expect(data.to, `event ${index} is a real change`).not.toBe(data.from);
    previous = data.to;
  }
  return previous;
}

describe("inputs", () => {
  /** The maxLength of the control whose name is `name` in `html`. */
  function maxLengthOf(html: string, name: string): string | undefined {
    const tag = new RegExp(`<(?:input|textarea)[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>`, "i").exec(html)?.[0];
    return tag ? /maxLength="(\d+)"/i.exec(tag)?.[1] : undefined;
  }

  it("carry the schemas' bounds as maxLength", async () => {
    const form = await text(await get("/admin/shipments/new", admin));
    expect(maxLengthOf(form, "senderName")).toBe("100");
    expect(maxLengthOf(form, "senderEmail")).toBe("254");
    expect(maxLengthOf(form, "description")).toBe("500");
    expect(maxLengthOf(form, "notes")).toBe("1000");
    expect(maxLengthOf(await text(await get("/admin/shipments/seed-shipment-01/location", admin)), "location")).toBe("120");
    const register = await text(await get("/register"));
    expect(maxLengthOf(register, "password")).toBe("128");
    expect(maxLengthOf(register, "firstName")).toBe("100");
  });
});

describe("the current location", () => {
  it("is refused when empty or meaningless, with a message, and nothing is written", async () => {
    const before = (await shipment("seed-shipment-02"))!;
    // Tab and C1 controls reach the schema; NUL and the rest of C0 the worker entry refuses first (decision 001).
    for (const location of ["", "   ", "?!", "...", "Hub\t7", "Hub\u00857", "x".repeat(121)]) {
      const response = await post("/admin/shipments/seed-shipment-02/location", { location, redirectTo: "/admin/shipments" }, admin);
      expect(response.status, JSON.stringify(location)).toBe(400);
      const page = await text(response);
      if (location.length > 120) expect(page).toContain("Location must be at most 120 characters");
      else if (/[\t\u0085]/.test(location)) expect(page).toContain("Location must be one line, without tabs or control characters");
      else expect(page).toContain("Please enter a location");
    }
    // Sent with no field at all, or with NUL (the entry's refusal).
    expect((await post("/admin/shipments/seed-shipment-02/location", {}, admin)).status).toBe(400);
    expect((await post("/admin/shipments/seed-shipment-02/location", { location: "Hub\u0000" }, admin)).status).toBe(400);
    const after = (await shipment("seed-shipment-02"))!;
    expect(after).toMatchObject({ currentLocation: before.currentLocation, version: before.version });
    expect(await eventsOf("seed-shipment-02", "shipment.location_changed")).toHaveLength(0);
  });

  it("shows the refusal beside the field, keeping where the form came back from", async () => {
    const response = await post("/admin/shipments/seed-shipment-02/location", { location: " ", redirectTo: "/admin/shipments?page=2" }, admin);
    const page = await text(response);
    expect(page).toMatch(/aria-invalid="true"/);
    expect(page).toContain('href="/admin/shipments?page=2"');
  });

  it("takes 30 updates sent at once: each applies, in order, with exactly one event naming the one before", async () => {
    const id = "seed-shipment-03";
    const before = (await shipment(id))!;
    const places = Array.from({ length: 30 }, (_, index) => `Hub ${index + 1}`);
    const responses = await Promise.all(
      places.map((location) => post(`/admin/shipments/${id}/location`, { location, redirectTo: "/admin/shipments" }, admin)),
    );
    const statuses = responses.map((response) => response.status);
    for (const status of statuses) expect([303, 302, 409]).toContain(status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);

    const applied = statuses.filter((status) => status < 400).length;
    const list = await eventsOf(id, "shipment.location_changed");
    expect(list).toHaveLength(applied);
    const last = expectChain(list, before.currentLocation);
    const after = (await shipment(id))!;
    expect(after.currentLocation).toBe(last);
    expect(after.version).toBe(before.version + list.length);
    // Every place sent once, each recorded once.
    expect(new Set(list.map((data) => data.to)).size).toBe(list.length);
    for (const data of list) expect(places).toContain(data.to);
  });
});

describe("concurrent changes to one shipment", () => {
  it("answer 30 status changes sent at once without a 500; each has one history entry and one event naming the status before", async () => {
    const id = "seed-shipment-04";
    const before = (await shipment(id))!;
    const historyBefore = await db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, id));
    const cycle = ["confirmed", "picked_up", "in_transit", "out_for_delivery", "exception"];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => post(`/admin/shipments/${id}/status`, { status: cycle[index % cycle.length]!, redirectTo: "/admin/shipments" }, admin)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const status of statuses) expect([302, 303, 409]).toContain(status);

    // A status the shipment already has when its turn comes changes nothing (decision 030):
    // each redirect either applied one change or found nothing to change.
    const list = await eventsOf(id, "shipment.status_changed");
    const applied = list.length;
    expect(applied).toBeGreaterThanOrEqual(1);
    expect(applied).toBeLessThanOrEqual(statuses.filter((status) => status < 400).length);
    const last = expectChain(list, before.status);
    const after = (await shipment(id))!;
    expect(after.status).toBe(last);
    expect(after.version).toBe(before.version + applied);
    const historyAfter = await db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, id));
    expect(historyAfter.length - historyBefore.length).toBe(applied);
  });

  it("answer locations, statuses and edits sent together with 2xx/3xx or 409, never 500, and record one event per applied change", async () => {
    const id = "seed-shipment-05";
    const before = (await shipment(id))!;
    const editPage = await text(await get(`/admin/shipments/${id}/edit`, admin));
    expect(editPage).toContain(`name="version"`);
    const edit = (index: number) =>
      post(`/admin/shipments/${id}/edit`, { ...VALID_ADMIN_FORM, intent: "save", version: String(before.version), notes: `Edit ${index}` }, admin);
    const requests = Array.from({ length: 30 }, (_, index) =>
      index % 3 === 0
        ? post(`/admin/shipments/${id}/location`, { location: `Depot ${index}` }, admin)
        : index % 3 === 1
          ? post(`/admin/shipments/${id}/status`, { status: index % 2 ? "in_transit" : "confirmed" }, admin)
          : edit(index),
    );
    const responses = await Promise.all(requests);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const status of statuses) expect([200, 302, 303, 409]).toContain(status);
    // Edits made from one version: at most one of them applies, the others are refused as stale.
    const edits = statuses.filter((_, index) => index % 3 === 2);
    expect(edits.filter((status) => status === 409).length).toBeGreaterThanOrEqual(edits.length - 1);
    const stale = responses.find((_, index) => index % 3 === 2 && statuses[index] === 409);
    if (stale) expect(await text(stale)).toContain("Someone else changed this shipment while you were editing it");

    const after = (await shipment(id))!;
    const appliedEdits = edits.filter((status) => status < 400).length;
    const locations = await eventsOf(id, "shipment.location_changed");
    const changes = await eventsOf(id, "shipment.status_changed");
    const updates = await eventsOf(id, "shipment.updated");
    expect(updates).toHaveLength(appliedEdits);
    expect(locations).toHaveLength(10);
    // Statuses alternate as sent, but arrive in any order: a status the shipment already has
    // changes nothing (decision 030), so each recorded change is a real one, in a chain.
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes.length).toBeLessThanOrEqual(10);
    expectChain(changes, before.status);
    expect(after.version).toBe(before.version + locations.length + changes.length + updates.length);
  });
});

describe("the admin form", () => {
  it("refuses dates that are not real, weights too small to be real, and control characters, and saves nothing", async () => {
    const before = (await shipment("seed-shipment-06"))!;
    const response = await post(
      "/admin/shipments/seed-shipment-06/edit",
      {
        ...VALID_ADMIN_FORM,
        intent: "save",
        version: String(before.version),
        actualDelivery: "2024-02-30",
        weight: "5e-324",
        senderName: "Ada\tSender",
        recipientEmail: "bo<script>@example.com",
        customDeliveryDays: "99999999",
      },
      admin,
    );
    expect(response.status).toBe(400);
    const page = await text(response);
    for (const message of [
      "Please enter a valid date",
      "Weight must be at least 0.01 kg",
      "Sender name must be one line, without tabs or control characters",
      "Please enter a valid email address",
      "A number of custom delivery days must be from 1 to 365",
    ]) {
      expect(page).toContain(message);
    }
    expect(await shipment("seed-shipment-06")).toEqual(before);
    const impossible = await post(
      "/admin/shipments/seed-shipment-06/edit",
      { ...VALID_ADMIN_FORM, intent: "save", version: String(before.version), actualDelivery: "9999-99-99" },
      admin,
    );
    expect(impossible.status).toBe(400);
    expect(await shipment("seed-shipment-06")).toEqual(before);
  });

  it("prices no weight too small or too large to be real while the form is typed", async () => {
    const route = "senderCountry=US&recipientCountry=DE&serviceType=express&packageType=package&currency=USD";
    for (const weight of ["5e-324", "1e300", "Infinity"]) {
      const summary = (await (await get(`/admin/shipments/quote?weight=${weight}&${route}`, admin)).json()) as { quote: unknown };
      expect(summary.quote, weight).toBeNull();
    }
    const summary = (await (await get(`/admin/shipments/quote?weight=2&${route}`, admin)).json()) as { quote: unknown };
    expect(summary.quote).not.toBeNull();
  });

  it("creates nothing from an over-long or out-of-range form", async () => {
    const count = async () => (await db.select({ n: sql<number>`count(*)` }).from(shipments).get())!.n;
    const before = await count();
    const response = await post(
      "/admin/shipments/new",
      { ...VALID_ADMIN_FORM, intent: "save", description: "d".repeat(501), weight: "1e6", value: "1e12", length: "1e9" },
      admin,
    );
    expect(response.status).toBe(400);
    const page = await text(response);
    expect(page).toContain("Description must be at most 500 characters");
    expect(page).toContain("Weight must be at most 1,000 kg");
    expect(page).toContain("Declared value must be at most 1,000,000");
    expect(page).toContain("Length must be at most 300 cm");
    expect(await count()).toBe(before);
  });
});

describe("a custom destination", () => {
  it("is refused when empty, meaningless or too long, and nothing changes", async () => {
    const before = (await shipment("seed-shipment-07"))!;
    for (const [destination, message] of [
      ["  ", "Please enter a destination"],
      ["***", "Please enter a destination"],
      ["d".repeat(201), "Destination must be at most 200 characters"],
      ["Locker\t7", "Destination must be one line, without tabs or control characters"],
      ["Locker\u009b7", "Destination must be one line, without tabs or control characters"],
    ]) {
      const response = await post("/admin/shipments/seed-shipment-07/status", { status: "custom_destination", destination: destination! }, admin);
      expect(response.status, destination).toBe(400);
      expect(await text(response)).toContain(message);
    }
    expect(await shipment("seed-shipment-07")).toEqual(before);
  });
});

describe("list date filters in the address", () => {
  it("leave out a date that is not real, with a notice, instead of failing", async () => {
    const response = await get("/admin/shipments?dateFrom=2024-02-30&dateTo=9999-99-99", admin);
    expect(response.status).toBe(200);
    expect(await text(response)).toContain("The Created from and Created to dates are not real dates (YYYY-MM-DD), so they were left out.");
    const fine = await text(await get("/admin/shipments?dateFrom=2024-02-29", admin));
    expect(fine).not.toContain("so it was left out");
  });
});

describe("account forms", () => {
  it("refuse a password over 128 characters with a message, before anything is hashed", async () => {
    const tooLong = "Aa1!".repeat(32) + "x";
    const signIn = await post("/login", { email: "demo@swiftparcel.example", password: tooLong });
    expect(signIn.status).toBe(400);
    expect(await text(signIn)).toContain("Password must be at most 128 characters");
    const register = await post("/register", {
      firstName: "Long",
      lastName: "Password",
      email: "long-password@example.com",
      phone: "+1 415 555 0100",
      password: tooLong,
      confirmPassword: tooLong,
      terms: "on",
    });
    expect(register.status).toBe(400);
    expect(await text(register)).toContain("Password must be at most 128 characters");
  });

  it("refuse e-mail addresses with markup", async () => {
    const response = await post("/newsletter", { email: "<script>alert(1)</script>@example.com" });
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("Please enter a valid email address");
  });
});

describe("the customer's draft", () => {
  const PAGE = "/dashboard/create-shipment";
  let customer: Awaited<ReturnType<typeof createUser>>;
  let cookie: string;

  beforeAll(async () => {
    customer = await createUser({ firstName: "Robin", lastName: "Draft" });
    cookie = await signedInCookie(customer.id);
  });

  function step(stepNumber: number, intent: string, fields: Record<string, string>) {
    return post(`${PAGE}?step=${stepNumber}`, { step: String(stepNumber), intent, ...fields }, cookie);
  }

  async function storedDraft() {
    return db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, customer.id)).get();
  }

  it("writes nothing when a step fails its checks, and shows what was typed (issue 10: a rejected step must not rewrite the draft)", async () => {
    const before = await storedDraft();
    const response = await step(1, "next", { ...SAMPLE_SENDER, senderPhone: "12" });
    expect(response.status).toBe(400);
    expect(await text(response)).toContain('value="12"');
    expect(await storedDraft()).toEqual(before);
  });

  it("writes nothing for a step out of bounds: text past its field is a 400 with a message, never a 500", async () => {
    const before = await storedDraft();
    for (const intent of ["next", "save", "previous", "refresh"]) {
      // Well within any request body cap; the service's own refusal of 2 MB is tested below.
      const response = await step(1, intent, { ...SAMPLE_SENDER, senderAddress: "a".repeat(10_000) });
      expect(response.status, intent).toBe(400);
      if (intent !== "save") {
        const page = await text(response);
        expect(page).toContain("This step was not saved. Please correct the entries marked below.");
        expect(page).toContain("Sender address must be at most 200 characters");
      }
    }
    expect(await storedDraft()).toEqual(before);
  });

  it("refuses 2 MB of text before writing, whichever button sent it (the draft service, called directly)", async () => {
    const context = serviceContext();
    const before = await storedDraft();
    const huge = { ...SAMPLE_SENDER, senderAddress: "a".repeat(2_000_000) };
    for (const intent of ["next", "save", "previous", "refresh", "add-package", "create"] as const) {
      const outcome = await applyDraftStep(context, customer, { intent, step: 1, values: huge }, { clientAddress: newClientAddress() });
      expect(outcome, intent).toMatchObject({
        ok: false,
        reason: "invalid",
        message: "This step was not saved. Please correct the entries marked below.",
        fieldErrors: { senderAddress: ["Sender address must be at most 200 characters"] },
      });
    }
    expect(await storedDraft()).toEqual(before);
  });

  it("writes nothing for control characters or too many packages", async () => {
    await step(1, "next", SAMPLE_SENDER);
    await step(2, "next", SAMPLE_RECIPIENT);
    const before = await storedDraft();
    expect(before?.step).toBe(3);
    const tab = await step(2, "next", { ...SAMPLE_RECIPIENT, recipientName: "Lena\tFischer" });
    expect(tab.status).toBe(400);
    expect(await text(tab)).toContain("Recipient name must be one line, without tabs or control characters");
    const packages: Record<string, string> = { serviceType: "express", deliveryOption: "standard" };
    for (let index = 0; index < 21; index += 1) {
      Object.assign(packages, {
        [`packages[${index}].description`]: "Books",
        [`packages[${index}].weight`]: "1",
        [`packages[${index}].length`]: "10",
        [`packages[${index}].width`]: "10",
        [`packages[${index}].height`]: "10",
        [`packages[${index}].value`]: "5",
        [`packages[${index}].quantity`]: "1",
      });
    }
    const many = await step(3, "next", packages);
    expect(many.status).toBe(400);
    expect(await text(many)).toContain("A shipment can hold at most 20 packages");
    const twenty = Object.fromEntries(Object.entries(packages).filter(([key]) => !key.startsWith("packages[20]")));
    const tiny = await step(3, "next", { ...twenty, "packages[0].weight": "5e-324" });
    expect(tiny.status).toBe(400);
    expect(await text(tiny)).toContain("Each package must weigh at least 0.01 kg");
    // Out of bounds or only faulty: every refused step wrote nothing.
    expect(await storedDraft()).toEqual(before);
  });
});
