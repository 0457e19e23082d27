// Invoices: the printable invoice page and the invoice createShipment issues, the admins' list,
// status changes and export, and invoices as records that outlive their shipment and keep their
// issuer. The demo data is seeded once for the whole file; the part that deletes shipments and
// changes the company's details runs last.
import { SELF } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, invoices, outbox, settings, shipments } from "../../drizzle/schema";
import { SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { SYSTEM_ACTOR } from "~/.server/events";
import { formatMoney } from "~/domain/format";
import { createShipment } from "~/features/shipments/shipments.server";
import { quote } from "~/features/pricing/pricing";
import { VALID_ADMIN_FORM } from "../admin-shipment-sample";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { BASE, followRedirect as follow, get as getWith, getAs as get, pageText, postAs as post } from "./requests";

let seed: SeedData;
let admin: string;
let customer: string;

beforeAll(async () => {
  seed = await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

describe("the invoice page and the invoice a shipment is issued", () => {
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

    it("reads in French under Accept-Language: fr: words, money and the lines of the quote", async () => {
      const invoice = demoInvoice();
      const response = await getWith(`/invoices/${invoice.id}`, { Cookie: customer, "Accept-Language": "fr-FR,fr;q=0.9" });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain(`Facture ${invoice.number}`);
      for (const text of ["Impayée", "Facturer à", "Numéro de suivi", "Tarif de base", "Payable à réception", "Sous-total"]) expect(html).toContain(text);
      expect(html).toContain(formatMoney(invoice.total, invoice.currency, "fr-FR"));
      expect(html).not.toContain("Base rate");
      expect(html).not.toContain("Bill to");
      // An export follows its reader's language too.
      const csv = await (await getWith("/admin/invoices.csv", { Cookie: admin, "Accept-Language": "fr" })).text();
      expect(csv.split("\r\n")[0]).toBe("\uFEFFNuméro de facture,Numéro de suivi,Client,E-mail du client,Émise (UTC),Statut,Changement de statut (UTC),Statut changé par,Devise,Sous-total,Taxes,Total");
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
});

describe("the admins' invoices", () => {
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
      const page = await pageText(await get("/admin/invoices", admin));
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
        expect(await pageText(await get(`/admin/invoices?search=${encodeURIComponent(search)}`, admin)), search).toContain(invoice.number);
      }
      expect(await pageText(await get(`/admin/invoices?search=${invoice.number}&status=paid`, admin))).toContain("No invoices found");
      expect(await pageText(await get(`/admin/invoices?search=${invoice.number}&status=unpaid`, admin))).toContain(invoice.number);
      const today = new Date(invoice.issuedAt).toISOString().slice(0, 10);
      expect(await pageText(await get(`/admin/invoices?search=${invoice.number}&dateFrom=${today}&dateTo=${today}`, admin))).toContain(invoice.number);
      expect(await pageText(await get(`/admin/invoices?search=${invoice.number}&dateTo=2001-01-01`, admin))).toContain("No invoices found");
      // A range given end first is swapped, and the page says so.
      const swapped = await pageText(await get(`/admin/invoices?search=${invoice.number}&dateFrom=${today}&dateTo=2001-01-01`, admin));
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
      const printable = await pageText(await get(`/invoices/${invoice.id}`, admin));
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
      expect(await pageText(response)).toContain("This shipment's invoice is paid, and a paid invoice is never rewritten: the price cannot change.");
      expect(await db.select().from(shipments).where(eq(shipments.id, id)).get()).toEqual(before);
      expect((await invoiceOf(id))?.total).toBe(invoice.total);
      // Other edits still go through while the price stays.
      const rename = await post(`/admin/shipments/${id}/edit`, { ...VALID_ADMIN_FORM, intent: "save", recipientName: "New Name", version: String(before.version) }, admin);
      expect(rename.status).toBe(302);
      expect((await invoiceOf(id))?.total).toBe(invoice.total);
    });
  });
});

// Invoices are records: deleting a shipment never deletes its invoice (it stays listed, counted
// and readable, with the shipment as it was), and the issuer (company name, address, phone, tax
// number) is stored on the invoice when it is issued. The failing examples: a deleted
// shipment's invoice vanished and the totals changed; an invoice issued before a change of
// company name or phone showed the new ones.
describe("invoices as records", () => {
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
});
