// The analytics screen, its exports and the delivery rating through the real worker: a
// customer's new shipment moves the week's count by one, its rating moves the satisfaction
// average, and the CSV holds it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox, shipmentRatings } from "../../drizzle/schema";
import { actorFor, SYSTEM_ACTOR } from "~/.server/events";
import { changeStatus, createShipment } from "~/features/shipments/shipments.server";
import { SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { get, post } from "./requests";

let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
let customer: Awaited<ReturnType<typeof createUser>>;
let customerCookie: string;

beforeAll(async () => {
  admin = await createUser({ role: "admin", firstName: "Ana", lastName: "Admin" });
  adminCookie = await signedInCookie(admin.id);
  customer = await createUser({ firstName: "Avery", lastName: "Quinn" });
  customerCookie = await signedInCookie(customer.id);
});

async function page(path: string, cookie = adminCookie) {
  const response = await get(path, { Cookie: cookie });
  // React separates adjacent text with empty comments; the reader sees none.
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The number on a KPI card, e.g. Total Shipments. */
function kpi(html: string, title: string): string {
  const match = new RegExp(`<h3[^>]*>${title}</h3><p[^>]*>([^<]*)</p>`).exec(html);
  if (!match) throw new Error(`No ${title} card`);
  return match[1]!;
}

async function newCustomerShipment(cost = 4_250) {
  return createShipment(serviceContext(), {
    shipment: { ...SAMPLE_SENDER, ...SAMPLE_RECIPIENT, userId: customer.id, serviceType: "express", currency: "USD", cost, senderName: 'Avery "AQ" Quinn, Jr.' },
    actor: actorFor(customer),
  });
}

async function deliver(shipmentId: string) {
  const outcome = await changeStatus(serviceContext(), { shipmentId, status: "delivered", actor: SYSTEM_ACTOR, clientAddress: "198.51.100.7" });
  expect(outcome.ok).toBe(true);
}

describe("the analytics page", () => {
  it("is for admins only", async () => {
    expect((await get("/admin/analytics?period=30d")).status).toBe(302);
    const asCustomer = await get("/admin/analytics?period=30d", { Cookie: customerCookie });
    expect([302, 403, 404]).toContain(asCustomer.status);
  });

  it("names the period in its address: none or an unknown one goes to 30 days", async () => {
    for (const path of ["/admin/analytics", "/admin/analytics?period=2y", "/admin/analytics?period=7d&junk=1"]) {
      const { response } = await page(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(path.includes("7d") ? "/admin/analytics?period=7d" : "/admin/analytics?period=30d");
    }
  });

  it("shows every section with a labelled period selector, computed figures and no old constants", async () => {
    const { response, html } = await page("/admin/analytics?period=90d");
    expect(response.status).toBe(200);
    expect(html).toContain('<label for="analytics-period" class="label">Period</label>');
    expect(html).toMatch(/<option value="90d" selected="">Last 90 days<\/option>/);
    for (const heading of ["Total Shipments", "Total Revenue", "Avg Delivery Time", "Customer Satisfaction", "Shipments by Status", "Revenue Trend", "Performance Metrics", "Top Routes", "Regional Performance", "Generate Report"]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain('role="img"');
    expect(html).toContain("The revenue trend as a table");
    // The four performance metrics, Operational Efficiency defined on the page; no exception rate.
    for (const metric of ["On-Time Delivery", "Avg Transit Time", "Customer Retention", "Operational Efficiency"]) expect(html).toContain(metric);
    expect(html.replaceAll("<!-- -->", "")).toMatch(/Operational Efficiency<\/strong> is the share of the period&#x27;s outcomes that went to plan: deliveries made on or before\s+the estimated day/);
    expect(html).not.toContain("Exception Rate");
    expect(html).toContain("the 90 days before");
    for (const constant of ["2.8 days", "94.2", "4.6/5", "4.6 / 5", "87.5", "1,247"]) expect(html).not.toContain(constant);
  });

  it("moves the week's Total Shipments by exactly one for a customer's new shipment, and its satisfaction with the rating", async () => {
    const before = await page("/admin/analytics?period=7d");
    const count = Number(kpi(before.html, "Total Shipments").replaceAll(",", ""));
    expect(kpi(before.html, "Customer Satisfaction")).toBe("No ratings yet");

    const created = await newCustomerShipment();
    const after = await page("/admin/analytics?period=7d");
    expect(Number(kpi(after.html, "Total Shipments").replaceAll(",", ""))).toBe(count + 1);

    await deliver(created.id);
    const rated = await post(`/track/${created.trackingId}/rate`, { score: "4", comment: "Quick, thanks" }, { Cookie: customerCookie });
    expect(rated.status).toBe(302);
    expect(rated.headers.get("Location")).toBe(`/track/${created.trackingId}`);
    const withRating = await page("/admin/analytics?period=7d");
    expect(kpi(withRating.html, "Customer Satisfaction")).toBe("4.0 / 5");
    expect(withRating.html).toContain("From 1 rating of delivered shipments");

    const csv = await get("/admin/analytics/export?report=shipments&period=7d", { Cookie: adminCookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="swiftparcel-shipments-7d-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    const line = text.split("\r\n").find((row) => row.includes(created.trackingId));
    expect(line).toBeDefined();
    // The sender's quotes and comma are quoted the CSV way.
    expect(line).toContain('"Avery ""AQ"" Quinn, Jr."');
  });
});

describe("the exports and reports", () => {
  it("refuses an unknown report file with a 400 and the exports to customers", async () => {
    const unknown = await get("/admin/analytics/export?report=invoices&period=7d", { Cookie: adminCookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe("Unsupported report type");
    expect((await get("/admin/analytics/export?report=users&period=7d", { Cookie: customerCookie })).status).not.toBe(200);
  });

  it("exports the accounts", async () => {
    const csv = await get("/admin/analytics/export?report=users&period=30d", { Cookie: adminCookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    // A byte order mark first, so that spreadsheet programs read the file as UTF-8.
    expect(text.split("\r\n")[0]).toBe("\ufeffName,E-mail,Role,Status,Joined (UTC),Shipments in the period,Shipments in all");
    expect(text).toContain(customer.email);
  });

  it("generates a shipments or users report, and says 'Unsupported report type' for anything else", async () => {
    const made = await post("/admin/analytics?period=30d", { intent: "report", type: "users", period: "30d" }, { Cookie: adminCookie });
    expect(made.status).toBe(200);
    const html = await made.text();
    expect(html).toContain("Report generated successfully");
    expect(html).toContain("Users report, last 30 days");
    expect(html).toContain('href="/admin/analytics/export?report=users&amp;period=30d"');
    const refused = await post("/admin/analytics?period=30d", { intent: "report", type: "invoices", period: "30d" }, { Cookie: adminCookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Unsupported report type");
    const huge = await post("/admin/analytics?period=30d", { intent: "report", type: "x".repeat(5_000), period: "30d" }, { Cookie: adminCookie });
    expect(huge.status).toBe(400);
  });

  it("refreshes with a toast and back to the same period", async () => {
    const response = await post("/admin/analytics?period=90d", { intent: "refresh", period: "90d" }, { Cookie: adminCookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/analytics?period=90d");
    const shown = await page("/admin/analytics?period=90d", `${adminCookie}; ${response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ")}`);
    expect(shown.html).toContain("Analytics refreshed");
    const withCurrency = await post("/admin/analytics?period=7d&currency=EUR", { intent: "refresh", period: "7d", currency: "eur" }, { Cookie: adminCookie });
    expect(withCurrency.headers.get("Location")).toBe("/admin/analytics?period=7d&currency=EUR");
    const junk = await post("/admin/analytics?period=7d", { intent: "refresh", period: "7d", currency: "<script>" }, { Cookie: adminCookie });
    expect(junk.headers.get("Location")).toBe("/admin/analytics?period=7d");
  });

  it("opens the print view with the table shown", async () => {
    const { response, html } = await page("/admin/analytics?period=30d&print=1");
    expect(response.status).toBe(200);
    expect(html).toContain("SwiftParcel analytics report: last 30 days");
    expect(html).toContain("Print / Save PDF");
    expect(html).toMatch(/<details open=""/);
  });
});

describe("rating a delivery", () => {
  it("offers the form on the owner's tracking page once delivered, and nothing before", async () => {
    const created = await newCustomerShipment();
    expect(await (await page(`/track/${created.trackingId}`, customerCookie)).html).not.toContain("Rate this delivery");
    expect((await get(`/track/${created.trackingId}/rate`, { Cookie: customerCookie })).status).toBe(302);
    await deliver(created.id);
    const owner = await page(`/track/${created.trackingId}`, customerCookie);
    expect(owner.html).toContain("Rate this delivery");
    expect(owner.html).toContain("<legend class=\"label\">Your rating</legend>");
    expect(owner.html).toContain(`action="/track/${created.trackingId}/rate"`);
    const stranger = await page(`/track/${created.trackingId}`, "");
    expect(stranger.html).toContain("received a rating link by e-mail");
    expect(stranger.html).not.toContain("Your rating");
  });

  it("lists every field error at once and writes nothing", async () => {
    const created = await newCustomerShipment();
    await deliver(created.id);
    const response = await post(`/track/${created.trackingId}/rate`, { score: "9", comment: "x".repeat(1_001) }, { Cookie: customerCookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please choose a rating from 1 to 5");
    expect(html).toContain("Comment must be at most 1,000 characters");
    expect(await db.select().from(shipmentRatings).where(eq(shipmentRatings.shipmentId, created.id))).toEqual([]);
  });

  it("takes one rating through the mailed link, refuses strangers and a second rating", async () => {
    const created = await newCustomerShipment();
    await deliver(created.id);
    const stranger = await post(`/track/${created.trackingId}/rate`, { score: "1" });
    expect(stranger.status).toBe(403);
    const forged = await post(`/track/${created.trackingId}/rate`, { score: "1", token: "forged" });
    expect(forged.status).toBe(403);

    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, SAMPLE_RECIPIENT.recipientEmail));
    const link = mails.map((mail) => /https?:\/\/\S+\/rate\?token=\S+/.exec(mail.body)?.[0]).find((found) => found?.includes(created.trackingId));
    expect(link).toBeDefined();
    const { pathname, search } = new URL(link!);
    const invited = await page(`${pathname}${search}`, "");
    expect(invited.html).toContain("Your rating");
    const token = new URL(link!).searchParams.get("token")!;
    const first = await post(pathname, { score: "5", token });
    expect(first.status).toBe(302);
    const second = await post(pathname, { score: "1" }, { Cookie: customerCookie });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("This delivery has already been rated.");
    const rows = await db.select().from(shipmentRatings).where(eq(shipmentRatings.shipmentId, created.id));
    expect(rows.map((row) => [row.score, row.source])).toEqual([[5, "mail_link"]]);
    // The recipient's rating shows as given, its score only to the owner.
    expect((await page(`/track/${created.trackingId}`, "")).html).toContain("This delivery has been rated.");
    expect((await page(`/track/${created.trackingId}`, customerCookie)).html).toContain("5 / 5");
  });

  it("answers 404 for an unknown shipment", async () => {
    expect((await get("/track/ZZZ000000AAAAAA/rate")).status).toBe(404);
    expect((await post("/track/ZZZ000000AAAAAA/rate", { score: "3" }, { Cookie: customerCookie })).status).toBe(404);
  });
});

