// Bulk import through the real worker: a customer's 1,000-row file previewed with its errors and
// created in one step, an admin's for the back office, and what neither may do.
import { SELF } from "cloudflare:test";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, invoices, outbox, shipmentImportRows, shipmentImports, shipmentPackages, shipments, trackingEvents } from "../../drizzle/schema";
import { IMPORT_COLUMNS } from "~/features/shipments/shipment-import";
import { BAD_ROWS, importCsv } from "../shipment-import-sample";
import { createUser, db, signedInCookie } from "./fixtures";
import { BASE, followRedirect, newClientAddress, pageText } from "./requests";

type Account = Awaited<ReturnType<typeof createUser>> & { cookie: string };

let customer: Account;
let admin: Account;

beforeAll(async () => {
  const user = await createUser({ firstName: "Imke", lastName: "Porter" });
  const staff = await createUser({ firstName: "Ada", lastName: "Admin", role: "admin" });
  customer = { ...user, cookie: await signedInCookie(user.id) };
  admin = { ...staff, cookie: await signedInCookie(staff.id) };
});

/** The upload form sent as a browser sends it: multipart, one file. */
export function upload(path: string, csv: string, cookie: string, name = "shipments.csv") {
  const form = new FormData();
  form.set("file", new File([csv], name, { type: "text/csv" }));
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Cookie: cookie, Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress() },
  });
}

function confirm(previewPath: string, cookie: string) {
  return SELF.fetch(`${BASE}${previewPath}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "create" }),
    headers: { Cookie: cookie, Origin: BASE, Host: "parcel.test", "Content-Type": "application/x-www-form-urlencoded" },
  });
}

function getAs(path: string, cookie: string) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
}

async function countOf(table: typeof shipments | typeof events, where: ReturnType<typeof eq>) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row!.n;
}

describe("a customer's import", () => {
  let previewPath: string;

  it("previews a 1,000-row file with every error of its two bad rows, and stores nothing yet", async () => {
    const response = await upload("/dashboard/import", importCsv(1000, { bad: true, tag: "thousand" }), customer.cookie);
    expect(response.status).toBe(302);
    previewPath = response.headers.get("Location")!;
    expect(previewPath).toMatch(/^\/dashboard\/imports\/[0-9a-f-]{36}$/);
    expect(await countOf(shipments, eq(shipments.userId, customer.id))).toBe(0);

    const page = await pageText(await getAs(`${previewPath}?show=errors`, customer.cookie));
    expect(page).toContain("shipments.csv: 1,000 rows. 998 rows ready to create; 2 rows with errors will be left out.");
    for (const [line, errors] of Object.entries(BAD_ROWS)) {
      expect(page).toContain(`Row ${line}`);
      for (const error of errors) expect(page).toContain(error);
    }
    expect(page).toContain("Create 998 Shipments");
    // Every row, a page at a time.
    const all = await pageText(await getAs(`${previewPath}?page=20`, customer.cookie));
    expect(all).toContain("Showing 951 to 1,000 of 1,000 results");
    expect(all).toContain("Row 1001");
  }, 120_000);

  it("creates the 998 valid rows in one step, each as the form makes a shipment, with one summary mail", async () => {
    const response = await confirm(previewPath, customer.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await followRedirect(response, customer.cookie)).toContain("998 shipments created; 2 rows with errors left out");

    const made = await db.select({ id: shipments.id, referenceNumber: shipments.referenceNumber, cost: shipments.cost }).from(shipments).where(eq(shipments.userId, customer.id));
    expect(made).toHaveLength(998);
    expect(new Set(made.map((row) => row.referenceNumber)).size).toBe(998);
    expect(made.map((row) => row.referenceNumber)).not.toContain("THOUSAND-2");
    expect(made.every((row) => row.cost > 0)).toBe(true);
    const ids = made.map((row) => row.id);
    const perShipment = async (table: typeof trackingEvents | typeof invoices | typeof shipmentPackages) => {
      let total = 0;
      for (let start = 0; start < ids.length; start += 90) {
        const [row] = await db.select({ n: count() }).from(table).where(inArray(table.shipmentId, ids.slice(start, start + 90)));
        total += row!.n;
      }
      return total;
    };
    expect(await perShipment(trackingEvents)).toBe(998);
    expect(await perShipment(invoices)).toBe(998);
    expect(await perShipment(shipmentPackages)).toBe(998);
    expect(await countOf(events, and(eq(events.type, "shipment.created"), eq(events.actorUserId, customer.id))!)).toBe(998);

    const [record] = await db.select().from(shipmentImports).where(eq(shipmentImports.createdBy, customer.id));
    expect(record).toMatchObject({ rowCount: 1000, validCount: 998, createdCount: 998 });
    expect(record!.finishedAt).not.toBeNull();
    // Each recipient hears of their parcel; the importer once, not once per shipment.
    const [recipientMail] = await db.select({ n: count() }).from(outbox).where(and(eq(outbox.kind, "shipment-created"), eq(outbox.subject, "A parcel is on its way to you")));
    expect(recipientMail!.n).toBeGreaterThanOrEqual(998);
    expect(await db.select({ n: count() }).from(outbox).where(eq(outbox.toAddress, "avery@example.com"))).toEqual([{ n: 0 }]);
    const summary = await db.select().from(outbox).where(and(eq(outbox.kind, "import-completed"), eq(outbox.toAddress, customer.email)));
    expect(summary).toHaveLength(1);
    expect(summary[0]!.subject).toBe("Your shipments have been imported");
    expect(summary[0]!.body).toContain("Your import of shipments.csv created 998 shipments with SwiftParcel. 2 rows were left out for errors.");

    // The preview says what came of it.
    const page = await pageText(await getAs(previewPath, customer.cookie));
    expect(page).toContain("998 shipments created from it.");
    expect(page).not.toContain("Create 998 Shipments");
  }, 300_000);

  it("opens for nobody else: another customer and an admin get a 404 for it", async () => {
    const other = await createUser();
    const otherCookie = await signedInCookie(other.id);
    for (const cookie of [otherCookie, admin.cookie]) {
      expect((await getAs(previewPath, cookie)).status).not.toBe(200);
      expect((await confirm(previewPath, cookie)).status).not.toBe(302);
    }
    expect((await getAs(previewPath, otherCookie)).status).toBe(404);
    expect((await confirm(previewPath, otherCookie)).status).toBe(404);
  });
});

describe("an admin's import", () => {
  it("creates shipments for the back office (no account), and the template's two examples pass as they are", async () => {
    const template = await SELF.fetch(`${BASE}/shipment-import-template.csv`);
    expect(template.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const csv = await template.text();
    expect(csv.split("\r\n")[0]).toBe(`\uFEFF${IMPORT_COLUMNS.map((column) => column.name).join(",")}`);

    const response = await upload("/admin/shipments/import", csv, admin.cookie, "template.csv");
    expect(response.status).toBe(302);
    const previewPath = response.headers.get("Location")!;
    expect(previewPath).toMatch(/^\/admin\/shipments\/imports\//);
    expect(await pageText(await getAs(previewPath, admin.cookie))).toContain("template.csv: 2 rows. 2 rows ready to create.");
    const created = await confirm(previewPath, admin.cookie);
    expect(created.headers.get("Location")).toBe("/admin/shipments");
    const importId = previewPath.split("/").at(-1)!;
    const rows = await db.select({ shipmentId: shipmentImportRows.shipmentId }).from(shipmentImportRows).where(eq(shipmentImportRows.importId, importId));
    const made = await db
      .select({ userId: shipments.userId, serviceType: shipments.serviceType, fragile: shipments.fragile })
      .from(shipments)
      .where(inArray(shipments.id, rows.map((row) => row.shipmentId!)));
    expect(made).toEqual(
      expect.arrayContaining([
        { userId: null, serviceType: "express", fragile: false },
        { userId: null, serviceType: "same_day", fragile: true },
      ]),
    );
    // A customer cannot open the back office's import.
    expect((await getAs(previewPath, customer.cookie)).status).toBe(302);
    expect(await db.select({ n: count() }).from(shipmentImportRows).where(and(eq(shipmentImportRows.importId, importId), isNull(shipmentImportRows.shipmentId)))).toEqual([{ n: 0 }]);
  });
});
