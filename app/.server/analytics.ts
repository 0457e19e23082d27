// The admin's analytics: every figure from SQL aggregates over the period's rows, all read in
// one db.batch. Each query reads a covering index over a range of times (shipments by
// creation, by delivery, ratings by date), so its cost follows the shipments of the period
// and the one before it, never the whole table (migration 0011; tests/integration/analytics.test.ts
// checks the plans).
import { and, count, desc, gte, lt, lte, sql, sum, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { shipmentRatings, shipments } from "../../drizzle/schema";
import {
  growth,
  percentOf,
  PICKUP_STATUSES,
  PROBLEM_STATUSES,
  periodRanges,
  trendBuckets,
  trendUnit,
  type AnalyticsPeriod,
  type Growth,
  type TimeRange,
  type TrendUnit,
} from "~/domain/analytics";
import { getCountry, PRICING_REGIONS, type PricingRegion } from "~/domain/countries";
import { normalizeStatus, SHIPMENT_STATUSES, type ShipmentStatus } from "~/domain/shipment-status";
import type { ServiceContext } from "~/load-context";
import type { Db } from "./db";

/** How many routes Top Routes lists. */
export const TOP_ROUTES = 10;

const DAY_MS = 86_400_000;

/** An amount of money in one currency, in minor units. */
export type Money = { currency: string; amount: number };

/** A figure in the period, the one before, and how it moved. */
export type Compared = { current: number; previous: number; growth: Growth };

/** A rate: the part, the whole, the percentage (null without a whole), and the previous period's percentage. */
export type Rate = { part: number; whole: number; percent: number | null; previousPercent: number | null };

/** An average over `count` things, null when there were none. */
export type Average = { value: number | null; count: number; previousValue: number | null; previousCount: number };

export type Analytics = {
  period: AnalyticsPeriod;
  range: TimeRange;
  previousRange: TimeRange;
  /** The reader's time zone, in which the trend's days, weeks or months are counted. */
  timeZone: string;
  shipments: Compared;
  /** One entry per currency charged in either period, the largest current revenue first. */
  revenue: (Compared & { currency: string })[];
  /** Created to actual delivery, in business days, over shipments delivered in the period. */
  deliveryTime: Average;
  /** First pickup scan to delivery, in business days, over the period's deliveries that had one. */
  transitTime: Average;
  /** Ratings given in the period, 1 to 5. */
  satisfaction: Average;
  /** The period's shipments by their status now, the most frequent first. */
  statuses: { status: ShipmentStatus; count: number; percent: number }[];
  trend: {
    unit: TrendUnit;
    /** Currencies charged in the period, the largest revenue first. */
    currencies: string[];
    buckets: { start: number; end: number; label: string; shipments: number; revenue: Money[] }[];
  };
  /** Delivered on or before the estimated day, of the period's deliveries with an estimate. */
  onTime: Rate;
  /** Customers with two or more shipments in the period, of all customers who shipped in it. */
  retention: Rate;
  /** The period's shipments in a problem status (PROBLEM_STATUSES). */
  exceptions: Rate;
  topRoutes: { origin: string; destination: string; shipments: number; revenue: Money[] }[];
  /** By the destination's pricing region. */
  regions: { region: PricingRegion; shipments: Compared; share: number | null; revenue: Money[] }[];
};

/** Every figure of a period when nothing could be read: zeros and empty lists. */
export function emptyAnalytics(period: AnalyticsPeriod, now: number, timeZone: string): Analytics {
  const ranges = periodRanges(period, now);
  const zero: Compared = { current: 0, previous: 0, growth: growth(0, 0) };
  const noRate: Rate = { part: 0, whole: 0, percent: null, previousPercent: null };
  const noAverage: Average = { value: null, count: 0, previousValue: null, previousCount: 0 };
  return {
    period,
    range: ranges.current,
    previousRange: ranges.previous,
    timeZone,
    shipments: zero,
    revenue: [],
    deliveryTime: noAverage,
    transitTime: noAverage,
    satisfaction: noAverage,
    statuses: [],
    trend: {
      unit: trendUnit(period),
      currencies: [],
      buckets: trendBuckets(trendUnit(period), ranges.current, timeZone).map((bucket) => ({ ...bucket, shipments: 0, revenue: [] })),
    },
    onTime: noRate,
    retention: noRate,
    exceptions: noRate,
    topRoutes: [],
    regions: PRICING_REGIONS.map((region) => ({ region, shipments: zero, share: null, revenue: [] })),
  };
}

/** 1 for a time in `range`'s current period, 0 for the previous one (the query reads both). */
function inCurrent(column: SQLiteColumn, range: TimeRange) {
  return sql<number>`(${column} >= ${range.start})`.mapWith(Number);
}

function within(column: SQLiteColumn, range: TimeRange): SQL {
  return and(gte(column, range.start), lt(column, range.end))!;
}

/** A constant written into the SQL, so that integer arithmetic stays integer whatever the binding does. */
const literal = (value: number) => sql.raw(String(value));

/** SQL of weekdaysBefore (app/domain/delivery-dates.ts) for the day after the one `time` falls on. */
function weekdaysThrough(time: SQLiteColumn | SQL.Aliased): SQL {
  const day = sql`(${time} / ${literal(DAY_MS)} + 1)`;
  return sql`(5 * (${day} / 7) + min(${day} % 7, 2) + max(${day} % 7 - 4, 0))`;
}

/** The queries behind the figures; `getAnalytics` runs them in one batch, the tests read their plans. */
export function analyticsQueries(db: Db, { period, now, timeZone }: { period: AnalyticsPeriod; now: number; timeZone: string }) {
  const { current, previous } = periodRanges(period, now);
  const both: TimeRange = { start: previous.start, end: current.end };
  const created = shipments.createdAt;
  const createdCurrent = inCurrent(created, current);
  const buckets = trendBuckets(trendUnit(period), current, timeZone);

  // Counts and revenue by status and currency, both periods: totals, revenue, statuses, exceptions.
  const volume = db
    .select({ current: createdCurrent, status: shipments.status, currency: shipments.currency, shipments: count(), revenue: sum(shipments.cost).mapWith(Number) })
    .from(shipments)
    .where(within(created, both))
    .groupBy(createdCurrent, shipments.status, shipments.currency);

  // Shipments delivered in either period: on time by the estimate's day, business days from
  // creation, and business days in transit from the first pickup scan (when there was one).
  const deliveredRows = db
    .select({
      current: inCurrent(shipments.actualDelivery, current).as("current_period"),
      createdAt: sql<number>`${created}`.as("created_at"),
      estimatedDelivery: sql<number | null>`${shipments.estimatedDelivery}`.as("estimated_delivery"),
      actualDelivery: sql<number>`${shipments.actualDelivery}`.as("actual_delivery"),
      // Written out with table names: drizzle leaves the columns of a one-table query unqualified.
      pickedUpAt: sql<number | null>`(select min("pickup"."occurred_at") from "tracking_events" "pickup" where "pickup"."shipment_id" = "shipments"."id" and "pickup"."status" in ${PICKUP_STATUSES})`.as("picked_up_at"),
    })
    .from(shipments)
    .where(within(shipments.actualDelivery, both))
    // No limit in fact (-1), but a limited subquery is never merged into the aggregate around
    // it, so the history is looked up once per delivery rather than once per use of the time.
    .limit(-1)
    .as("delivered_rows");
  const deliveries = db
    .select({
      current: deliveredRows.current,
      delivered: count(),
      withEstimate: count(deliveredRows.estimatedDelivery),
      onTime: sql<number>`coalesce(sum(${deliveredRows.actualDelivery} / ${literal(DAY_MS)} <= ${deliveredRows.estimatedDelivery} / ${literal(DAY_MS)}), 0)`.mapWith(Number),
      businessDays: sql<number>`coalesce(sum(max(${weekdaysThrough(deliveredRows.actualDelivery)} - ${weekdaysThrough(deliveredRows.createdAt)}, 0)), 0)`.mapWith(Number),
      pickedUp: count(deliveredRows.pickedUpAt),
      transitDays: sql<number>`coalesce(sum(max(${weekdaysThrough(deliveredRows.actualDelivery)} - ${weekdaysThrough(deliveredRows.pickedUpAt)}, 0)), 0)`.mapWith(Number),
    })
    .from(deliveredRows)
    .groupBy(sql`${deliveredRows.current}`);

  // A customer is the account that created the shipment, or for the admin's counter shipments
  // (no account) the sender's e-mail address.
  const customer = sql<string>`coalesce(${shipments.userId}, lower(${shipments.senderEmail}))`;
  const perCustomer = db
    .select({ current: createdCurrent.as("current_period"), shipments: count().as("customer_shipments") })
    .from(shipments)
    .where(and(within(created, both), sql`${customer} is not null`))
    .groupBy(createdCurrent, customer)
    .as("per_customer");
  const customers = db
    .select({
      current: perCustomer.current,
      customers: count(),
      returning: sql<number>`coalesce(sum(${perCustomer.shipments} >= 2), 0)`.mapWith(Number),
    })
    .from(perCustomer)
    .groupBy(sql`${perCustomer.current}`);

  // The bucket a shipment falls in: how many bucket starts after the first it has reached.
  const bucketIndex =
    buckets.length > 1
      ? sql<number>`(${sql.join(buckets.slice(1).map((bucket) => sql`(${created} >= ${bucket.start})`), sql` + `)})`.mapWith(Number)
      : sql<number>`0`.mapWith(Number);
  const trend = db
    .select({ bucket: bucketIndex, currency: shipments.currency, shipments: count(), revenue: sum(shipments.cost).mapWith(Number) })
    .from(shipments)
    .where(within(created, current))
    .groupBy(bucketIndex, shipments.currency);

  // Routes by shipments, each with its revenue per currency, then the first TOP_ROUTES routes.
  const routeRows = db
    .select({
      origin: sql<string>`${shipments.senderCountry}`.as("origin"),
      destination: sql<string>`${shipments.recipientCountry}`.as("destination"),
      currency: sql<string>`${shipments.currency}`.as("route_currency"),
      revenue: sql<number>`sum(${shipments.cost})`.as("route_revenue"),
      shipments: sql<number>`sum(count(*)) over (partition by ${shipments.senderCountry}, ${shipments.recipientCountry})`.as("route_shipments"),
    })
    .from(shipments)
    .where(within(created, current))
    .groupBy(shipments.senderCountry, shipments.recipientCountry, shipments.currency)
    .as("route_rows");
  const rankedRoutes = db
    .select({
      origin: routeRows.origin,
      destination: routeRows.destination,
      currency: routeRows.currency,
      revenue: routeRows.revenue,
      shipments: routeRows.shipments,
      rank: sql<number>`dense_rank() over (order by ${routeRows.shipments} desc, ${routeRows.origin}, ${routeRows.destination})`.as("route_rank"),
    })
    .from(routeRows)
    .as("ranked_routes");
  const routes = db
    .select({
      origin: rankedRoutes.origin,
      destination: rankedRoutes.destination,
      currency: rankedRoutes.currency,
      revenue: sql<number>`${rankedRoutes.revenue}`.mapWith(Number),
      shipments: sql<number>`${rankedRoutes.shipments}`.mapWith(Number),
      rank: rankedRoutes.rank,
    })
    .from(rankedRoutes)
    .where(lte(rankedRoutes.rank, TOP_ROUTES))
    .orderBy(sql`${rankedRoutes.rank}`, desc(sql`${rankedRoutes.revenue}`));

  // By destination country and currency, both periods; folded into pricing regions below.
  const destinations = db
    .select({ current: createdCurrent, country: shipments.recipientCountry, currency: shipments.currency, shipments: count(), revenue: sum(shipments.cost).mapWith(Number) })
    .from(shipments)
    .where(within(created, both))
    .groupBy(createdCurrent, shipments.recipientCountry, shipments.currency);

  const ratedCurrent = inCurrent(shipmentRatings.createdAt, current);
  const ratings = db
    .select({ current: ratedCurrent, ratings: count(), average: sql<number | null>`avg(${shipmentRatings.score})` })
    .from(shipmentRatings)
    .where(within(shipmentRatings.createdAt, both))
    .groupBy(ratedCurrent);

  return { ranges: { current, previous }, buckets, queries: { volume, deliveries, customers, trend, routes, destinations, ratings } };
}

function compared(current: number, previous: number): Compared {
  return { current, previous, growth: growth(current, previous) };
}

function byAmount(a: Money, b: Money): number {
  return b.amount - a.amount || a.currency.localeCompare(b.currency);
}

/** Adds `amount` to `currency`'s entry of `list`. */
function addMoney(list: Money[], currency: string, amount: number): void {
  const entry = list.find((item) => item.currency === currency);
  if (entry) entry.amount += amount;
  else list.push({ currency, amount });
}

function regionOf(country: string): PricingRegion | undefined {
  return getCountry(country)?.region;
}

/** Every figure of the analytics screen for `period`, ending `now`. Throws when D1 cannot be read. */
export async function getAnalytics(
  context: Pick<ServiceContext, "db">,
  { period, now = Date.now(), timeZone }: { period: AnalyticsPeriod; now?: number; timeZone: string },
): Promise<Analytics> {
  const { db } = context;
  const { ranges, buckets, queries } = analyticsQueries(db, { period, now, timeZone });
  const [volume, deliveries, customers, trend, routes, destinations, ratings] = await db.batch([
    queries.volume,
    queries.deliveries,
    queries.customers,
    queries.trend,
    queries.routes,
    queries.destinations,
    queries.ratings,
  ]);

  const shipmentCount = { current: 0, previous: 0 };
  const problems = { current: 0, previous: 0 };
  const revenue = new Map<string, { current: number; previous: number }>();
  const statusCounts = new Map<ShipmentStatus, number>();
  for (const row of volume) {
    const side = row.current ? "current" : "previous";
    shipmentCount[side] += row.shipments;
    const status = normalizeStatus(row.status) ?? "pending";
    if (PROBLEM_STATUSES.includes(status)) problems[side] += row.shipments;
    const money = revenue.get(row.currency) ?? { current: 0, previous: 0 };
    money[side] += row.revenue ?? 0;
    revenue.set(row.currency, money);
    if (row.current) statusCounts.set(status, (statusCounts.get(status) ?? 0) + row.shipments);
  }

  const delivery = { current: deliveries.find((row) => row.current), previous: deliveries.find((row) => !row.current) };
  const customerRows = { current: customers.find((row) => row.current), previous: customers.find((row) => !row.current) };
  const rating = { current: ratings.find((row) => row.current), previous: ratings.find((row) => !row.current) };

  const trendRows = buckets.map((bucket) => ({ ...bucket, shipments: 0, revenue: [] as Money[] }));
  const trendTotals: Money[] = [];
  for (const row of trend) {
    const bucket = trendRows[row.bucket];
    if (!bucket) continue;
    bucket.shipments += row.shipments;
    addMoney(bucket.revenue, row.currency, row.revenue ?? 0);
    addMoney(trendTotals, row.currency, row.revenue ?? 0);
  }
  for (const bucket of trendRows) bucket.revenue.sort(byAmount);

  const topRoutes: Analytics["topRoutes"] = [];
  for (const row of routes) {
    let route = topRoutes.find((entry) => entry.origin === row.origin && entry.destination === row.destination);
    if (!route) {
      route = { origin: row.origin, destination: row.destination, shipments: row.shipments, revenue: [] };
      topRoutes.push(route);
    }
    addMoney(route.revenue, row.currency, row.revenue);
  }

  const regionTotals = new Map<PricingRegion, { current: number; previous: number; revenue: Money[] }>(
    PRICING_REGIONS.map((region) => [region, { current: 0, previous: 0, revenue: [] }]),
  );
  for (const row of destinations) {
    const region = regionOf(row.country);
    const totals = region ? regionTotals.get(region) : undefined;
    if (!totals) continue;
    if (row.current) {
      totals.current += row.shipments;
      addMoney(totals.revenue, row.currency, row.revenue ?? 0);
    } else totals.previous += row.shipments;
  }

  const average = (total: number | undefined, number: number | undefined) => (number ? (total ?? 0) / number : null);
  return {
    period,
    range: ranges.current,
    previousRange: ranges.previous,
    timeZone,
    shipments: compared(shipmentCount.current, shipmentCount.previous),
    revenue: [...revenue]
      .map(([currency, money]) => ({ currency, ...compared(money.current, money.previous) }))
      .sort((a, b) => b.current - a.current || b.previous - a.previous || a.currency.localeCompare(b.currency)),
    deliveryTime: {
      value: average(delivery.current?.businessDays, delivery.current?.delivered),
      count: delivery.current?.delivered ?? 0,
      previousValue: average(delivery.previous?.businessDays, delivery.previous?.delivered),
      previousCount: delivery.previous?.delivered ?? 0,
    },
    transitTime: {
      value: average(delivery.current?.transitDays, delivery.current?.pickedUp),
      count: delivery.current?.pickedUp ?? 0,
      previousValue: average(delivery.previous?.transitDays, delivery.previous?.pickedUp),
      previousCount: delivery.previous?.pickedUp ?? 0,
    },
    satisfaction: {
      value: rating.current?.average ?? null,
      count: rating.current?.ratings ?? 0,
      previousValue: rating.previous?.average ?? null,
      previousCount: rating.previous?.ratings ?? 0,
    },
    statuses: SHIPMENT_STATUSES.filter((status) => statusCounts.has(status))
      .map((status) => ({ status, count: statusCounts.get(status)!, percent: (statusCounts.get(status)! / shipmentCount.current) * 100 }))
      .sort((a, b) => b.count - a.count),
    trend: { unit: trendUnit(period), currencies: trendTotals.sort(byAmount).map((money) => money.currency), buckets: trendRows },
    onTime: rate(
      delivery.current?.onTime ?? 0,
      delivery.current?.withEstimate ?? 0,
      delivery.previous?.onTime ?? 0,
      delivery.previous?.withEstimate ?? 0,
    ),
    retention: rate(
      customerRows.current?.returning ?? 0,
      customerRows.current?.customers ?? 0,
      customerRows.previous?.returning ?? 0,
      customerRows.previous?.customers ?? 0,
    ),
    exceptions: rate(problems.current, shipmentCount.current, problems.previous, shipmentCount.previous),
    topRoutes: topRoutes.map((route) => ({ ...route, revenue: route.revenue.sort(byAmount) })),
    regions: PRICING_REGIONS.map((region) => {
      const totals = regionTotals.get(region)!;
      return {
        region,
        shipments: compared(totals.current, totals.previous),
        share: percentOf(totals.current, shipmentCount.current),
        revenue: totals.revenue.sort(byAmount),
      };
    }).sort((a, b) => b.shipments.current - a.shipments.current),
  };
}

function rate(part: number, whole: number, previousPart: number, previousWhole: number): Rate {
  return { part, whole, percent: percentOf(part, whole), previousPercent: percentOf(previousPart, previousWhole) };
}

/** What the page shows: the figures, or zeros and the failure when D1 could not be read. */
export type AnalyticsLoad = { state: "ok"; analytics: Analytics } | { state: "failed"; analytics: Analytics };

export async function loadAnalytics(
  context: Pick<ServiceContext, "db">,
  input: { period: AnalyticsPeriod; now?: number; timeZone: string },
): Promise<AnalyticsLoad> {
  const now = input.now ?? Date.now();
  try {
    return { state: "ok", analytics: await getAnalytics(context, { ...input, now }) };
  } catch (error) {
    console.error("Analytics load failed", error);
    return { state: "failed", analytics: emptyAnalytics(input.period, now, input.timeZone) };
  }
}
