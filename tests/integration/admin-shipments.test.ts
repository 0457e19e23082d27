import { env, SELF } from "cloudflare:test";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { events, outbox, shipmentPackages, shipments, trackingEvents } from "../../drizzle/schema";
import { SYSTEM_ACTOR } from "~/.server/events";
import { createShipment } from "~/features/shipments/shipments.server";
import { formatMoney } from "~/domain/format";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { ADMIN_REQUIRED_FIELDS, VALID_ADMIN_FORM } from "../admin-shipment-sample";
import { sameDayDelivery } from "~/features/shipments/delivery-dates";
import { SAME_DAY_ONE_CITY } from "~/features/shipments/same-day";

const BASE = "https://parcel.test";
let admin: string;
let customer: string;

beforeAll(async () => {
  await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

/** Page text without the markers React puts between adjacent text pieces. */
async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

function get(path: string, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** The page a redirect leads to, with the flash message it set. */
async function follow(response: Response, cookie: string): Promise<string> {
  const toast = response.headers.get("Set-Cookie")?.split(";")[0];
  return html(await get(response.headers.get("Location")!, [cookie, toast].filter(Boolean).join("; ")));
}

function shipment(id: string) {
  return db.select().from(shipments).where(eq(shipments.id, id)).get();
}

function historyOf(id: string) {
  return db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, id)).orderBy(asc(trackingEvents.occurredAt));
}

function auditOf(id: string) {
  return db.select().from(events).where(and(eq(events.entityType, "shipment"), eq(events.entityId, id))).orderBy(asc(events.createdAt));
}

// The admin form's required fields.
const REQUIRED_FIELDS = ADMIN_REQUIRED_FIELDS;

// E-mail case, insurance, a delivery option and custom days exercise the saved columns.
const VALID_SHIPMENT = {
  ...VALID_ADMIN_FORM,
  senderEmail: "Ada@Example.com",
  deliveryOption: "morning",
  insurance: "on",
  customDeliveryDays: "3",
  intent: "save",
};

describe("admin area guards", () => {
  const pages = [
    "/admin/dashboard",
    "/admin/shipments",
    "/admin/shipments/new",
    "/admin/shipments/seed-shipment-01/edit",
    "/admin/shipments/seed-shipment-01/location",
    "/admin/shipments/seed-shipment-01/delete",
    "/admin/shipments/seed-shipment-01/status",
    "/admin/shipments/bulk-delete?ids=seed-shipment-01",
    "/admin/shipments/bulk-status",
    "/admin/shipments/quote?weight=1",
    "/receipt/seed-shipment-01",
    "/receipt/seed-shipment-01/label",
  ];

  it("sends signed-out visitors and customers to the admin sign-in", async () => {
    for (const path of pages) {
      for (const cookie of [undefined, customer]) {
        const response = await get(path, cookie);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
      }
    }
  });

  it("refuses every admin action posted directly by a customer or a visitor, changing nothing", async () => {
    const before = await shipment("seed-shipment-01");
    const actions: [string, Record<string, string | string[]>][] = [
      ["/admin/shipments/new", VALID_SHIPMENT],
      ["/admin/shipments/seed-shipment-01/edit", { ...VALID_SHIPMENT, version: String(before!.version) }],
      ["/admin/shipments/seed-shipment-01/status", { status: "delivered" }],
      ["/admin/shipments/seed-shipment-01/location", { location: "Nowhere" }],
      ["/admin/shipments/seed-shipment-01/delete", {}],
      ["/admin/shipments/bulk-delete", { ids: ["seed-shipment-01", "seed-shipment-02"] }],
      ["/admin/shipments/bulk-status", { ids: ["seed-shipment-01", "seed-shipment-02"], status: "delivered" }],
    ];
    const count = async () => (await db.select({ id: shipments.id }).from(shipments)).length;
    const total = await count();
    for (const [path, fields] of actions) {
      for (const cookie of [undefined, customer]) {
        const response = await post(path, fields, cookie);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login/);
      }
    }
    expect(await shipment("seed-shipment-01")).toEqual(before);
    expect(await count()).toBe(total);
  });
});

describe("admin dashboard", () => {
  it("welcomes the admin and shows totals, revenue and the first page", async () => {
    const page = await html(await get("/admin/dashboard", admin));
    expect(page).toContain("Welcome back, Alex");
    expect(page).toMatch(/Total Shipments<\/h2><p[^>]*>40</);
    expect(page).toMatch(/Revenue<\/h2><p[^>]*>\$[\d,]+\.\d\d</);
    expect(page).toContain("Recent Shipments");
    expect(page).toContain("Showing 1 to 10 of 40 results");
    expect(page).toContain("Page 1 of 4");
  });

  it("finds a shipment by tracking ID prefix, by customer name and by e-mail", async () => {
    const target = (await shipment("seed-shipment-05"))!;
    const byId = await (await get(`/admin/shipments?search=${target.trackingId.slice(0, 10).toLowerCase()}`, admin)).text();
    expect(byId).toContain(target.trackingId);
    const byName = await (await get("/admin/dashboard?search=lena", admin)).text();
    expect(byName).toContain("lena.fischer@example.com");
    expect(byName.replaceAll("<wbr/>", "")).not.toContain("demo@swiftparcel.example");
    const byEmail = await (await get("/admin/dashboard?search=demo%40swiftparcel", admin)).text();
    expect(byEmail).toContain("demo@swiftparcel.example");
    expect(byEmail.replaceAll("<wbr/>", "")).not.toContain("lena.fischer@example.com");
  });

  it("filters by status and time, sorts, and keeps it all in the URL", async () => {
    const inTransit = await (await get("/admin/shipments?status=in_transit", admin)).text();
    const rows = [...inTransit.matchAll(/<option value="in_transit" selected="">/g)];
    expect(rows.length).toBeGreaterThan(1);
    expect(inTransit).not.toMatch(/<select[^>]*name="status"[^>]*>(?:(?!<\/select>).)*<option value="delivered" selected="">/s);
    const today = await (await get("/admin/shipments?period=today&sortBy=trackingId&sortOrder=asc", admin)).text();
    expect(today).toContain('<option value="today" selected="">Today</option>');
    const nothing = await (await get("/admin/shipments?search=no-such-shipment", admin)).text();
    expect(nothing).toContain("No shipments found");
    expect(nothing).toContain("Try adjusting your search criteria");
  });

  it("pages through the results", async () => {
    const page = await html(await get("/admin/shipments?page=4", admin));
    expect(page).toContain("Showing 31 to 40 of 40 results");
    expect(page).toContain("Page 4 of 4");
  });
});

describe("creating a shipment", () => {
  it("answers an empty form with 400 and 'This field is required' on each required field", async () => {
    const response = await post("/admin/shipments/new", { intent: "save" }, admin);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Please fix the errors in the form");
    for (const field of REQUIRED_FIELDS) {
      expect(page, field).toMatch(new RegExp(`id="shipment-form-${field}-error"[^>]*><li[^>]*>This field is required</li>`));
    }
  });

  it("names missing dimensions beside the required fields when an untouched form is saved", async () => {
    // As the browser sends it: every input empty, the selects on their first choice.
    const inputs = [...REQUIRED_FIELDS, "length", "width", "height"].filter((field) => !["packageType", "serviceType"].includes(field));
    const untouched = { ...Object.fromEntries(inputs.map((field) => [field, ""])), packageType: "package", serviceType: "standard", currency: "USD", intent: "save" };
    const response = await post("/admin/shipments/new", untouched, admin);
    expect(response.status).toBe(400);
    const page = await response.text();
    const error = (field: string, message: string) => new RegExp(`id="shipment-form-${field}-error"[^>]*><li[^>]*>${message}</li>`);
    for (const field of inputs.filter((field) => !["length", "width", "height"].includes(field))) {
      expect(page, field).toMatch(error(field, "This field is required"));
    }
    for (const field of ["length", "width", "height"]) expect(page, field).toMatch(error(field, "Please enter a valid dimension"));
  });

  it("keeps what was typed and names each problem", async () => {
    const response = await post("/admin/shipments/new", { ...VALID_SHIPMENT, senderEmail: "nope", weight: "0", length: "" }, admin);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Please enter a valid weight");
    expect(html).toContain("Please enter a valid dimension");
    expect(html).toContain('value="Ada Sender"');
  });

  it("refuses a country or currency that is not on the list", async () => {
    const response = await post("/admin/shipments/new", { ...VALID_SHIPMENT, recipientCountry: "XX", currency: "ABC" }, admin);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please choose a country from the list");
    expect(html).toContain("Please choose a currency from the list");
  });

  it("prices what was typed without saving when asked to calculate", async () => {
    const before = (await db.select({ id: shipments.id }).from(shipments)).length;
    const response = await post("/admin/shipments/new", { ...VALID_SHIPMENT, intent: "quote" }, admin);
    expect(response.status).toBe(200);
    const html = await response.text();
    // (12.99 + 1.00) x 2 = 27.98, morning 15.00, insurance 1.50.
    expect(html).toContain("$44.48");
    expect(html).not.toContain("This field is required");
    expect((await db.select({ id: shipments.id }).from(shipments)).length).toBe(before);
  });

  it("saves a valid form with its price, history, mails and audit record, then opens the receipt", async () => {
    const response = await post("/admin/shipments/new", VALID_SHIPMENT, admin);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/receipt\/[0-9a-f-]{36}$/);
    const id = location.split("/").pop()!;
    const saved = (await shipment(id))!;
    expect(saved).toMatchObject({
      status: "pending",
      senderEmail: "ada@example.com",
      recipientName: "Bo Receiver",
      weightKg: 2,
      declaredValue: 15000,
      cost: 4448,
      insurance: true,
      deliveryOption: "morning",
      customDeliveryDays: "3",
      currentLocation: "Processing Center",
      userId: null,
    });
    expect(saved.estimatedDelivery! - saved.createdAt).toBe(3 * 86_400_000);
    expect(saved.trackingId).toMatch(/^SWP\d{6}[A-Z0-9]{6}$/);
    expect(await historyOf(id)).toHaveLength(1);
    expect((await auditOf(id)).map((row) => row.type)).toEqual(["shipment.created"]);
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "shipment-created"));
    expect(mails.map((mail) => mail.toAddress)).toEqual(expect.arrayContaining(["ada@example.com", "bo@example.com"]));

    const receipt = await follow(response, admin);
    expect(receipt).toContain("Shipment created successfully");
    expect(receipt).toContain(saved.trackingId);
    expect(receipt).toContain("Print / Save PDF");
    expect(receipt).toContain(`QR code linking to ${BASE}/track/${saved.trackingId}`);
    expect(receipt).toContain(`Barcode of ${saved.trackingId}`);
    expect(receipt).toContain("Your package is safe");
    expect(receipt).toContain("$44.48");
  });
});

describe("what the admin form sells (issue 23 item 6)", () => {
  const acrossBoston = { ...VALID_SHIPMENT, recipientCity: "boston ", recipientCountry: "US", recipientPhone: "+1 617 555 0100", customDeliveryDays: "" };

  it("sells Same Day within one city only, saying why on the service field", async () => {
    const before = await db.$count(shipments);
    const refused = await post("/admin/shipments/new", { ...VALID_SHIPMENT, serviceType: "same_day" }, admin);
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toContain(SAME_DAY_ONE_CITY);
    expect(page).toContain("Please fix the errors in the form");
    expect(await db.$count(shipments)).toBe(before);

    const saved = await post("/admin/shipments/new", { ...acrossBoston, serviceType: "same_day" }, admin);
    expect(saved.status).toBe(302);
    const row = (await shipment(saved.headers.get("Location")!.split("/").pop()!))!;
    expect(row.serviceType).toBe("same_day");
    expect(row.estimatedDelivery).toBe(sameDayDelivery(row.createdAt));
  });

  it("prices signature confirmation and fragile handling as their own lines, and shows them on the receipt and the label", async () => {
    const quoted = await html(await post("/admin/shipments/new", { ...acrossBoston, signatureRequired: "on", fragile: "on", intent: "quote" }, admin));
    // (12.99 + 1.00) within one country = 13.99, morning 15.00, signature 3.00, fragile 8.00, insurance 1.50.
    for (const line of ["Signature confirmation", "Fragile handling", "$41.49"]) expect(quoted).toContain(line);

    const response = await post("/admin/shipments/new", { ...acrossBoston, signatureRequired: "on", fragile: "on" }, admin);
    const id = response.headers.get("Location")!.split("/").pop()!;
    expect(await shipment(id)).toMatchObject({ fragile: true, signatureRequired: true, cost: 4149 });
    const receipt = await html(await get(`/receipt/${id}`, admin));
    expect(receipt).toContain("Fragile handling");
    expect(receipt).toContain("$41.49");
    expect(await html(await get(`/receipt/${id}/label`, admin))).toContain("FRAGILE");

    // The edit form shows them ticked, and unticking fragile takes its line off the price.
    const edit = await html(await get(`/admin/shipments/${id}/edit`, admin));
    expect(edit).toMatch(/name="fragile"[^>]*checked/);
    const version = /name="version"[^>]*value="(\d+)"/.exec(edit)![1]!;
    const updated = await post(`/admin/shipments/${id}/edit`, { ...acrossBoston, signatureRequired: "on", version, currentLocation: "" }, admin);
    expect(updated.status).toBe(302);
    expect(await shipment(id)).toMatchObject({ fragile: false, cost: 3349 });
  });

  it("insures at most $50,000 of declared value, read in the currency beside it", async () => {
    expect((await post("/admin/shipments/new", { ...VALID_SHIPMENT, value: "50000", intent: "save" }, admin)).status).toBe(302);
    const refused = await post("/admin/shipments/new", { ...VALID_SHIPMENT, value: "50000", currency: "EUR" }, admin);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("Insurance covers at most $50,000 (€43,500.00) of declared value; this shipment declares €50,000.00.");
    expect((await post("/admin/shipments/new", { ...VALID_SHIPMENT, value: "50000", currency: "EUR", insurance: "" }, admin)).status).toBe(302);
  });
});

describe("receipt", () => {
  it("says so when the shipment does not exist", async () => {
    const response = await get("/receipt/no-such-shipment", admin);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Unable to load receipt.");
  });

  it("prints a 4x6 label with the tracking ID as a barcode", async () => {
    const target = (await shipment("seed-shipment-03"))!;
    const html = await (await get("/receipt/seed-shipment-03/label?print=1", admin)).text();
    expect(html).toContain("size: 4in 6in");
    expect(html).toContain(`Barcode of ${target.trackingId}`);
    expect(html).toContain(target.recipientName);
  });
});

describe("row actions", () => {
  it("changes the status with a history entry, status mails and an audit record", async () => {
    const before = (await shipment("seed-shipment-04"))!;
    const historyBefore = (await historyOf("seed-shipment-04")).length;
    const response = await post("/admin/shipments/seed-shipment-04/status", { status: "in_transit", redirectTo: "/admin/dashboard?page=2" }, admin);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard?page=2");
    expect(await follow(response, admin)).toContain("Shipment status updated");

    const after = (await shipment("seed-shipment-04"))!;
    expect(after.status).toBe("in_transit");
    expect(after.version).toBe(before.version + 1);
    const history = await historyOf("seed-shipment-04");
    expect(history).toHaveLength(historyBefore + 1);
    expect(history.at(-1)).toMatchObject({ status: "in_transit", description: "Package is in transit to destination", actorUserId: SEED_USER_IDS.admin });
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "shipment-status"));
    expect(mails.map((mail) => mail.toAddress)).toEqual(expect.arrayContaining([before.senderEmail, before.recipientEmail]));
    const audit = await auditOf("seed-shipment-04");
    expect(audit.at(-1)).toMatchObject({ type: "shipment.status_changed", actorEmail: "admin@swiftparcel.example" });

    const tracking = await (await get(`/track/${before.trackingId}`)).text();
    expect(tracking).toContain("In Transit");
    expect(tracking).toContain("Package is in transit to destination");
  });

  it("records the delivery time and location on delivered", async () => {
    await post("/admin/shipments/seed-shipment-06/status", { status: "delivered" }, admin);
    const after = (await shipment("seed-shipment-06"))!;
    expect(after.status).toBe("delivered");
    expect(after.currentLocation).toBe("Delivered");
    expect(after.actualDelivery).toBeGreaterThan(Date.now() - 60_000);
  });

  it("asks where a custom destination is before saving it", async () => {
    const asked = await post("/admin/shipments/seed-shipment-07/status", { status: "custom_destination", redirectTo: "/admin/shipments" }, admin);
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe("/admin/shipments/seed-shipment-07/status?redirectTo=%2Fadmin%2Fshipments");
    const page = await (await get(asked.headers.get("Location")!, admin)).text();
    expect(page).toContain("Please enter the custom destination");
    expect((await shipment("seed-shipment-07"))!.status).not.toBe("custom_destination");

    const blank = await post("/admin/shipments/seed-shipment-07/status", { status: "custom_destination", destination: "   " }, admin);
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please enter a destination");

    const saved = await post("/admin/shipments/seed-shipment-07/status", { status: "custom_destination", destination: " Locker 12, Main Station " }, admin);
    expect(saved.status).toBe(302);
    expect(await follow(saved, admin)).toContain("Shipment delivered to: Locker 12, Main Station");
    expect(await shipment("seed-shipment-07")).toMatchObject({ status: "custom_destination", customDestination: "Locker 12, Main Station" });
    expect((await historyOf("seed-shipment-07")).at(-1)).toMatchObject({
      status: "custom_destination",
      location: "Locker 12, Main Station",
      description: "Package delivered to custom destination: Locker 12, Main Station",
    });
    expect((await auditOf("seed-shipment-07")).at(-1)).toMatchObject({ type: "shipment.status_changed", actorEmail: "admin@swiftparcel.example" });
    const target = (await shipment("seed-shipment-07"))!;
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "shipment-status"));
    const toTarget = mails.filter((mail) => [target.senderEmail, target.recipientEmail].includes(mail.toAddress));
    expect(toTarget.length).toBeGreaterThanOrEqual(2);
    expect(toTarget.some((mail) => mail.body.includes("Locker 12, Main Station"))).toBe(true);
  });

  it("says so when the shipment to change is gone", async () => {
    const status = await post("/admin/shipments/no-such-shipment/status", { status: "delivered", redirectTo: "/admin/shipments" }, admin);
    expect(status.headers.get("Location")).toBe("/admin/shipments");
    expect(await follow(status, admin)).toContain("Failed to update shipment status");
    const location = await post("/admin/shipments/no-such-shipment/location", { location: "Hub" }, admin);
    expect(await follow(location, admin)).toContain("Failed to update current location");
    expect(await auditOf("no-such-shipment")).toHaveLength(0);
  });

  it("refuses an unknown status", async () => {
    const response = await post("/admin/shipments/seed-shipment-07/status", { status: "teleported" }, admin);
    expect(response.status).toBe(400);
  });

  it("sets the current location on its own page, with the replaced value in the audit trail", async () => {
    const page = await (await get("/admin/shipments/seed-shipment-08/location?redirectTo=/admin/shipments", admin)).text();
    const before = (await shipment("seed-shipment-08"))!;
    expect(page).toContain(`value="${before.currentLocation}"`);
    const response = await post("/admin/shipments/seed-shipment-08/location", { location: " Leipzig Hub ", redirectTo: "/admin/shipments" }, admin);
    expect(response.headers.get("Location")).toBe("/admin/shipments");
    expect(await follow(response, admin)).toContain("Current location updated successfully");
    const after = (await shipment("seed-shipment-08"))!;
    expect(after.currentLocation).toBe("Leipzig Hub");
    expect(after.version).toBe(before.version + 1);
    expect(JSON.parse((await auditOf("seed-shipment-08")).at(-1)!.data)).toEqual({ from: before.currentLocation, to: "Leipzig Hub" });
  });

  it("keeps redirects on this site", async () => {
    const response = await post("/admin/shipments/seed-shipment-08/location", { location: "Hub", redirectTo: "https://evil.test/" }, admin);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("confirms, then deletes one shipment and keeps its audit record", async () => {
    const target = (await shipment("seed-shipment-09"))!;
    const confirm = await (await get("/admin/shipments/seed-shipment-09/delete", admin)).text();
    expect(confirm).toContain("Are you sure you want to delete this shipment?");
    expect(await shipment("seed-shipment-09")).toBeDefined();

    const response = await post("/admin/shipments/seed-shipment-09/delete", { redirectTo: "/admin/shipments/seed-shipment-09/edit" }, admin);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect(await follow(response, admin)).toContain("Shipment deleted");
    expect(await shipment("seed-shipment-09")).toBeUndefined();
    expect(await historyOf("seed-shipment-09")).toHaveLength(0);
    const audit = await auditOf("seed-shipment-09");
    expect(audit.at(-1)).toMatchObject({ type: "shipment.deleted", actorEmail: "admin@swiftparcel.example" });
    expect(JSON.parse(audit.at(-1)!.data)).toMatchObject({ trackingId: target.trackingId });
    // A second delete finds nothing to delete.
    const again = await post("/admin/shipments/seed-shipment-09/delete", {}, admin);
    expect(await follow(again, admin)).toContain("Failed to delete shipment");
  });

  it("bulk-deletes after a confirmation that lists the shipments", async () => {
    const empty = await get("/admin/shipments/bulk-delete?redirectTo=%2Fadmin%2Fshipments", admin);
    expect(empty.status).toBe(302);
    expect(empty.headers.get("Location")).toBe("/admin/shipments");
    expect(await follow(empty, admin)).toContain("Please select shipments first");

    const [a, b] = [(await shipment("seed-shipment-10"))!, (await shipment("seed-shipment-11"))!];
    const confirm = await (await get("/admin/shipments/bulk-delete?ids=seed-shipment-10&ids=seed-shipment-11", admin)).text();
    expect(confirm).toContain("Are you sure you want to delete 2 shipments?");
    expect(confirm).toContain(a.trackingId);
    expect(confirm).toContain(b.trackingId);

    const response = await post("/admin/shipments/bulk-delete", { ids: ["seed-shipment-10", "seed-shipment-11"], redirectTo: "/admin/shipments" }, admin);
    expect(await follow(response, admin)).toContain("2 shipments deleted");
    expect(await shipment("seed-shipment-10")).toBeUndefined();
    expect(await shipment("seed-shipment-11")).toBeUndefined();
    expect((await auditOf("seed-shipment-10")).at(-1)?.type).toBe("shipment.deleted");
    expect((await auditOf("seed-shipment-11")).at(-1)?.type).toBe("shipment.deleted");

    const none = await post("/admin/shipments/bulk-delete", { redirectTo: "/admin/shipments" }, admin);
    expect(await follow(none, admin)).toContain("Please select shipments first");
  });

  it("says the bulk delete's toast in the admin's language: French, with its plural", async () => {
    const response = await post("/admin/shipments/bulk-delete?lng=fr", { ids: ["seed-shipment-14", "seed-shipment-18"], redirectTo: "/admin/shipments" }, admin);
    const page = await follow(response, admin);
    expect(page).toContain("2 envois supprimés");
    expect(page).not.toContain("2 shipments deleted");
    expect(await shipment("seed-shipment-14")).toBeUndefined();
  });

  it("confirms 'select all' without JavaScript with the page's shipments", async () => {
    const html = await (await get("/admin/shipments/bulk-delete?all=page&pageIds=seed-shipment-12&pageIds=seed-shipment-13", admin)).text();
    expect(html).toContain("Are you sure you want to delete 2 shipments?");
  });
});

describe("the bulk status change", () => {
  /** A change as the batch wrote it, without what names its shipment: the history entry, the record and the mail. */
  async function changeOf(id: string, since: number) {
    const row = (await shipment(id))!;
    const entry = (await historyOf(id)).at(-1)!;
    const record = (await auditOf(id)).at(-1)!;
    const mails = await db.select().from(outbox).where(eq(outbox.eventId, record.id));
    const { trackingId, sender, recipient, owner, ...data } = JSON.parse(record.data) as Record<string, unknown>;
    return {
      shipment: { status: row.status, currentLocation: row.currentLocation, updatedAt: row.updatedAt >= since },
      entry: { status: entry.status, location: entry.location, description: entry.description, actorUserId: entry.actorUserId, actorLabel: entry.actorLabel },
      record: { type: record.type, actorEmail: record.actorEmail, data, names: [trackingId, sender, recipient, owner].every((part) => part !== undefined) },
      mails: mails.map((mail) => ({ kind: mail.kind, subject: mail.subject.replace(row.trackingId, "{id}") })).sort((a, b) => a.subject.localeCompare(b.subject)),
    };
  }

  it("offers every status but custom destination in the list's bulk bar, posting the selection beside Delete", async () => {
    const page = await html(await get("/admin/shipments", admin));
    const bar = page.slice(page.indexOf('aria-label="Bulk actions"'), page.indexOf("Clear selection"));
    expect(bar).toContain('<label for="bulk-status"');
    expect(bar).toContain(">New status</label>");
    expect(bar.match(/<option value="[a-z_]+">/g)).toHaveLength(12);
    expect(bar).not.toContain("custom_destination");
    expect(bar).toMatch(/<button type="submit" form="bulk-actions" formMethod="post" formAction="\/admin\/shipments\/bulk-status"[^>]*>Update status<\/button>/i);
    expect(page).toMatch(/<input id="select-[^"]+" type="checkbox" form="bulk-actions" name="ids"/);
  });

  it("changes each selected shipment as its row's status form does, in one answer that says how many", async () => {
    const rows = await Promise.all(["seed-shipment-21", "seed-shipment-22", "seed-shipment-23", "seed-shipment-24", "seed-shipment-25"].map((id) => shipment(id)));
    const [single, ...selected] = rows.filter((row) => row!.status !== "out_for_delivery").slice(0, 3).map((row) => row!);
    const already = "seed-shipment-26";
    await post(`/admin/shipments/${already}/status`, { status: "out_for_delivery" }, admin);
    const eventsBefore = await db.$count(events);
    const since = Date.now();

    // The row's form, for the change to compare with.
    expect((await post(`/admin/shipments/${single!.id}/status`, { status: "out_for_delivery" }, admin)).status).toBe(302);
    const counted = async () => (await env.DB.prepare("SELECT sum(count) AS n FROM rate_limits WHERE key LIKE 'status-change:account:%'").first<{ n: number }>())!.n;
    const attempts = await counted();
    const response = await post(
      "/admin/shipments/bulk-status",
      { ids: [...selected.map((row) => row.id), already, selected[0]!.id], status: "Out-for-delivery", redirectTo: "/admin/shipments?page=2" },
      admin,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/shipments?page=2");
    expect(await follow(response, admin)).toContain("2 shipments updated; 1 already Out For Delivery");
    // One status change against the admin's hourly limit.
    expect(await counted()).toBe(attempts + 1);

    const expected = await changeOf(single!.id, since);
    expect(expected).toMatchObject({
      shipment: { status: "out_for_delivery", currentLocation: "Local Delivery Center", updatedAt: true },
      entry: { status: "out_for_delivery", location: "Local Delivery Center", description: "Package is out for delivery", actorUserId: SEED_USER_IDS.admin },
      record: { type: "shipment.status_changed", actorEmail: "admin@swiftparcel.example", names: true },
    });
    expect(expected.mails.length).toBeGreaterThanOrEqual(1);
    for (const row of selected) {
      const made = await changeOf(row.id, since);
      expect(made).toEqual({ ...expected, record: { ...expected.record, data: { ...expected.record.data, from: row.status } }, mails: made.mails });
      expect(made.mails.map((mail) => mail.subject)).toContain("Shipment {id}: Out For Delivery");
      expect((await shipment(row.id))!.version).toBe(row.version + 1);
    }
    // The one that had the status already: nothing new.
    expect((await auditOf(already)).filter((row) => row.createdAt >= since)).toEqual([]);
    expect(await db.$count(events)).toBe(eventsBefore + 3);

    // Again: nothing to change, said as such.
    const again = await post("/admin/shipments/bulk-status", { ids: selected.map((row) => row.id), status: "out_for_delivery", redirectTo: "/admin/shipments" }, admin);
    expect(await follow(again, admin)).toContain("The selected shipments are already Out For Delivery: nothing changed");
  });

  it("changes every shipment of the page when 'All' is ticked without JavaScript", async () => {
    const candidates = await Promise.all(["seed-shipment-27", "seed-shipment-28", "seed-shipment-29", "seed-shipment-31", "seed-shipment-32"].map((id) => shipment(id)));
    const [first, second, ticked] = candidates.filter((row) => row!.status !== "ready_for_pickup").map((row) => row!.id);
    const response = await post(
      "/admin/shipments/bulk-status",
      { all: "page", pageIds: [first!, second!], ids: [ticked!], status: "ready_for_pickup", redirectTo: "/admin/shipments" },
      admin,
    );
    expect(await follow(response, admin)).toContain("2 shipments updated");
    for (const id of [first!, second!]) expect(await shipment(id)).toMatchObject({ status: "ready_for_pickup", currentLocation: "Pickup Point" });
    expect((await shipment(ticked!))!.status).not.toBe("ready_for_pickup");
  });

  it("answers bad input with a 4xx page naming every reason, and changes nothing", async () => {
    const count = async () => Promise.all([db.$count(events), db.$count(trackingEvents), db.$count(outbox)]);
    const before = await count();
    const version = (await shipment("seed-shipment-30"))!.version;
    const cases: [Record<string, string | string[]>, number, string[]][] = [
      [{ status: "in_transit" }, 400, ["Please select shipments first"]],
      [{ status: "teleported" }, 400, ["Please select shipments first", "Please choose a status from the list"]],
      [{ ids: ["seed-shipment-30"], status: "custom_destination" }, 400, ["Please choose a status from the list"]],
      [{ ids: ["seed-shipment-30"] }, 400, ["Please choose a status from the list"]],
      [{ ids: Array.from({ length: 101 }, (_, index) => `seed-shipment-${index}`), status: "in_transit" }, 400, ["Select up to 100 shipments at a time."]],
      [
        { ids: ["seed-shipment-30", "no-such-shipment"], status: "in_transit" },
        404,
        ["Some of the selected shipments no longer exist, so no status was changed: refresh the list and select them again."],
      ],
    ];
    for (const [fields, status, messages] of cases) {
      const response = await post("/admin/shipments/bulk-status", { ...fields, redirectTo: "/admin/shipments?page=3" }, admin);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      const page = await html(response);
      for (const message of messages) expect(page).toContain(message);
      expect(page).toContain('role="alert"');
      expect(page).toContain('href="/admin/shipments?page=3"');
    }
    expect(await count()).toEqual(before);
    expect((await shipment("seed-shipment-30"))!.version).toBe(version);
  });
});

describe("editing a shipment", () => {
  async function editForm(id: string) {
    const page = await html(await get(`/admin/shipments/${id}/edit`, admin));
    const version = page.match(/name="version"[^>]*value="(\d+)"/)?.[1];
    return { page, version: version! };
  }

  it("fills the form, saves the changes and lists each with its previous value", async () => {
    // Its invoice is unpaid, so the price the form computes may change (a paid one refuses it: invoices.test.ts).
    const before = (await shipment("seed-shipment-17"))!;
    const { page: form, version } = await editForm("seed-shipment-17");
    expect(form).toContain(before.trackingId);
    expect(form).toContain(`value="${before.senderName.replace("'", "&#x27;")}"`);
    expect(form).toContain("Status &amp; Tracking");
    expect(version).toBe(String(before.version));

    const response = await post(
      "/admin/shipments/seed-shipment-17/edit",
      {
        ...VALID_SHIPMENT,
        senderName: "Renamed Sender",
        senderEmail: before.senderEmail!,
        senderCountry: before.senderCountry,
        recipientCountry: before.recipientCountry,
        currentLocation: "Edited Hub",
        version,
      },
      admin,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect(await follow(response, admin)).toContain("Shipment updated successfully");
    const after = (await shipment("seed-shipment-17"))!;
    expect(after).toMatchObject({ senderName: "Renamed Sender", currentLocation: "Edited Hub", version: before.version + 1, status: before.status });

    const edit = (await auditOf("seed-shipment-17")).at(-1)!;
    expect(edit).toMatchObject({ type: "shipment.updated", actorEmail: "admin@swiftparcel.example" });
    const { changes } = JSON.parse(edit.data);
    expect(changes.senderName).toEqual({ from: before.senderName, to: "Renamed Sender" });
    expect(changes.currentLocation).toEqual({ from: before.currentLocation, to: "Edited Hub" });
    expect(changes.senderCountry).toBeUndefined();

    const page = await html(await get("/admin/shipments/seed-shipment-17/edit", admin));
    expect(page).toContain("Audit trail");
    expect(page).toContain(`Sender name: ${before.senderName.replace("'", "&#x27;")} → `);
  });

  it("refuses an edit made from a stale copy instead of overwriting", async () => {
    const { version } = await editForm("seed-shipment-15");
    // Another admin changes the status meanwhile.
    await post("/admin/shipments/seed-shipment-15/status", { status: "exception" }, admin);
    const current = (await shipment("seed-shipment-15"))!;

    const response = await post(
      "/admin/shipments/seed-shipment-15/edit",
      { ...VALID_SHIPMENT, senderName: "Stale Write", version },
      admin,
    );
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Someone else changed this shipment while you were editing it");
    expect(html).toContain('value="Stale Write"');
    expect(await shipment("seed-shipment-15")).toEqual(current);
    expect((await auditOf("seed-shipment-15")).some((row) => row.type === "shipment.updated")).toBe(false);
  });

  it("answers invalid edits with 400 and changes nothing", async () => {
    const before = await shipment("seed-shipment-16");
    const { version } = await editForm("seed-shipment-16");
    const response = await post("/admin/shipments/seed-shipment-16/edit", { ...VALID_SHIPMENT, recipientPhone: "abc", version }, admin);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid phone number");
    expect(await shipment("seed-shipment-16")).toEqual(before);
  });

  it("says 'Failed to load shipment' on the page when the shipment is gone, with the way back", async () => {
    const response = await get("/admin/shipments/no-such-shipment/edit", admin);
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Failed to load shipment");
    expect(html).toContain('href="/admin/dashboard"');
  });
});

describe("the dashboard's Refresh and the cost column", () => {
  it("reloads the same view with 'Dashboard refreshed', for admins only", async () => {
    const refreshed = await post("/admin/dashboard", { view: "?status=delivered&sortBy=totalCost&sortOrder=asc&nonsense=1" }, admin);
    expect(refreshed.status).toBe(302);
    expect(refreshed.headers.get("Location")).toBe("/admin/dashboard?status=delivered&sortBy=totalCost&sortOrder=asc");
    expect(await follow(refreshed, admin)).toContain("Dashboard refreshed");
    // Only a list address can come out of it.
    const elsewhere = await post("/admin/dashboard", { view: "//evil.example/x" }, admin);
    expect(elsewhere.headers.get("Location")).toBe("/admin/dashboard");
    for (const cookie of [undefined, customer]) {
      const refused = await post("/admin/dashboard", { view: "" }, cookie);
      expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
  });

  it("shows the total cost it can sort by", async () => {
    const page = await html(await get("/admin/shipments?sortBy=totalCost&sortOrder=desc", admin));
    expect(page).toContain(">Total cost</th>");
    const [top] = await db.select().from(shipments).orderBy(sql`${shipments.cost} DESC`).limit(1);
    expect(page).toContain(formatMoney(top!.cost, top!.currency));
  });
});

describe("live admin views", () => {
  it("tells open admin pages, through the admins' feed, when a shipment is created, changed or deleted", async () => {
    const opened = await SELF.fetch(`${BASE}/api/chat/admin/socket`, { headers: { Upgrade: "websocket", Cookie: admin } });
    expect(opened.status).toBe(101);
    const socket = opened.webSocket!;
    socket.accept();
    const received: unknown[] = [];
    socket.addEventListener("message", (event) => received.push(JSON.parse(event.data as string)));
    const next = async (count: number) => {
      await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
      return received[count - 1];
    };

    const created = await post("/admin/shipments/new", VALID_SHIPMENT, admin);
    expect(created.status).toBe(302);
    expect(await next(1)).toEqual({ type: "changed", topic: "shipments" });
    await post("/admin/shipments/seed-shipment-02/status", { status: "exception" }, admin);
    expect(await next(2)).toEqual({ type: "changed", topic: "shipments" });
    // Nothing changed, nothing announced.
    await post("/admin/shipments/seed-shipment-02/status", { status: "exception" }, admin);
    await post("/admin/shipments/seed-shipment-02/location", { location: "Depot 7" }, admin);
    expect(await next(3)).toEqual({ type: "changed", topic: "shipments" });
    expect(received).toHaveLength(3);
    socket.close();
  });
});

describe("the receipt after an edit", () => {
  it("replaces the parcel rows with the edited parcel, so the table matches the shipment; an edit elsewhere keeps them", async () => {
    const parcel = { description: "Shoes", weightKg: 1.8, lengthCm: 30, widthCm: 20, heightCm: 10, value: 5000, quantity: 2 };
    const { id } = await createShipment(serviceContext(), {
      actor: SYSTEM_ACTOR,
      shipment: {
        senderName: "Ada Sender", senderEmail: "ada@example.com", senderCity: "Boston", senderCountry: "US",
        recipientName: "Bo Receiver", recipientEmail: "bo@example.com", recipientCity: "Berlin", recipientCountry: "DE",
        weightKg: 3.6, declaredValue: 10000, description: "Shoes", lengthCm: 30, widthCm: 20, heightCm: 10, cost: 2500,
      },
      packages: [parcel],
    });
    const fields = {
      ...VALID_SHIPMENT,
      weight: "3.6", length: "30", width: "20", height: "10", value: "100.00", description: "Shoes", cost: "25.00", insurance: "",
    };
    const version = () => shipment(id).then((row) => String(row!.version));

    // An edit that leaves the parcel's fields alone leaves the parcel rows alone.
    expect((await post(`/admin/shipments/${id}/edit`, { ...fields, version: await version() }, admin)).status).toBe(302);
    expect(await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id))).toEqual([{ ...parcel, shipmentId: id, position: 1 }]);

    const edited = await post(`/admin/shipments/${id}/edit`, { ...fields, weight: "1.5", description: "One pair of shoes", version: await version() }, admin);
    expect(edited.status).toBe(302);
    expect((await shipment(id))!.weightKg).toBe(1.5);
    expect(await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id))).toEqual([
      { shipmentId: id, position: 1, description: "One pair of shoes", weightKg: 1.5, lengthCm: 30, widthCm: 20, heightCm: 10, value: 10000, quantity: 1 },
    ]);
    const receipt = await (await get(`/receipt/${id}`, admin)).text();
    expect(receipt).toContain("One pair of shoes");
    expect(receipt).not.toContain("3.6 kg");
    expect(receipt.match(/1\.5 kg/g)?.length).toBeGreaterThanOrEqual(2);

    // A stale edit writes neither the shipment nor its parcels.
    const stale = await post(`/admin/shipments/${id}/edit`, { ...fields, weight: "9", version: "1" }, admin);
    expect(stale.status).toBeGreaterThanOrEqual(300);
    expect((await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id)))[0]!.weightKg).toBe(1.5);
  });
});

describe("concurrent status changes", () => {
  it("keeps one history entry, one version and one record per change that happened, never two alike in a row", async () => {
    const before = (await shipment("seed-shipment-20"))!;
    const historyBefore = (await historyOf("seed-shipment-20")).length;
    const auditBefore = (await auditOf("seed-shipment-20")).filter((row) => row.type === "shipment.status_changed").length;
    const statuses = ["in_transit", "out_for_delivery", "exception", "confirmed", "picked_up"];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => post("/admin/shipments/seed-shipment-20/status", { status: statuses[index % statuses.length]! }, admin)),
    );
    expect(responses.every((response) => response.status === 302)).toBe(true);
    // In the order they were written (rowid): a change to the status the shipment had just then is a no-op.
    const added = (
      await db
        .select({ status: trackingEvents.status })
        .from(trackingEvents)
        .where(eq(trackingEvents.shipmentId, "seed-shipment-20"))
        .orderBy(sql`rowid`)
    ).slice(historyBefore);
    expect(added.length).toBeGreaterThanOrEqual(statuses.length - 1);
    expect(added.every((entry, index) => entry.status !== (index === 0 ? before.status : added[index - 1]!.status))).toBe(true);
    const after = (await shipment("seed-shipment-20"))!;
    expect(after.status).toBe(added.at(-1)!.status);
    expect(after.version).toBe(before.version + added.length);
    expect((await auditOf("seed-shipment-20")).filter((row) => row.type === "shipment.status_changed")).toHaveLength(auditBefore + added.length);
  });
});

describe("cost summary while typing", () => {
  it("prices the form with the shared pricing module", async () => {
    const response = await get("/admin/shipments/quote?weight=2&senderCountry=US&recipientCountry=DE&serviceType=express&packageType=package&currency=USD", admin);
    const summary = (await response.json()) as { quote: { total: number } | null; estimatedDelivery: number | null };
    expect(summary.quote?.total).toBe(2798);
    expect(summary.estimatedDelivery).toBeGreaterThan(Date.now());
    const incomplete = (await (await get("/admin/shipments/quote?weight=2", admin)).json()) as { quote: unknown };
    expect(incomplete.quote).toBeNull();
  });
});

describe("how much mail an admin's writes may send", () => {
  function postFrom(address: string, path: string, fields: Record<string, string>, cookie: string) {
    return SELF.fetch(`${BASE}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields),
      headers: { Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address, Cookie: cookie },
    });
  }

  it("creates sixty shipments an hour per admin, then answers 429 with the wait", { timeout: 90_000 }, async () => {
    const other = await createUser({ role: "admin" });
    const cookie = await signedInCookie(other.id);
    for (let batch = 0; batch < 6; batch += 1) {
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, index) => postFrom(`198.51.100.${100 + batch * 10 + index}`, "/admin/shipments/new", VALID_SHIPMENT, cookie)),
      );
      expect(created.map((response) => response.status)).toEqual(Array(10).fill(302));
    }
    const before = await db.$count(shipments);
    // From another address too: the account's own count is full.
    const refused = await postFrom("198.51.100.199", "/admin/shipments/new", VALID_SHIPMENT, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await html(refused)).toMatch(/Too many shipments have been created\. Please try again in \d+ (minutes?|hour)\./);
    expect(await db.$count(shipments)).toBe(before);
  });

  it("changes statuses 120 times an hour per admin, then answers 429 with the wait", { timeout: 90_000 }, async () => {
    const other = await createUser({ role: "admin" });
    const cookie = await signedInCookie(other.id);
    const statuses = ["in_transit", "out_for_delivery", "exception", "confirmed", "picked_up"];
    for (let batch = 0; batch < 3; batch += 1) {
      const changed = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          postFrom(`198.51.101.${batch * 40 + index}`, "/admin/shipments/seed-shipment-19/status", { status: statuses[index % statuses.length]! }, cookie),
        ),
      );
      expect(changed.every((response) => response.status === 302)).toBe(true);
    }
    const version = (await shipment("seed-shipment-19"))!.version;
    const refused = await postFrom("198.51.102.1", "/admin/shipments/seed-shipment-19/status", { status: "delivered" }, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await shipment("seed-shipment-19"))!.version).toBe(version);
  });
});
