// One price everywhere: every screen that shows what a shipment costs shows its invoice's
// total and says whether tax is in it, with a taxed (20 %) and an untaxed setting. The failing
// example: at 20 % every screen said €26.40 and the invoice charged €31.68.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { invoices, settings, shipments } from "../../drizzle/schema";
import { SAMPLE_PACKAGE_STEP, SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { formatMoney } from "~/domain/format";
import { createUser, db, signedInCookie } from "./fixtures";
import { BASE, getAs, pageText } from "./requests";

const PAGE = "/dashboard/create-shipment";

function post(step: number, intent: string, fields: Record<string, string>, cookie: string) {
  return SELF.fetch(`${BASE}${PAGE}?step=${step}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: String(step), intent, ...fields }),
  });
}

const setTaxRate = (taxRateBasisPoints: number) => db.update(settings).set({ taxRateBasisPoints }).where(eq(settings.id, 1));

afterAll(async () => {
  await setTaxRate(0);
});

describe.each([
  { setting: "a 20% tax rate", taxRateBasisPoints: 2000, note: "incl. 20% tax" },
  { setting: "no tax", taxRateBasisPoints: 0, note: "no tax" },
])("with $setting", ({ taxRateBasisPoints, note }) => {
  it("shows the invoice's total, saying whether tax is in it, on every screen: the accepted estimate equals the invoice", async () => {
    await setTaxRate(taxRateBasisPoints);
    const customer = await createUser({ firstName: "Tess", lastName: "Tax" });
    const cookie = await signedInCookie(customer.id);
    const admin = await signedInCookie((await createUser({ role: "admin" })).id);

    expect((await post(1, "next", SAMPLE_SENDER, cookie)).status).toBe(302);
    expect((await post(2, "next", SAMPLE_RECIPIENT, cookie)).status).toBe(302);
    expect((await post(3, "next", { ...SAMPLE_PACKAGE_STEP, currency: "EUR" }, cookie)).status).toBe(302);
    const estimate = await pageText(await getAs(`${PAGE}?step=4`, cookie));

    const created = await post(4, "create", {}, cookie);
    expect(created.status).toBe(302);
    const trackingId = created.headers.get("Location")!.slice("/track/".length);
    const shipment = (await db.select().from(shipments).where(eq(shipments.trackingId, trackingId)).get())!;
    const invoice = (await db.select().from(invoices).where(eq(invoices.shipmentId, shipment.id)).get())!;
    expect(invoice.taxRateBasisPoints).toBe(taxRateBasisPoints);
    expect(shipment.taxRateBasisPoints).toBe(taxRateBasisPoints);
    expect(invoice.total).toBe(invoice.subtotal + Math.round((invoice.subtotal * taxRateBasisPoints) / 10_000));
    const total = formatMoney(invoice.total, "EUR");
    const beforeTax = formatMoney(invoice.subtotal, "EUR");
    if (taxRateBasisPoints > 0) expect(total).not.toBe(beforeTax);

    const screens = {
      estimate,
      tracking: await pageText(await getAs(`/track/${trackingId}`, cookie)),
      dashboard: await pageText(await getAs("/dashboard", cookie)),
      adminList: await pageText(await getAs(`/admin/shipments?search=${trackingId}`, admin)),
      receipt: await pageText(await getAs(`/receipt/${shipment.id}`, admin)),
      invoice: await pageText(await getAs(`/invoices/${invoice.id}`, cookie)),
    };
    for (const [screen, html] of Object.entries(screens)) {
      expect(html, screen).toContain(total);
    }
    // The lists show the total and what it includes; none shows the price before tax as the total.
    for (const screen of ["estimate", "tracking", "dashboard", "adminList", "receipt"] as const) {
      expect(screens[screen], screen).toContain(`(${note})`);
    }
    if (taxRateBasisPoints > 0) {
      for (const screen of ["tracking", "dashboard", "adminList"] as const) expect(screens[screen], screen).not.toContain(beforeTax);
      expect(screens.tracking).toMatch(new RegExp(`Shipping cost</dt><dd[^>]*>${total.replace(".", "\\.")} \\(incl\\. 20% tax\\)`));
    }
  });

  it("prices a Same Day, fragile, signed-for parcel once: its lines on the estimate are the invoice's, and so is the total", async () => {
    await setTaxRate(taxRateBasisPoints);
    const customer = await createUser({ firstName: "Sam", lastName: "Sameday" });
    const cookie = await signedInCookie(customer.id);
    const acrossTown = { ...SAMPLE_RECIPIENT, recipientAddress: "500 Howard St", recipientCity: "San Francisco", recipientCountry: "US", recipientPhone: "415 555-0199", recipientPostalCode: "94105" };
    expect((await post(1, "next", SAMPLE_SENDER, cookie)).status).toBe(302);
    expect((await post(2, "next", acrossTown, cookie)).status).toBe(302);
    const options = { ...SAMPLE_PACKAGE_STEP, serviceType: "same_day", deliveryOption: "standard", signatureRequired: "on", fragile: "on" };
    expect((await post(3, "next", options, cookie)).headers.get("Location")).toBe(`${PAGE}?step=4`);
    const estimate = await pageText(await getAs(`${PAGE}?step=4`, cookie));

    const created = await post(4, "create", {}, cookie);
    const trackingId = created.headers.get("Location")!.slice("/track/".length);
    const shipment = (await db.select().from(shipments).where(eq(shipments.trackingId, trackingId)).get())!;
    const invoice = (await db.select().from(invoices).where(eq(invoices.shipmentId, shipment.id)).get())!;
    expect(shipment).toMatchObject({ serviceType: "same_day", fragile: true, signatureRequired: true });
    const lines = JSON.parse(invoice.lineItems) as { label: string; amount: number }[];
    expect(lines.map((line) => line.label)).toEqual(["Base rate", "Weight (2 kg)", "Signature confirmation", "Fragile handling", "Insurance (1% of declared value)"]);
    // The estimate's table as read: each line, then the total and what it includes.
    const table = estimate.slice(estimate.indexOf("Cost breakdown in"), estimate.indexOf("kg in all")).replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
    for (const line of lines) expect(table, line.label).toContain(`|${line.label}|${formatMoney(line.amount, "USD")}|`);
    expect(table).toContain(`|Total|${formatMoney(invoice.total, "USD")} |(${note})|`);
    const invoicePage = await pageText(await getAs(`/invoices/${invoice.id}`, cookie));
    expect(invoicePage).toContain(formatMoney(invoice.total, "USD"));
  });
});
