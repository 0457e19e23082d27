// What a failing page shows: the 404 design for a missing record, the refusal's message for
// other 4xx answers, and 'Something went wrong' for a crash, each inside the page's layout.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, shipments } from "../../drizzle/schema";
import { SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { db, seedDemoData, signedInCookie } from "./fixtures";
import { get, post } from "./requests";

let seed: SeedData;
let admin: string;
let customer: string;

beforeAll(async () => {
  seed = await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

/**
 * The page's body as a reader sees it: no scripts (the tests' build runs in development mode,
 * where Remix puts the error's text and stack into its data script; a production build
 * sanitizes them), and without the markers React puts between adjacent text pieces.
 */
async function page(response: Response): Promise<string> {
  const html = await response.text();
  return html
    .slice(html.indexOf("<body"))
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replaceAll("<!-- -->", "");
}

function expectSiteFrame(html: string) {
  expect(html).toContain('aria-label="Main"');
  expect(html).toContain("24/7 Customer Support");
}

function expectAdminFrame(html: string) {
  expect(html).toContain("SwiftParcel Admin");
  expect(html).toContain('aria-label="Admin"');
  expect(html).toContain("Alex Morgan");
}

function expectNotFoundDesign(html: string) {
  expect(html).toContain("Page Not Found");
  for (const link of ['href="/"', 'href="/track"', 'href="/login"', 'href="/register"']) expect(html).toContain(link);
  for (const label of ["Go Home", "Track Package", "Login", "Create Account"]) expect(html).toContain(label);
}

describe("a missing record", () => {
  it("answers 404 with the 404 design and what is missing, inside the site layout", async () => {
    const response = await get("/invoices/no-such-invoice", { Cookie: customer });
    expect(response.status).toBe(404);
    const html = await page(response);
    expectSiteFrame(html);
    expectNotFoundDesign(html);
    expect(html).toContain("Invoice not found");
  });

  it("answers 404 inside the admin layout, keeping the sidebar and header", async () => {
    for (const [path, message] of [
      ["/admin/mailbox/no-such-mail", "Mail not found"],
      ["/admin/shipments/no-such-shipment/status", "Shipment not found"],
      ["/admin/shipments/no-such-shipment/location", "Shipment not found"],
      ["/admin/shipments/no-such-shipment/delete", "Shipment not found"],
    ] as const) {
      const response = await get(path, { Cookie: admin });
      expect(response.status, path).toBe(404);
      const html = await page(response);
      expectAdminFrame(html);
      expectNotFoundDesign(html);
      expect(html, path).toContain(message);
    }
  });

  it("answers a missing receipt with 'Unable to load receipt.' and the 404 design", async () => {
    for (const path of ["/receipt/no-such-shipment", "/receipt/no-such-shipment/label"]) {
      const response = await get(path, { Cookie: admin });
      expect(response.status, path).toBe(404);
      const html = await page(response);
      expectNotFoundDesign(html);
      expect(html).toContain("Unable to load receipt.");
    }
  });
});

describe("Go Back without JavaScript", () => {
  const goBack = (html: string) => /<a[^>]*href="([^"]*)"[^>]*>Go Back<\/a>/.exec(html)?.[1] ?? null;

  it("leads to the page of this site that linked to a missing record or page", async () => {
    for (const path of ["/invoices/no-such-invoice", "/no-such-page"]) {
      const html = await page(await get(path, { Cookie: customer, Referer: "https://parcel.test/profile?tab=security" }));
      expect(goBack(html), path).toBe("/profile?tab=security");
    }
    // A refusal other than 404 too.
    const refused = await page(await post("/faq", { question: "anything" }, { Referer: "https://parcel.test/pricing" }));
    expect(goBack(refused)).toBe("/pricing");
  });

  it("is no link for another site's referrer, or none (JavaScript then offers the browser's history)", async () => {
    for (const headers of [{ Referer: "https://evil.test/profile" }, {}] as Record<string, string>[]) {
      const html = await page(await get("/no-such-page", headers));
      expect(goBack(html)).toBeNull();
      expect(html).not.toContain("evil.test");
    }
  });
});

describe("a page that crashes", () => {
  const brokenCurrency = "NOT-A-CURRENCY";

  it("answers 500 with 'Something went wrong' inside the site layout, and no details", async () => {
    // An invoice whose stored currency is no currency code: formatting its amounts throws.
    const invoice = seed.invoices.find((row) => row.userId === SEED_USER_IDS.customer)!;
    await db.update(invoices).set({ currency: brokenCurrency }).where(eq(invoices.id, invoice.id));
    const response = await get(`/invoices/${invoice.id}`, { Cookie: customer });
    expect(response.status).toBe(500);
    const html = await page(response);
    expectSiteFrame(html);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("We&#x27;re sorry, but something unexpected happened. Please try refreshing the page.");
    expect(html).toMatch(new RegExp(`<a[^>]*href="/invoices/${invoice.id}"[^>]*>Refresh Page</a>`));
    expect(html).not.toContain(brokenCurrency);
    expect(html).not.toContain("RangeError");
    expect(html).not.toContain(invoice.number);
    // The security headers come with it.
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src");
  });

  it("answers 500 with 'Something went wrong' inside the admin layout", async () => {
    const shipment = seed.shipments.find((row) => row.userId === SEED_USER_IDS.other)!;
    await db.update(shipments).set({ currency: brokenCurrency }).where(eq(shipments.id, shipment.id));
    const response = await get(`/admin/shipments/${shipment.id}/edit`, { Cookie: admin });
    expect(response.status).toBe(500);
    const html = await page(response);
    expectAdminFrame(html);
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain(brokenCurrency);
  });

  it("answers 500 with 'Something went wrong' on a page outside the layouts", async () => {
    const shipment = seed.shipments.find((row) => row.userId === SEED_USER_IDS.customer)!;
    await db.update(shipments).set({ currency: brokenCurrency }).where(eq(shipments.id, shipment.id));
    const response = await get(`/receipt/${shipment.id}`, { Cookie: admin });
    expect(response.status).toBe(500);
    const html = await page(response);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Refresh Page");
    expect(html).not.toContain(brokenCurrency);
    expect(html).not.toContain(shipment.trackingId);
  });
});

describe("another refusal", () => {
  it("shows its message and status inside the layout, never Remix's internal text", async () => {
    // /faq has no action: Remix refuses the POST with 405.
    const response = await post("/faq", { question: "anything" });
    expect(response.status).toBe(405);
    const html = await page(response);
    expectSiteFrame(html);
    expect(html).toContain("Method Not Allowed");
    expect(html).not.toContain("did not provide an");
  });
});
