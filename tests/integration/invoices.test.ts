import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, outbox, settings } from "../../drizzle/schema";
import { SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { SYSTEM_ACTOR } from "~/.server/events";
import { createShipment } from "~/features/shipments/shipments.server";
import { quote } from "~/features/pricing/pricing";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";

const BASE = "https://parcel.test";

let seed: SeedData;

beforeAll(async () => {
  seed = await seedDemoData();
});

function get(path: string, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

const demoInvoice = () => seed.invoices.find((invoice) => invoice.userId === SEED_USER_IDS.customer && invoice.status === "unpaid")!;

describe("the invoice page", () => {
  it("shows its owner the invoice with its lines, tax and total, ready to print", async () => {
    const invoice = demoInvoice();
    const shipment = seed.shipments.find((row) => row.id === invoice.shipmentId)!;
    const response = await get(`/invoices/${invoice.id}`, await signedInCookie(SEED_USER_IDS.customer));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(invoice.number);
    expect(html).toContain(shipment.trackingId);
    expect(html).toContain("Unpaid");
    expect(html).toContain("Base rate");
    expect(html).toContain("Tax (0%)");
    expect(html).toContain("Print / Save PDF");
    expect(html).toContain("Jordan Lee");
  });

  it("opens for admins", async () => {
    const response = await get(`/invoices/${demoInvoice().id}`, await signedInCookie(SEED_USER_IDS.admin));
    expect(response.status).toBe(200);
  });

  it("is not found for anyone else, as if it did not exist", async () => {
    const stranger = await createUser();
    const other = await get(`/invoices/${demoInvoice().id}`, await signedInCookie(stranger.id));
    expect(other.status).toBe(404);
    const lena = await get(`/invoices/${demoInvoice().id}`, await signedInCookie(SEED_USER_IDS.other));
    expect(lena.status).toBe(404);
    expect(await lena.text()).not.toContain(demoInvoice().number);
    // An invoice of a shipment without an owner is for admins only.
    const unowned = seed.invoices.find((invoice) => invoice.userId === null)!;
    expect((await get(`/invoices/${unowned.id}`, await signedInCookie(SEED_USER_IDS.customer))).status).toBe(404);
    expect((await get("/invoices/no-such-invoice", await signedInCookie(SEED_USER_IDS.customer))).status).toBe(404);
  });

  it("asks visitors to sign in", async () => {
    const response = await get(`/invoices/${demoInvoice().id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows a delivered parcel's invoice as paid", async () => {
    const paid = seed.invoices.find((invoice) => invoice.userId === SEED_USER_IDS.customer && invoice.status === "paid")!;
    const html = await (await get(`/invoices/${paid.id}`, await signedInCookie(SEED_USER_IDS.customer))).text();
    expect(html).toContain(">Paid<");
  });
});

describe("createShipment's invoice", () => {
  const base = {
    senderName: "Sam Sender",
    senderCity: "Paris",
    senderCountry: "FR",
    recipientName: "Rita Recipient",
    recipientCity: "Madrid",
    recipientCountry: "ES",
    currency: "EUR",
  };
  const options = { actor: SYSTEM_ACTOR };

  it("bills the quote's lines, taxed at the settings' rate", async () => {
    await db.update(settings).set({ taxRateBasisPoints: 2000 }).where(eq(settings.id, 1));
    const priced = quote({ serviceType: "express", packageType: "box", weightKg: 3, fromCountry: "FR", toCountry: "ES", rate: { currency: "EUR", rate: 0.87, setAt: Date.UTC(2026, 10, 20) }, deliveryOption: "evening", insurance: false, declaredValue: 0, signatureRequired: false, fragile: false });
    const created = await createShipment(serviceContext(), { ...options, shipment: { ...base, cost: priced.total, costBreakdown: JSON.stringify(priced) } });
    const invoice = (await db.select().from(invoices).where(eq(invoices.id, created.invoiceId)).get())!;
    expect(invoice).toMatchObject({ number: `INV-${created.trackingId}`, userId: null, subtotal: priced.total, taxRateBasisPoints: 2000, tax: Math.round(priced.total * 0.2), status: "unpaid" });
    expect(invoice.total).toBe(invoice.subtotal + invoice.tax);
    expect(JSON.parse(invoice.lineItems)).toEqual(priced.lines.map(({ label, amount }) => ({ label, amount })));
    // The invoice keeps its currency and the rate the price was converted at.
    expect(invoice).toMatchObject({ currency: "EUR", baseCurrency: "USD", exchangeRate: 0.87, exchangeRateSetAt: Date.UTC(2026, 10, 20) });
    await db.update(settings).set({ taxRateBasisPoints: 0 }).where(eq(settings.id, 1));
  });

  it("bills one line for a cost set by hand, and sends no confirmation without both e-mails", async () => {
    const before = await db.$count(outbox);
    const created = await createShipment(serviceContext(), { ...options, shipment: { ...base, senderEmail: "sam@example.com", cost: 4200 } });
    const invoice = (await db.select().from(invoices).where(eq(invoices.id, created.invoiceId)).get())!;
    expect(JSON.parse(invoice.lineItems)).toEqual([{ label: "Shipping charge", amount: 4200 }]);
    expect(invoice.total).toBe(4200);
    expect(await db.$count(outbox)).toBe(before);
  });
});
