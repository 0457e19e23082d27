// The analytics rollups (decision 120) after the services' writes: creation, status changes,
// delivery, a pickup scan after delivery, ratings, edits, deletes one by one and in bulk. The
// rollup tables must equal sums computed here from the shipments, their history and their
// ratings (with the domain's business-day rule), and every figure read from them must equal the
// same figure computed here directly from those rows.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  exchangeRates,
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
import { getAnalytics, type Analytics, type Money } from "~/features/analytics/analytics.server";
import { actorFor } from "~/.server/events";
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
import { createUser, db, serviceContext } from "./fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Odd times, so that the periods' ends fall inside hours and the rollups' raw parts are read too. */
const START = Date.UTC(2026, 9, 5, 9, 17, 23, 411);
const NOW = START + 40 * DAY + 5 * HOUR + 37 * 60_000 + 11_000;

let owner: Awaited<ReturnType<typeof createUser>>;

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
    await writeEverything();
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
