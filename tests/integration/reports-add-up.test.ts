// Reports that add up (issue 23 item 5): the users report counts each account's shipments (it
// said 0 for everyone); revenue summed over currencies is totalled in US dollars at the stored
// exchange rates with each currency beside it (the admin dashboard read "$2,272.53 · €87.72");
// delivered means one thing on every screen (the admin's tile counted custom destinations, the
// customer's did not, and its link listed only `delivered`).
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { exchangeRates, shipments } from "../../drizzle/schema";
import { SEED_USER_IDS, STATUS_TRACKING_IDS, type SeedData } from "../../drizzle/seed-data";
import { actorFor } from "~/.server/events";
import { formatMoney } from "~/domain/format";
import { isDelivered, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { createShipment } from "~/features/shipments/shipments.server";
import { toBaseMinorUnits } from "~/features/pricing/exchange-rates";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { get, pageText, post } from "./requests";

let seed: SeedData;
let adminCookie: string;
let customerCookie: string;
const customDestination = STATUS_TRACKING_IDS.find((entry) => entry.status === "custom_destination")!.trackingId;

beforeAll(async () => {
  seed = await seedDemoData();
  adminCookie = await signedInCookie((await createUser({ role: "admin" })).id);
  customerCookie = await signedInCookie(SEED_USER_IDS.customer);
});

const DAY = 86_400_000;

describe("the users report", () => {
  it("counts each account's shipments, in the period and in all (Jordan Lee has 24 in the seed, 0 was shown)", async () => {
    const response = await get("/admin/analytics/export?report=users&period=30d", { Cookie: adminCookie });
    expect(response.status).toBe(200);
    const [header, ...rows]: string[][] = parse(await response.text(), { bom: true, record_delimiter: "\r\n" });
    expect(header).toEqual(["Name", "E-mail", "Role", "Status", "Joined (UTC)", "Shipments in the period", "Shipments in all"]);
    const since = Date.now() - 30 * DAY;
    for (const user of seed.users) {
      const row = rows.find((cells) => cells[1] === user.email);
      expect(row, user.email).toBeDefined();
      const owned = seed.shipments.filter((shipment) => shipment.userId === user.id);
      expect(row!.slice(5), user.email).toEqual([String(owned.filter((shipment) => shipment.createdAt! >= since).length), String(owned.length)]);
    }
    const jordan = rows.find((cells) => cells[0] === "Jordan Lee")!;
    expect(jordan[6]).toBe("24");
    expect(Number(jordan[5])).toBeGreaterThan(0);
  });
});

describe("delivered, one definition", () => {
  const deliveredOf = (list: SeedData["shipments"]) => list.filter((shipment) => isDelivered(shipment.status as ShipmentStatus));

  it("the customer's tile counts custom destinations, and its link lists exactly the shipments it counts", async () => {
    const own = deliveredOf(seed.shipments.filter((shipment) => shipment.userId === SEED_USER_IDS.customer));
    expect(own.map((shipment) => shipment.trackingId)).toContain(customDestination);
    const html = await pageText(await get("/dashboard", { Cookie: customerCookie }));
    const tile = /<a[^>]*href="([^"]+)"[^>]*>Delivered<\/a><\/dt><dd[^>]*>(\d+)<\/dd>/.exec(html);
    expect(tile).not.toBeNull();
    const [, link, count] = tile!;
    expect(link).toBe("/dashboard?status=delivered");
    expect(Number(count)).toBe(own.length);
    const listed: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const list = await pageText(await get(page === 1 ? link! : `${link}&page=${page}`, { Cookie: customerCookie }));
      const ids = [...list.matchAll(/<th scope="row"[^>]*><span class="font-mono">([A-Z0-9]{15})<\/span>/g)].map((match) => match[1]!);
      listed.push(...ids.filter((id) => !listed.includes(id)));
      if (!list.includes(`page=${page + 1}`)) break;
    }
    expect(listed.sort()).toEqual(own.map((shipment) => shipment.trackingId).sort());
  });

  it("the admin's tile and the admin's Delivered filter count the same shipments as the customer's definition", async () => {
    const all = deliveredOf(seed.shipments);
    const html = await pageText(await get("/admin/dashboard", { Cookie: adminCookie }));
    expect(html).toMatch(new RegExp(`<h2[^>]*>Delivered</h2><p[^>]*>${all.length}</p>`));
    // One page of ten holds them all.
    expect(all.length).toBeLessThanOrEqual(10);
    const filtered = await pageText(await get("/admin/shipments?status=delivered", { Cookie: adminCookie }));
    const listed = seed.shipments.filter((shipment) => filtered.includes(shipment.trackingId));
    expect(listed.map((shipment) => shipment.trackingId).sort()).toEqual(all.map((shipment) => shipment.trackingId).sort());
    expect(listed.map((shipment) => shipment.trackingId)).toContain(customDestination);
  });
});

describe("revenue across currencies", () => {
  // Charged in euros: €50.00 and €37.72, €87.72 in all, beside the seed's dollars.
  const EURO_COSTS = [5_000, 3_772];

  beforeAll(async () => {
    const owner = await createUser();
    for (const cost of EURO_COSTS) {
      await createShipment(serviceContext(), {
        shipment: {
          userId: owner.id,
          senderName: "Euro Sender",
          senderCity: "Lyon",
          senderCountry: "FR",
          recipientName: "Euro Recipient",
          recipientCity: "Berlin",
          recipientCountry: "DE",
          currency: "EUR",
          cost,
        },
        actor: actorFor(owner),
      });
    }
  });

  /** The dollars of every shipment, and the euros' total in dollars at the stored rate. */
  async function expected(since = 0) {
    const rows = await db.select({ currency: shipments.currency, cost: shipments.cost, createdAt: shipments.createdAt }).from(shipments);
    const recent = rows.filter((row) => row.createdAt >= since);
    const dollars = recent.filter((row) => row.currency === "USD").reduce((sum, row) => sum + row.cost, 0);
    const euros = recent.filter((row) => row.currency === "EUR").reduce((sum, row) => sum + row.cost, 0);
    const eur = (await db.select().from(exchangeRates).where(eq(exchangeRates.currency, "EUR")).get())!;
    expect(euros).toBe(8_772);
    // €87.72 at the stored 0.87 euros a dollar is $100.83.
    expect(eur.rate).toBe(0.87);
    expect(toBaseMinorUnits(euros, eur)).toBe(10_083);
    return { total: formatMoney(dollars + 10_083, "USD"), dollars: formatMoney(dollars, "USD"), euros: formatMoney(euros, "EUR") };
  }

  it("the admin dashboard's Revenue is one total in dollars, with each currency beside it", async () => {
    const { total, dollars, euros } = await expected();
    const html = await pageText(await get("/admin/dashboard", { Cookie: adminCookie }));
    expect(html).toMatch(new RegExp(`<h2[^>]*>Revenue</h2><p[^>]*>${total.replace("$", "\\$")}</p><p[^>]*>${dollars.replace("$", "\\$")} \\+ ${euros}\\. In USD at the stored exchange rates`));
  });

  it("the analytics' Total Revenue, and its report, the same way", async () => {
    const { total, dollars, euros } = await expected(Date.now() - 30 * DAY);
    const html = await pageText(await get("/admin/analytics?period=30d", { Cookie: adminCookie }));
    expect(html).toMatch(new RegExp(`<h3[^>]*>Total Revenue</h3><p[^>]*>${total.replace("$", "\\$")}</p>`));
    expect(html).toContain(`${dollars}</span> USD`);
    expect(html).toContain(`${euros}</span> EUR`);
    const report = await pageText(await post("/admin/analytics?period=30d", { intent: "report", type: "shipments", period: "30d" }, { Cookie: adminCookie }));
    expect(report).toContain(`${total} (${dollars} + ${euros})`);
  });

  it("the invoices' totals add every currency in dollars beside the per-currency cards", async () => {
    const html = await pageText(await get("/admin/invoices", { Cookie: adminCookie }));
    expect(html).toContain("All currencies, in USD");
    const invoices = seed.invoices;
    const unpaidDollars = invoices.filter((row) => row.status === "unpaid" && row.currency === "USD").reduce((sum, row) => sum + row.total, 0);
    // The euro invoices are unpaid, billed at the settings' tax rate of 0.
    expect(html).toContain(`Unpaid ${formatMoney(unpaidDollars + 10_083, "USD")}`);
  });
});
