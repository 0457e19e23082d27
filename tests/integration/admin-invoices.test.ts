import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, invoices, shipments } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { VALID_ADMIN_FORM } from "../admin-shipment-sample";
import { db, seedDemoData, signedInCookie } from "./fixtures";
import { followRedirect as follow, getAs as get, pageText as html, postAs as post } from "./requests";

let admin: string;
let customer: string;

beforeAll(async () => {
  await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

function invoiceOf(shipmentId: string | null) {
  return db.select().from(invoices).where(eq(invoices.shipmentId, shipmentId!)).get();
}

/** A new shipment through the admin form; its id and invoice. */
async function newShipment(fields: Record<string, string> = {}) {
  const response = await post("/admin/shipments/new", { ...VALID_ADMIN_FORM, intent: "save", ...fields }, admin);
  expect(response.status).toBe(302);
  const id = response.headers.get("Location")!.split("/").at(-1)!;
  return { id, invoice: (await invoiceOf(id))!, shipment: (await db.select().from(shipments).where(eq(shipments.id, id)).get())! };
}

describe("invoices: guards", () => {
  it("refuses visitors and customers the list, the export and the status change, also through .data, changing nothing", async () => {
    const { invoice } = await newShipment();
    for (const cookie of [undefined, customer]) {
      for (const path of ["/admin/invoices", "/admin/invoices.csv", `/admin/invoices/${invoice.id}/status`]) {
        const page = await get(path, cookie);
        expect(page.status, path).toBe(302);
        expect(page.headers.get("Location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      expect(await (await get("/admin/invoices.data", cookie)).text()).not.toContain(invoice.number);
      for (const path of [`/admin/invoices/${invoice.id}/status`, `/admin/invoices/${invoice.id}/status.data`]) {
        const response = await post(path, { status: "paid" }, cookie);
        expect(response.status, path).not.toBe(200);
        expect(response.headers.get("Location") ?? (await response.text()), path).toContain("/admin/login");
      }
    }
    expect(await invoiceOf(invoice.shipmentId)).toEqual(invoice);
  });
});

describe("invoices: list", () => {
  it("lists every invoice newest first with totals per currency, 10 a page", async () => {
    const page = await html(await get("/admin/invoices", admin));
    expect(page).toContain("Invoices");
    const all = await db.select().from(invoices);
    expect(page).toMatch(new RegExp(`Showing 1 to 10 of ${all.length} results`));
    const usd = all.filter((invoice) => invoice.currency === "USD");
    expect(page).toContain(`USD: ${usd.length} invoices`);
    const unpaidUsd = usd.filter((invoice) => invoice.status === "unpaid").reduce((sum, invoice) => sum + invoice.total, 0);
    expect(page).toContain(`Unpaid ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(unpaidUsd / 100)}`);
  });

  it("finds an invoice by number, tracking ID or customer, by status and by issue date", async () => {
    const { invoice, shipment } = await newShipment({ senderName: "Quentin Findme" });
    for (const search of [invoice.number.slice(0, 12), shipment.trackingId.slice(0, 9), "Quentin Find", "ada@example"]) {
      expect(await html(await get(`/admin/invoices?search=${encodeURIComponent(search)}`, admin)), search).toContain(invoice.number);
    }
    expect(await html(await get(`/admin/invoices?search=${invoice.number}&status=paid`, admin))).toContain("No invoices found");
    expect(await html(await get(`/admin/invoices?search=${invoice.number}&status=unpaid`, admin))).toContain(invoice.number);
    const today = new Date(invoice.issuedAt).toISOString().slice(0, 10);
    expect(await html(await get(`/admin/invoices?search=${invoice.number}&dateFrom=${today}&dateTo=${today}`, admin))).toContain(invoice.number);
    expect(await html(await get(`/admin/invoices?search=${invoice.number}&dateTo=2001-01-01`, admin))).toContain("No invoices found");
    // A range given end first is swapped, and the page says so.
    const swapped = await html(await get(`/admin/invoices?search=${invoice.number}&dateFrom=${today}&dateTo=2001-01-01`, admin));
    expect(swapped).toContain("The start date was after the end date, so the two were swapped.");
    expect(swapped).toContain(invoice.number);
  });
});

describe("invoices: status", () => {
  it("marks an invoice paid with who and when, refuses to void it while paid, and marks it unpaid again", async () => {
    const { invoice } = await newShipment();
    const paid = await post(`/admin/invoices/${invoice.id}/status`, { status: "paid", redirectTo: "/admin/invoices?status=paid" }, admin);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe("/admin/invoices?status=paid");
    const page = await follow(paid, admin);
    expect(page).toContain("Invoice marked as paid");
    expect(page).toMatch(new RegExp(`${invoice.number}[\\s\\S]*Paid[\\s\\S]*by Alex Morgan`));
    const stored = (await invoiceOf(invoice.shipmentId))!;
    expect(stored).toMatchObject({ status: "paid", statusChangedBy: SEED_USER_IDS.admin, statusChangedByName: "Alex Morgan" });
    expect(stored.paidAt).toBe(stored.statusChangedAt);

    const again = await post(`/admin/invoices/${invoice.id}/status`, { status: "paid" }, admin);
    expect(await follow(again, admin)).toContain("The invoice is already paid");
    const voided = await post(`/admin/invoices/${invoice.id}/status`, { status: "void" }, admin);
    expect(await follow(voided, admin)).toContain("A paid invoice cannot be voided: mark it unpaid first.");
    expect((await invoiceOf(invoice.shipmentId))?.status).toBe("paid");

    await post(`/admin/invoices/${invoice.id}/status`, { status: "unpaid" }, admin);
    expect(await invoiceOf(invoice.shipmentId)).toMatchObject({ status: "unpaid", paidAt: null });
    const voidNow = await post(`/admin/invoices/${invoice.id}/status`, { status: "void" }, admin);
    expect(await follow(voidNow, admin)).toContain("Invoice voided");
    const printable = await html(await get(`/invoices/${invoice.id}`, admin));
    expect(printable).toContain("Void: nothing to pay");

    const trail = await db.select().from(events).where(and(eq(events.entityType, "invoice"), eq(events.entityId, invoice.id)));
    expect(trail.map((event) => JSON.parse(event.data))).toEqual([
      { number: invoice.number, from: "unpaid", to: "paid" },
      { number: invoice.number, from: "paid", to: "unpaid" },
      { number: invoice.number, from: "unpaid", to: "void" },
    ]);
  });

  it("refuses a status not in the list, and an unknown invoice, with a message", async () => {
    const { invoice } = await newShipment();
    const bad = await post(`/admin/invoices/${invoice.id}/status`, { status: "refunded" }, admin);
    expect(await follow(bad, admin)).toContain("Please choose a status from the list");
    const unknown = await post("/admin/invoices/nope/status", { status: "paid" }, admin);
    expect(await follow(unknown, admin)).toContain("Invoice not found");
    expect((await invoiceOf(invoice.shipmentId))?.status).toBe("unpaid");
  });
});

describe("invoices: CSV export", () => {
  it("exports the filtered list as an attachment, quoted, formulas defused, amounts in major units", async () => {
    const { invoice } = await newShipment({ senderName: 'Lee, "The Shipper"' });
    const formula = await newShipment({ senderName: "=HYPERLINK(1)" });
    await post(`/admin/invoices/${invoice.id}/status`, { status: "paid" }, admin);
    const response = await get(`/admin/invoices.csv?status=paid&search=${encodeURIComponent("Lee, ")}`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark first, as every CSV the app writes (app/.server/csv-file.ts).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Invoice number,Tracking ID,Customer,Customer e-mail,Issued (UTC),Status,Status changed (UTC),Status changed by,Currency,Subtotal,Tax,Total");
    expect(lines).toHaveLength(2);
    const stored = (await invoiceOf(invoice.shipmentId))!;
    const shipment = (await db.select().from(shipments).where(eq(shipments.id, invoice.shipmentId!)).get())!;
    expect(lines[1]).toBe(
      [
        stored.number,
        shipment.trackingId,
        '"Lee, ""The Shipper"""',
        "ada@example.com",
        new Date(stored.issuedAt).toISOString(),
        "Paid",
        new Date(stored.statusChangedAt!).toISOString(),
        "Alex Morgan",
        "USD",
        (stored.subtotal / 100).toFixed(2),
        (stored.tax / 100).toFixed(2),
        (stored.total / 100).toFixed(2),
      ].join(","),
    );
    const formulaCsv = await (await get(`/admin/invoices.csv?search=${formula.invoice.number}`, admin)).text();
    expect(formulaCsv).toContain(",'=HYPERLINK(1),");
  });
});

describe("invoices follow their shipment's price", () => {
  async function editPrice(id: string, basePrice: string) {
    const shipment = (await db.select().from(shipments).where(eq(shipments.id, id)).get())!;
    return post(`/admin/shipments/${id}/edit`, { ...VALID_ADMIN_FORM, intent: "save", basePrice, version: String(shipment.version) }, admin);
  }

  it("rewrites an unpaid invoice with an audit entry when an admin changes the price", async () => {
    const { id, invoice } = await newShipment();
    const response = await editPrice(id, "99.00");
    expect(response.status).toBe(302);
    const after = (await invoiceOf(id))!;
    const shipment = (await db.select().from(shipments).where(eq(shipments.id, id)).get())!;
    expect(after.subtotal).toBe(shipment.cost);
    expect(after.total).toBe(shipment.cost + after.tax);
    expect(after.total).not.toBe(invoice.total);
    const [updated] = await db.select().from(events).where(and(eq(events.type, "invoice.updated"), eq(events.entityId, invoice.id)));
    expect(JSON.parse(updated!.data).changes.total).toEqual({ from: invoice.total, to: after.total });
  });

  it("never rewrites a paid invoice: the price change is refused with a message and nothing changes", async () => {
    const { id, invoice } = await newShipment();
    await post(`/admin/invoices/${invoice.id}/status`, { status: "paid" }, admin);
    const before = (await db.select().from(shipments).where(eq(shipments.id, id)).get())!;
    const response = await editPrice(id, "99.00");
    expect(response.status).toBe(409);
    expect(await html(response)).toContain("This shipment's invoice is paid, and a paid invoice is never rewritten: the price cannot change.");
    expect(await db.select().from(shipments).where(eq(shipments.id, id)).get()).toEqual(before);
    expect((await invoiceOf(id))?.total).toBe(invoice.total);
    // Other edits still go through while the price stays.
    const rename = await post(`/admin/shipments/${id}/edit`, { ...VALID_ADMIN_FORM, intent: "save", recipientName: "New Name", version: String(before.version) }, admin);
    expect(rename.status).toBe(302);
    expect((await invoiceOf(id))?.total).toBe(invoice.total);
  });
});
