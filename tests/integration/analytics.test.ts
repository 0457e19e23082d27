// Analytics: the rollups against the shipments the services wrote, the screen and its exports
// through the real worker, and every figure against a hand-counted fixture. Each part reads
// figures over the whole database, so the order matters: the rollups' part counts every row, so it
// runs first and deletes its shipments when it is done (they fall in the fixture's periods); the
// page's part wants no rating in the real last seven days, so it runs before the fixture, whose
// ratings are dated late November 2026; the fixture's periods end before the page's shipments.
import { env } from "cloudflare:test";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exchangeRates,
  outbox,
  shipmentCreatedStats,
  shipmentCurrencyStats,
  shipmentDeliveryStats,
  shipmentDestinationStats,
  shipmentRatings,
  shipmentRatingStats,
  shipmentRouteStats,
  shipments,
  trackingEvents,
} from "../../drizzle/schema";
import { analyticsQueries, getAnalytics, loadAnalytics, type Analytics, type Money } from "~/features/analytics/analytics.server";
import { actorFor, SYSTEM_ACTOR } from "~/.server/events";
import { rateDelivery } from "~/features/ratings/ratings.server";
import { updateShipment, deleteSelectedShipments, deleteShipment } from "~/features/shipments/shipment-changes.server";
import { changeStatus, createShipment, type NewShipment } from "~/features/shipments/shipments.server";
import { growth, periodRanges, PICKUP_STATUSES, PROBLEM_STATUSES, trendBuckets, trendUnit, type AnalyticsPeriod } from "~/features/analytics/analytics";
import { getCountry, PRICING_REGIONS } from "~/domain/countries";
import { SHIPMENT_STATUSES } from "~/features/shipments/shipment-status";
import { businessDaysBetween } from "~/features/shipments/delivery-dates";
import { ROLLUP_SPANS } from "~/features/analytics/rollup-cover";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import { revenueTotal } from "~/features/pricing/revenue";
import { SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { insertAnalyticsFixture, NOW } from "./analytics-fixture";
import { get, post } from "./requests";

// The analytics rollups (decision 120) after the services' writes: creation, status changes,
// delivery, a pickup scan after delivery, ratings, edits, deletes one by one and in bulk. The
// rollup tables must equal sums computed here from the shipments, their history and their
// ratings (with the domain's business-day rule), and every figure read from them must equal the
// same figure computed here directly from those rows.
describe("analytics: the rollups", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  /** Odd times, so that the periods' ends fall inside hours and the rollups' raw parts are read too. */
  const START = Date.UTC(2026, 9, 5, 9, 17, 23, 411);
  const NOW = START + 40 * DAY + 5 * HOUR + 37 * 60_000 + 11_000;

  let owner: Awaited<ReturnType<typeof createUser>>;
  let written: string[] = [];

  function shipment(index: number, overrides: Partial<NewShipment> = {}): NewShipment {
    const routes = [["US", "DE"], ["GB", "JP"], ["US", "CA"], ["FR", "BR"], ["US", "DE"], ["IN", "SG"]] as const;
    const [from, to] = routes[index % routes.length]!;
    return {
      userId: index % 3 === 0 ? null : owner.id,
      senderName: `Sender ${index}`,
      senderEmail: `sender${index % 4}@example.com`,
      senderCity: "Origin",
      senderCountry: from,
      recipientName: `Recipient ${index}`,
      recipientCity: "Destination",
      recipientCountry: to,
      currency: index % 4 === 1 ? "EUR" : "USD",
      cost: 1_000 + index * 137,
      estimatedDelivery: START + (index + 3) * DAY,
      ...overrides,
    };
  }

  async function writeEverything() {
    const context = serviceContext();
    const actor = actorFor(owner);
    const viewer = { id: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName, role: "user" as const };
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push((await createShipment(context, { shipment: shipment(index), actor, now: START + index * 2 * DAY + index * 997_003 })).id);
    }
    const change = (id: string, status: Parameters<typeof changeStatus>[1]["status"], at: number, destination?: string) =>
      changeStatus(context, { shipmentId: id, status, destination, actor, clientAddress: "203.0.113.9", now: at });
    const trackingIdOf = async (id: string) => (await db.select({ trackingId: shipments.trackingId }).from(shipments).where(eq(shipments.id, id)).get())!.trackingId;
    const rate = async (id: string, score: number, at: number) =>
      expect(await rateDelivery(context, { trackingId: await trackingIdOf(id), score, viewer, clientAddress: `203.0.113.${score}`, now: at })).toMatchObject({ ok: true });

    // Picked up, in transit, delivered late on a weekday, rated.
    await change(ids[1]!, "picked_up", START + 2 * DAY + 5 * HOUR);
    await change(ids[1]!, "in_transit", START + 4 * DAY);
    await change(ids[1]!, "delivered", START + 9 * DAY + 7 * 60_000);
    await rate(ids[1]!, 4, START + 10 * DAY);
    // Delivered with no scan on the way; a pickup scan after it; delivered again.
    await change(ids[2]!, "delivered", START + 5 * DAY + 3 * HOUR);
    await change(ids[2]!, "in_transit", START + 6 * DAY);
    await change(ids[2]!, "delivered", START + 7 * DAY + 11 * HOUR);
    // Problems, a custom destination, and a delivery in the current period's last hour.
    await change(ids[3]!, "exception", START + 8 * DAY);
    await change(ids[4]!, "custom_destination", START + 12 * DAY, "Neighbour at No. 5");
    await change(ids[10]!, "shipped", START + 38 * DAY);
    await change(ids[10]!, "delivered", NOW - 20 * 60_000);
    await rate(ids[10]!, 5, NOW - 10 * 60_000);
    // An edit of what the figures count: cost, currency, destination and estimate.
    const edited = (await db.select({ version: shipments.version }).from(shipments).where(eq(shipments.id, ids[5]!)).get())!;
    expect(
      await updateShipment(context, {
        shipmentId: ids[5]!,
        expectedVersion: edited.version,
        values: { cost: 9_999, currency: "GBP", recipientCountry: "AU", estimatedDelivery: START + 30 * DAY },
        actor,
        now: START + 20 * DAY,
      }),
    ).toMatchObject({ ok: true });
    // A delivered, rated shipment deleted (its rating goes with it), and two deleted in bulk.
    await change(ids[7]!, "delivered", START + 14 * DAY);
    await rate(ids[7]!, 2, START + 15 * DAY);
    expect(await deleteShipment(context, { shipmentId: ids[7]!, actor })).toMatchObject({ ok: true });
    expect(await deleteSelectedShipments(context, { ids: [ids[6]!, ids[8]!, "no-such-shipment"], actor })).toMatchObject({ ok: true, message: "2 shipments deleted" });
    return ids;
  }

  type Sums = Map<string, number[]>;

  function add(sums: Sums, key: unknown[], values: number[]) {
    const name = JSON.stringify(key);
    const sum = sums.get(name) ?? values.map(() => 0);
    values.forEach((value, index) => (sum[index]! += value));
    sums.set(name, sum);
  }

  /** Every span's piece of a time: [span, first hour of the piece]. */
  const piecesOf = (time: number) => ROLLUP_SPANS.map((span) => [span, Math.floor(Math.floor(time / HOUR) / span) * span]);

  /** Rows with any non-zero sum, as sorted [key..., sums...] lists. */
  function nonZero(sums: Sums): unknown[][] {
    return [...sums].filter(([, values]) => values.some((value) => value !== 0)).map(([key, values]) => [...(JSON.parse(key) as unknown[]), ...values]).sort();
  }

  async function sourceRows() {
    const rows = await db.select().from(shipments);
    const pickups = await db
      .select({ shipmentId: trackingEvents.shipmentId, at: sql<number>`min(${trackingEvents.occurredAt})` })
      .from(trackingEvents)
      .where(sql`${trackingEvents.status} in ${PICKUP_STATUSES}`)
      .groupBy(trackingEvents.shipmentId);
    const pickedUp = new Map(pickups.map((row) => [row.shipmentId, row.at]));
    return { rows, pickedUp, ratings: await db.select().from(shipmentRatings), rates: await db.select().from(exchangeRates).orderBy(exchangeRates.currency) };
  }

  describe("the analytics rollups after the services' writes", () => {
    beforeAll(async () => {
      owner = await createUser({ firstName: "Rollup", lastName: "Owner" });
      written = await writeEverything();
    });

    // The fixture's figures below count every shipment in periods these fall in.
    afterAll(async () => {
      await db.delete(shipments).where(inArray(shipments.id, written));
    });

    it("equal the sums of the shipments, their deliveries and their ratings at every span", async () => {
      const { rows, pickedUp, ratings } = await sourceRows();
      const created: Sums = new Map();
      const routes: Sums = new Map();
      const destinations: Sums = new Map();
      const currencies: Sums = new Map();
      const deliveries: Sums = new Map();
      const rated: Sums = new Map();
      for (const row of rows) {
        for (const piece of piecesOf(row.createdAt)) {
          add(created, [...piece, row.status, row.currency], [1, row.cost]);
          add(routes, [...piece, row.senderCountry, row.recipientCountry, row.currency], [1, row.cost]);
          add(destinations, [...piece, row.recipientCountry, row.currency], [1, row.cost]);
          add(currencies, [...piece, row.currency], [1, row.cost]);
        }
        if (row.actualDelivery === null) continue;
        const pickup = pickedUp.get(row.id);
        const estimate = row.estimatedDelivery;
        for (const piece of piecesOf(row.actualDelivery)) {
          add(deliveries, piece, [
            1,
            estimate === null ? 0 : 1,
            estimate !== null && Math.floor(row.actualDelivery / DAY) <= Math.floor(estimate / DAY) ? 1 : 0,
            businessDaysBetween(row.createdAt, row.actualDelivery),
            pickup === undefined ? 0 : 1,
            pickup === undefined ? 0 : businessDaysBetween(pickup, row.actualDelivery),
          ]);
        }
      }
      for (const rating of ratings) for (const piece of piecesOf(rating.createdAt)) add(rated, piece, [1, rating.score]);

      // The scenario reached what it means to test.
      expect(rows).toHaveLength(9);
      expect(ratings).toHaveLength(2);
      expect([...pickedUp.keys()].length).toBeGreaterThanOrEqual(2);

      const table = async (query: Promise<Record<string, unknown>[]>) => (await query).map((row) => Object.values(row)).filter((row) => row.slice(-2).some((value) => value !== 0)).sort();
      expect(await table(db.select().from(shipmentCreatedStats))).toEqual(nonZero(created));
      expect(await table(db.select().from(shipmentRouteStats))).toEqual(nonZero(routes));
      expect(await table(db.select().from(shipmentDestinationStats))).toEqual(nonZero(destinations));
      expect(await table(db.select().from(shipmentCurrencyStats))).toEqual(nonZero(currencies));
      const deliveryRows = (await db.select().from(shipmentDeliveryStats)).map((row) => Object.values(row)).filter((row) => row.slice(2).some((value) => value !== 0)).sort();
      expect(deliveryRows).toEqual(nonZero(deliveries));
      expect(await table(db.select().from(shipmentRatingStats))).toEqual(nonZero(rated));
    });

    it("give every figure as computed directly from the rows, for every period and a half-hour time zone", async () => {
      const { rows, pickedUp, ratings, rates } = await sourceRows();
      for (const period of ["7d", "30d", "90d", "1y"] as AnalyticsPeriod[]) {
        const analytics = await getAnalytics({ db }, { period, now: NOW, timeZone: "Asia/Kolkata" });
        expect(analytics).toEqual(direct(period, rows, pickedUp, ratings, rates));
      }
      // The scenario reaches every kind of figure: returning customers, several regions, problems,
      // a transit time, ratings, and a previous period with shipments in it.
      const year = await getAnalytics({ db }, { period: "1y", now: NOW, timeZone: "Asia/Kolkata" });
      expect(year.retention.part).toBeGreaterThan(0);
      expect(year.retention.whole).toBeGreaterThan(year.retention.part);
      expect(year.regions.filter((region) => region.shipments.current > 0).length).toBeGreaterThanOrEqual(3);
      expect(year.exceptions.part).toBeGreaterThan(0);
      expect(year.transitTime.count).toBeGreaterThan(0);
      expect(year.satisfaction.count).toBe(2);
      // Revenue in several currencies, totalled in dollars at the stored rates.
      expect(year.revenueTotal.current.parts.map((part) => part.currency)).toEqual(expect.arrayContaining(["EUR", "USD"]));
      const month = await getAnalytics({ db }, { period: "30d", now: NOW, timeZone: "Asia/Kolkata" });
      expect(month.shipments.previous).toBeGreaterThan(0);
      expect(month.regions.some((region) => region.shipments.previous > 0)).toBe(true);
    });
  });

  type ShipmentRow = typeof shipments.$inferSelect;
  type RatingRow = typeof shipmentRatings.$inferSelect;

  /** Every figure of the analytics screen, from the rows themselves (no rollup, no SQL aggregate). */
  function direct(period: AnalyticsPeriod, rows: ShipmentRow[], pickedUp: Map<string, number>, ratings: RatingRow[], rates: ExchangeRate[]): Analytics {
    const timeZone = "Asia/Kolkata";
    const { current, previous } = periodRanges(period, NOW);
    type Range = typeof current;
    const within = (time: number | null, range: Range) => time !== null && time >= range.start && time < range.end;
    const createdIn = (range: Range) => rows.filter((row) => within(row.createdAt, range));
    const deliveredIn = (range: Range) => rows.filter((row) => within(row.actualDelivery, range));
    const ratedIn = (range: Range) => ratings.filter((rating) => within(rating.createdAt, range));
    const [now, before] = [createdIn(current), createdIn(previous)];

    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const mean = (values: number[]) => (values.length ? sum(values) / values.length : null);
    const average = (values: (range: Range) => number[]) => {
      const [inNow, inBefore] = [values(current), values(previous)];
      return { value: mean(inNow), count: inNow.length, previousValue: mean(inBefore), previousCount: inBefore.length };
    };
    const percent = (part: number, whole: number) => (whole ? (part / whole) * 100 : null);
    const rate = ([part, whole]: readonly [number, number], [previousPart, previousWhole]: readonly [number, number]) => ({
      part,
      whole,
      percent: percent(part, whole),
      previousPercent: percent(previousPart, previousWhole),
    });
    const compare = (inNow: number, inBefore: number) => ({ current: inNow, previous: inBefore, growth: growth(inNow, inBefore) });
    /** Revenue per currency, the largest first (ties by the currency's code). */
    const moneyOf = (list: ShipmentRow[]): Money[] =>
      [...new Set(list.map((row) => row.currency))]
        .map((currency) => ({ currency, amount: sum(list.filter((row) => row.currency === currency).map((row) => row.cost)) }))
        .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));

    const onTime = (range: Range) => {
      const estimated = deliveredIn(range).filter((row) => row.estimatedDelivery !== null);
      return [estimated.filter((row) => Math.floor(row.actualDelivery! / DAY) <= Math.floor(row.estimatedDelivery! / DAY)).length, estimated.length] as const;
    };
    const problems = (list: ShipmentRow[]) => list.filter((row) => (PROBLEM_STATUSES as readonly string[]).includes(row.status)).length;
    /** Customers (the account, or the sender's address for a counter shipment) with one and with two or more shipments. */
    const returning = (list: ShipmentRow[]) => {
      const perCustomer = new Map<string, number>();
      for (const row of list) {
        const customer = row.userId ?? row.senderEmail?.toLowerCase();
        if (customer !== undefined) perCustomer.set(customer, (perCustomer.get(customer) ?? 0) + 1);
      }
      return [[...perCustomer.values()].filter((count) => count >= 2).length, perCustomer.size] as const;
    };
    const revenueCurrencies = [...new Set([...now, ...before].map((row) => row.currency))];
    /** Each row's cost, added up per currency and converted at the stored rates. */
    const inBase = (list: ShipmentRow[]) => revenueTotal(list.map((row) => ({ currency: row.currency, amount: row.cost })), rates);
    const routes = [...new Set(now.map((row) => `${row.senderCountry} ${row.recipientCountry}`))].map((route) => {
      const [origin, destination] = route.split(" ") as [string, string];
      const list = now.filter((row) => row.senderCountry === origin && row.recipientCountry === destination);
      return { origin, destination, shipments: list.length, revenue: moneyOf(list) };
    });
    const codeOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const inRegion = (list: ShipmentRow[], region: string) => list.filter((row) => getCountry(row.recipientCountry)?.region === region);

    return {
      period,
      range: current,
      previousRange: previous,
      timeZone,
      shipments: compare(now.length, before.length),
      revenue: revenueCurrencies
        .map((currency) => ({
          currency,
          ...compare(sum(now.filter((row) => row.currency === currency).map((row) => row.cost)), sum(before.filter((row) => row.currency === currency).map((row) => row.cost))),
        }))
        .sort((a, b) => b.current - a.current || b.previous - a.previous || a.currency.localeCompare(b.currency)),
      revenueTotal: { current: inBase(now), previous: inBase(before), growth: growth(inBase(now).total, inBase(before).total) },
      rates,
      deliveryTime: average((range) => deliveredIn(range).map((row) => businessDaysBetween(row.createdAt, row.actualDelivery!))),
      transitTime: average((range) => deliveredIn(range).filter((row) => pickedUp.has(row.id)).map((row) => businessDaysBetween(pickedUp.get(row.id)!, row.actualDelivery!))),
      satisfaction: average((range) => ratedIn(range).map((rating) => rating.score)),
      statuses: SHIPMENT_STATUSES.map((status) => ({ status, count: now.filter((row) => row.status === status).length }))
        .filter(({ count }) => count > 0)
        .map(({ status, count }) => ({ status, count, percent: (count / now.length) * 100 }))
        .sort((a, b) => b.count - a.count),
      trend: {
        unit: trendUnit(period),
        currencies: moneyOf(now).map((money) => money.currency),
        buckets: trendBuckets(trendUnit(period), current, timeZone).map((bucket) => {
          const list = rows.filter((row) => within(row.createdAt, bucket));
          return { ...bucket, shipments: list.length, revenue: moneyOf(list) };
        }),
      },
      onTime: rate(onTime(current), onTime(previous)),
      retention: rate(returning(now), returning(before)),
      exceptions: rate([problems(now), now.length], [problems(before), before.length]),
      // Delivered on time, of the deliveries with an estimate and the shipments now in a problem status.
      efficiency: rate(
        [onTime(current)[0], onTime(current)[1] + problems(now)],
        [onTime(previous)[0], onTime(previous)[1] + problems(before)],
      ),
      topRoutes: routes.sort((a, b) => b.shipments - a.shipments || codeOrder(a.origin, b.origin) || codeOrder(a.destination, b.destination)).slice(0, 10),
      regions: PRICING_REGIONS.map((region) => ({
        region,
        shipments: compare(inRegion(now, region).length, inRegion(before, region).length),
        share: percent(inRegion(now, region).length, now.length),
        revenue: moneyOf(inRegion(now, region)),
      })).sort((a, b) => b.shipments.current - a.shipments.current),
    };
  }
});

// The analytics screen, its exports and the delivery rating through the real worker: a
// customer's new shipment moves the week's count by one, its rating moves the satisfaction
// average, and the CSV holds it.
describe("analytics: the page", () => {
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
});

// Every analytics figure against a hand-counted fixture (analytics-fixture.ts), the query plans
// (indexes only, never a scan of the shipments), and the failure path.
describe("analytics: the figures", () => {
  beforeAll(async () => {
    await insertAnalyticsFixture();
  });

  const week = () => getAnalytics({ db }, { period: "7d", now: NOW, timeZone: "UTC" });

  describe("the analytics figures", () => {
    it("count the period's shipments against the previous period", async () => {
      const analytics = await week();
      expect(analytics.shipments).toEqual({ current: 5, previous: 3, growth: { kind: "percent", value: (2 / 3) * 100 } });
    });

    it("sum revenue per currency, growth per currency, 'new' without a previous amount", async () => {
      const { revenue } = await week();
      expect(revenue).toEqual([
        { currency: "USD", current: 15_000, previous: 10_500, growth: { kind: "percent", value: (4_500 / 10_500) * 100 } },
        { currency: "EUR", current: 5_000, previous: 0, growth: { kind: "new" } },
      ]);
    });

    it("average the business days from creation to delivery over the period's deliveries", async () => {
      const { deliveryTime } = await week();
      // s1 2, s2 3, p3 2 (created before the period, delivered in it); previously p1 1.
      expect(deliveryTime).toEqual({ value: 7 / 3, count: 3, previousValue: 1, previousCount: 1 });
    });

    it("average the business days in transit, from the first pickup scan, over deliveries that had one", async () => {
      const { transitTime } = await week();
      expect(transitTime).toEqual({ value: 1.5, count: 2, previousValue: 1, previousCount: 1 });
    });

    it("take delivery on or before the estimated day as on time", async () => {
      const { onTime } = await week();
      expect(onTime).toEqual({ part: 1, whole: 3, percent: (1 / 3) * 100, previousPercent: 100 });
    });

    it("count customers with two or more shipments, by account or else by the sender's address in any case", async () => {
      const { retention } = await week();
      // Current: A (s1, s2) and the counter sender (s4, s5) of A, B and the counter sender; previous: A of A and B.
      expect(retention).toEqual({ part: 2, whole: 3, percent: (2 / 3) * 100, previousPercent: 50 });
    });

    it("rate exceptions, failures and returns", async () => {
      const { exceptions } = await week();
      expect(exceptions).toEqual({ part: 1, whole: 5, percent: 20, previousPercent: (1 / 3) * 100 });
    });

    it("take operational efficiency as on-time deliveries of all outcomes: deliveries with an estimate and shipments in a problem status", async () => {
      const { efficiency } = await week();
      // Now: s1 on time, s2 and p3 late, s3 in exception: 1 of 4. Before: p1 on time, p2 returned: 1 of 2.
      expect(efficiency).toEqual({ part: 1, whole: 4, percent: 25, previousPercent: 50 });
    });

    it("break the period's shipments down by status", async () => {
      const { statuses } = await week();
      expect(statuses).toEqual([
        { status: "delivered", count: 2, percent: 40 },
        { status: "pending", count: 1, percent: 20 },
        { status: "in_transit", count: 1, percent: 20 },
        { status: "exception", count: 1, percent: 20 },
      ]);
    });

    it("average the ratings given in the period", async () => {
      const { satisfaction } = await week();
      expect(satisfaction).toEqual({ value: 3.5, count: 2, previousValue: 4, previousCount: 1 });
    });

    it("rank routes by shipments, ties by country code, with revenue per currency", async () => {
      const { topRoutes } = await week();
      expect(topRoutes).toEqual([
        { origin: "US", destination: "DE", shipments: 3, revenue: [{ currency: "USD", amount: 11_000 }, { currency: "EUR", amount: 5_000 }] },
        { origin: "GB", destination: "JP", shipments: 1, revenue: [{ currency: "USD", amount: 2_500 }] },
        { origin: "US", destination: "CA", shipments: 1, revenue: [{ currency: "USD", amount: 1_500 }] },
      ]);
    });

    it("group destinations into the pricing regions with growth and share", async () => {
      const { regions } = await week();
      expect(regions).toEqual([
        { region: "Europe", shipments: { current: 3, previous: 1, growth: { kind: "percent", value: 200 } }, share: 60, revenue: [{ currency: "USD", amount: 11_000 }, { currency: "EUR", amount: 5_000 }] },
        { region: "North America", shipments: { current: 1, previous: 1, growth: { kind: "percent", value: 0 } }, share: 20, revenue: [{ currency: "USD", amount: 1_500 }] },
        { region: "Asia Pacific", shipments: { current: 1, previous: 0, growth: { kind: "new" } }, share: 20, revenue: [{ currency: "USD", amount: 2_500 }] },
        { region: "South America", shipments: { current: 0, previous: 1, growth: { kind: "percent", value: -100 } }, share: 0, revenue: [] },
        { region: "Africa", shipments: { current: 0, previous: 0, growth: { kind: "none" } }, share: 0, revenue: [] },
      ]);
    });

    it("draw the revenue trend by the reader's calendar days", async () => {
      const utc = (await week()).trend;
      expect(utc.unit).toBe("day");
      expect(utc.currencies).toEqual(["USD", "EUR"]);
      expect(utc.buckets.map((bucket) => [bucket.label, bucket.shipments, bucket.revenue])).toEqual([
        ["Nov 18", 1, [{ currency: "USD", amount: 10_000 }]],
        ["Nov 19", 1, [{ currency: "EUR", amount: 5_000 }]],
        ["Nov 20", 1, [{ currency: "USD", amount: 2_500 }]],
        ["Nov 21", 0, []],
        ["Nov 22", 0, []],
        ["Nov 23", 0, []],
        ["Nov 24", 1, [{ currency: "USD", amount: 1_500 }]],
        ["Nov 25", 1, [{ currency: "USD", amount: 1_000 }]],
      ]);
      // 24 Nov 06:00 UTC is still 23 Nov in Los Angeles.
      const pacific = (await getAnalytics({ db }, { period: "7d", now: NOW, timeZone: "America/Los_Angeles" })).trend;
      expect(pacific.buckets.filter((bucket) => bucket.shipments > 0).map((bucket) => bucket.label)).toEqual(["Nov 18", "Nov 19", "Nov 20", "Nov 23", "Nov 25"]);
    });

    it("widen with the period: 30 days hold the previous week too, by weeks over 90 days", async () => {
      const month = await getAnalytics({ db }, { period: "30d", now: NOW, timeZone: "UTC" });
      expect(month.shipments.current).toBe(9);
      expect(month.revenue[0]).toMatchObject({ currency: "USD", current: 15_000 + 10_500 + 99_900 });
      const quarter = await getAnalytics({ db }, { period: "90d", now: NOW, timeZone: "UTC" });
      expect(quarter.trend.unit).toBe("week");
      expect(quarter.trend.buckets.reduce((total, bucket) => total + bucket.shipments, 0)).toBe(9);
    });
  });

  describe("the analytics queries", () => {
    it("read indexes only: rollups by their key, the shipments and the ratings by covering indexes", async () => {
      // A year ending at an odd time: rollup runs of every span and raw parts of an hour at the ends.
      for (const [period, now, timeZone] of [["7d", NOW, "UTC"], ["1y", NOW, "UTC"], ["90d", NOW + 1_234_567, "Asia/Kolkata"]] as const) {
        const { queries } = analyticsQueries(db, { period, now, timeZone });
        for (const [name, query] of Object.entries(queries)) {
          const { sql, params } = query.toSQL();
          const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...params)
            .all<{ detail: string }>();
          const details = plan.results.map((row) => row.detail);
          const tableSteps = details.filter((detail) => /\b(shipments|shipment_ratings|tracking_events|shipment_\w+_stats)\b/.test(detail));
          expect(tableSteps.length, `${name}: ${details.join(" | ")}`).toBeGreaterThan(0);
          // The rollups answer every figure but retention; the shipments only the parts of an hour.
          // Retention over a year reads the customers' index whole, in order, with no sort.
          if (!/Raw$|^customers$/.test(name)) expect(tableSteps.every((step) => /_stats\b/.test(step)), `${name}: ${details.join(" | ")}`).toBe(true);
          for (const step of tableSteps) {
            // A shipment's history is read by its own index, a handful of rows per delivery.
            const expected = step.includes("tracking_events")
              ? /^SEARCH tracking_events USING INDEX tracking_events_shipment_time \(shipment_id=\?\)$/
              : /_stats\b/.test(step)
                ? /^SEARCH shipment_\w+_stats USING PRIMARY KEY \(span=\? AND hour>\? AND hour<\?\)$/
                : name === "customers" && period !== "7d"
                  ? /^SCAN shipments USING COVERING INDEX shipments_customer_created$/
                  : /^SEARCH \S+ USING COVERING INDEX \S+ \(/;
            expect(step, `${name}: ${details.join(" | ")}`).toMatch(expected);
          }
        }
      }
    });
  });

  describe("a failed load", () => {
    it("answers zeros and says it failed, never throws", async () => {
      await env.DB.exec("ALTER TABLE shipment_ratings RENAME TO shipment_ratings_away");
      try {
        const load = await loadAnalytics({ db }, { period: "7d", now: NOW, timeZone: "UTC" });
        expect(load.state).toBe("failed");
        expect(load.analytics.shipments).toEqual({ current: 0, previous: 0, growth: { kind: "none" } });
        expect(load.analytics.revenue).toEqual([]);
        expect(load.analytics.topRoutes).toEqual([]);
        expect(load.analytics.trend.buckets.every((bucket) => bucket.shipments === 0)).toBe(true);
      } finally {
        await env.DB.exec("ALTER TABLE shipment_ratings_away RENAME TO shipment_ratings");
      }
    });
  });
});
