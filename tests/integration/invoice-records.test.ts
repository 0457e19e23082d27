// Invoices are records: deleting a shipment never deletes its invoice (it stays listed, counted
// and readable, with the shipment as it was), and the issuer (company name, address, phone, tax
// number) is stored on the invoice when it is issued. The failing examples: a deleted
// shipment's invoice vanished and the totals changed; an invoice issued before a change of
// company name or phone showed the new ones.
import { SELF } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, settings, shipments } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { formatMoney } from "~/domain/format";
import { db, seedDemoData, signedInCookie } from "./fixtures";
import { BASE, getAs as get, pageText, postAs as post } from "./requests";

let admin: string;
let customer: string;

beforeAll(async () => {
  await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

const invoiceTotals = async () => {
  const page = await pageText(await get("/admin/invoices", admin));
  return {
    count: /Showing 1 to \d+ of (\d+) results/.exec(page)?.[1],
    usd: /USD: \d+ invoices?/.exec(page)?.[0],
    unpaid: /Unpaid \$[\d,.]+/.exec(page)?.[0],
    paid: /Paid \$[\d,.]+/.exec(page)?.[0],
  };
};

describe("deleting a shipment", () => {
  it("keeps its invoice: listed, counted, in the export, and readable by its owner and admins with the shipment as it was", async () => {
    // The demo customer's unpaid invoice.
    const invoice = (await db.select().from(invoices).where(eq(invoices.userId, SEED_USER_IDS.customer))).find((row) => row.status === "unpaid")!;
    const shipment = (await db.select().from(shipments).where(eq(shipments.id, invoice.shipmentId!)).get())!;
    const before = await invoiceTotals();
    const beforeRows = await db.$count(invoices);

    const response = await post(`/admin/shipments/${shipment.id}/delete`, { redirectTo: "/admin/shipments" }, admin);
    expect(response.status).toBe(302);
    expect(await db.select().from(shipments).where(eq(shipments.id, shipment.id)).get()).toBeUndefined();

    const kept = (await db.select().from(invoices).where(eq(invoices.id, invoice.id)).get())!;
    expect(kept).toMatchObject({ number: invoice.number, status: "unpaid", total: invoice.total, shipmentId: null });
    expect(JSON.parse(kept.shipmentSnapshot!)).toMatchObject({ trackingId: shipment.trackingId, billTo: { name: shipment.senderName } });
    expect(await db.$count(invoices)).toBe(beforeRows);
    expect(await invoiceTotals()).toEqual(before);

    const listed = await pageText(await get(`/admin/invoices?search=${shipment.trackingId}`, admin));
    expect(listed).toContain(invoice.number);
    expect(listed).toContain("(shipment deleted)");
    expect(listed).toContain(shipment.senderName);
    const csv = await (await get("/admin/invoices.csv", admin)).text();
    expect(csv).toContain(`${invoice.number},${shipment.trackingId},${shipment.senderName}`);

    for (const cookie of [admin, customer]) {
      const page = await get(`/invoices/${invoice.id}`, cookie);
      expect(page.status).toBe(200);
      const html = await pageText(page);
      expect(html).toContain(`${shipment.trackingId} (shipment deleted)`);
      expect(html).toContain(shipment.senderName);
      expect(html).toContain(formatMoney(invoice.total, invoice.currency));
    }
    // Still nobody else's.
    expect((await get(`/invoices/${invoice.id}`, await signedInCookie(SEED_USER_IDS.other))).status).toBe(404);
  });

  it("keeps the invoices of a bulk delete too", async () => {
    const rows = await db.select({ id: shipments.id }).from(shipments).limit(2);
    const ids = rows.map((row) => row.id);
    const before = await db.$count(invoices);
    const body = new URLSearchParams([...ids.map((id) => ["ids", id]), ["redirectTo", "/admin/shipments"]]);
    const response = await SELF.fetch(`${BASE}/admin/shipments/bulk-delete`, {
      method: "POST",
      redirect: "manual",
      body,
      headers: { Cookie: admin, Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(await db.$count(shipments, inArray(shipments.id, ids))).toBe(0);
    expect(await db.$count(invoices)).toBe(before);
  });
});

describe("the issuer", () => {
  it("is stored on the invoice when it is issued: a later change of company name, address or phone leaves it as it was", async () => {
    await db.update(settings).set({ companyName: "Old Parcel Co", supportPhone: "+1 555 0100", supportAddress: "1 Old Road", taxNumber: "OLD-123" }).where(eq(settings.id, 1));
    const created = await post("/admin/shipments/new", { ...(await import("../admin-shipment-sample")).VALID_ADMIN_FORM, intent: "save" }, admin);
    expect(created.status).toBe(302);
    const shipmentId = created.headers.get("Location")!.split("/").at(-1)!;
    const invoice = (await db.select().from(invoices).where(eq(invoices.shipmentId, shipmentId)).get())!;
    expect(invoice).toMatchObject({ issuerName: "Old Parcel Co", issuerPhone: "+1 555 0100", issuerAddress: "1 Old Road", issuerTaxNumber: "OLD-123" });

    await db.update(settings).set({ companyName: "New Parcel Co", supportPhone: "+1 555 0199", supportAddress: "2 New Street", taxNumber: "NEW-456" }).where(eq(settings.id, 1));
    const html = await pageText(await get(`/invoices/${invoice.id}`, admin));
    expect(html).toContain("Old Parcel Co");
    expect(html).toContain("+1 555 0100");
    expect(html).toContain("1 Old Road");
    expect(html).toContain("Tax number: OLD-123");
    expect(html).not.toContain("2 New Street");
    expect(html).not.toContain("NEW-456");
  });

  it("takes its tax number from the settings form", async () => {
    const form = await pageText(await get("/admin/settings", admin));
    expect(form).toContain("Tax number (optional)");
  });
});
