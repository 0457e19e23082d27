// The admin's analytics: every figure from SQL aggregates, all read in one db.batch. The
// figures add up the rollups (per-hour, per-day and per-16-day sums kept by triggers, decision
// 120) over the pieces of the period, and the shipments themselves over the parts of an hour
// at its ends, so their cost follows the period's length, not the table. Retention alone reads
// shipments: the period's by creation time, or over 90 days and a year the customers' covering
// index in order. tests/integration/analytics.test.ts checks the plans.
import { and, count, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  shipmentCreatedStats,
  shipmentCurrencyStats,
  shipmentDeliveryStats,
  shipmentDestinationStats,
  shipmentRatings,
  shipmentRatingStats,
  shipmentRouteStats,
  shipments,
} from "../../../drizzle/schema";
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
} from "~/features/analytics/analytics";
import { getCountry, PRICING_REGIONS, type PricingRegion } from "~/domain/countries";
import { coverRanges, HOUR_MS, type RollupRun } from "~/features/analytics/rollup-cover";
import { normalizeStatus, SHIPMENT_STATUSES, type ShipmentStatus } from "~/features/shipments/shipment-status";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import { revenueTotal, type Money, type RevenueTotal } from "~/features/pricing/revenue";
import { listExchangeRates } from "~/features/settings/settings.server";

/** How many routes Top Routes lists. */
export const TOP_ROUTES = 10;

const DAY_MS = 86_400_000;

/** Periods whose retention reads the customers' index whole rather than the period's shipments sorted. */
const LONG_PERIODS: readonly AnalyticsPeriod[] = ["90d", "1y"];

export type { Money };

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
  /** The revenue of each period in the base currency at `rates`, with its parts per currency, and how it moved. */
  revenueTotal: { current: RevenueTotal; previous: RevenueTotal; growth: Growth };
  /** The stored exchange rates every total of the screen (routes, regions, trend) is converted at. */
  rates: ExchangeRate[];
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
  /**
   * Operational efficiency: of the shipments that reached an outcome in the period (delivered in
   * it with an estimate, or created in it and now in a problem status), those delivered on or
   * before their estimated day. A late delivery and an exception both count against it.
   */
  efficiency: Rate;
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
    revenueTotal: { current: revenueTotal([], []), previous: revenueTotal([], []), growth: growth(0, 0) },
    rates: [],
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
    efficiency: noRate,
    topRoutes: [],
    regions: PRICING_REGIONS.map((region) => ({ region, shipments: zero, share: null, revenue: [] })),
  };
}

/** 1 for a time in `range`'s current period, 0 for the previous one (the query reads both). */
function inCurrent(column: SQLiteColumn, range: TimeRange) {
  return sql<number>`(${column} >= ${range.start})`.mapWith(Number);
}

/** A constant written into the SQL, so that integer arithmetic stays integer whatever the binding does. */
const literal = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.raw(String(value));
};

/** SQL of weekdaysBefore (app/features/shipments/delivery-dates.ts) for the day after the one `time` falls on. */
function weekdaysThrough(time: SQLiteColumn | SQL.Aliased): SQL {
  const day = sql`(${time} / ${literal(DAY_MS)} + 1)`;
  return sql`(5 * (${day} / 7) + min(${day} % 7, 2) + max(${day} % 7 - 4, 0))`;
}

type Rollup = { span: SQLiteColumn; hour: SQLiteColumn };

/** The rollup rows of `runs` (written out as constants: a trend's runs would pass D1's 100 bound parameters). */
function inRuns(table: Rollup, runs: readonly RollupRun[]): SQL {
  // No run: an empty range, still read by the primary key.
  const all = runs.length > 0 ? runs : [{ span: 1, from: 0, to: 0 }];
  return or(...all.map((run) => sql`(${table.span} = ${literal(run.span)} and ${table.hour} >= ${literal(run.from)} and ${table.hour} < ${literal(run.to)})`))!;
}

/** The rows whose `column` falls in one of `ranges` (the parts of an hour a cover reads raw). */
function inRaw(column: SQLiteColumn, ranges: readonly TimeRange[]): SQL {
  const all = ranges.length > 0 ? ranges : [{ start: 0, end: 0 }];
  return or(...all.map((range) => sql`(${column} >= ${literal(range.start)} and ${column} < ${literal(range.end)})`))!;
}

/** 1 for a rollup piece of the current period: no piece crosses its start (coverRanges). */
function pieceInCurrent(table: Rollup, range: TimeRange) {
  return sql<number>`(${table.hour} * ${literal(HOUR_MS)} >= ${literal(range.start)})`.mapWith(Number);
}

/** The trend bucket a time falls in: how many bucket starts after the first it has reached. */
function bucketOf(time: SQL | SQLiteColumn, buckets: readonly TimeRange[]) {
  return buckets.length > 1
    ? sql<number>`(${sql.join(buckets.slice(1).map((bucket) => sql`(${time} >= ${literal(bucket.start)})`), sql` + `)})`.mapWith(Number)
    : sql<number>`0`.mapWith(Number);
}

const total = (column: SQLiteColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The queries behind the figures; `getAnalytics` runs them in one batch, the tests read their
 * plans. Every figure but retention reads the rollups (decision 120) for the whole pieces of
 * its range and the shipments themselves for the parts of an hour at its ends, two queries
 * whose rows are added up; retention (customers with two or more shipments) does not add up
 * by pieces and reads the period's shipments.
 */
export function analyticsQueries(db: Db, { period, now, timeZone }: { period: AnalyticsPeriod; now: number; timeZone: string }) {
  const { current, previous } = periodRanges(period, now);
  const both: TimeRange = { start: previous.start, end: current.end };
  const bothCover = coverRanges([previous.start, current.start, current.end]);
  const currentCover = coverRanges([current.start, current.end]);
  const created = shipments.createdAt;
  const createdCurrent = inCurrent(created, current);
  const buckets = trendBuckets(trendUnit(period), current, timeZone);
  const trendCover = coverRanges([...buckets.map((bucket) => bucket.start), current.end]);
  const byStatus = shipmentCreatedStats;
  const byRoute = shipmentRouteStats;
  const byDestination = shipmentDestinationStats;
  const byCurrency = shipmentCurrencyStats;
  const byDelivery = shipmentDeliveryStats;
  const byRating = shipmentRatingStats;

  // Counts and revenue by status and currency, both periods: totals, revenue, statuses, exceptions.
  const volume = db
    .select({ current: pieceInCurrent(byStatus, current), status: byStatus.status, currency: byStatus.currency, shipments: total(byStatus.shipments), revenue: total(byStatus.revenue) })
    .from(byStatus)
    .where(and(inRuns(byStatus, bothCover.runs), ne(byStatus.shipments, 0)))
    .groupBy(pieceInCurrent(byStatus, current), byStatus.status, byStatus.currency);
  const volumeRaw = db
    .select({ current: createdCurrent, status: shipments.status, currency: shipments.currency, shipments: count(), revenue: total(shipments.cost) })
    .from(shipments)
    .where(inRaw(created, bothCover.raw))
    .groupBy(createdCurrent, shipments.status, shipments.currency);

  // Deliveries in either period: on time by the estimate's day, business days from creation,
  // and business days in transit from the first pickup scan (when there was one).
  const deliveries = db
    .select({
      current: pieceInCurrent(byDelivery, current),
      delivered: total(byDelivery.delivered),
      withEstimate: total(byDelivery.withEstimate),
      onTime: total(byDelivery.onTime),
      businessDays: total(byDelivery.businessDays),
      pickedUp: total(byDelivery.pickedUp),
      transitDays: total(byDelivery.transitDays),
    })
    .from(byDelivery)
    .where(inRuns(byDelivery, bothCover.runs))
    .groupBy(pieceInCurrent(byDelivery, current));
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
    .where(inRaw(shipments.actualDelivery, bothCover.raw))
    // No limit in fact (-1), but a limited subquery is never merged into the aggregate around
    // it, so the history is looked up once per delivery rather than once per use of the time.
    .limit(-1)
    .as("delivered_rows");
  const deliveriesRaw = db
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
  // (no account) the sender's e-mail address. Short periods read their shipments by creation
  // time and sort them by customer; long ones read the customers in order from their index
  // (`+` keeps the creation-time index out), which needs no sort: at 100,000 shipments a
  // year's sort cost several times the whole index.
  const customer = sql<string>`coalesce(${shipments.userId}, lower(${shipments.senderEmail}))`;
  const createdTime = LONG_PERIODS.includes(period) ? sql`+${created}` : sql`${created}`;
  const perCustomer = db
    .select({
      current: sql<number>`sum(${created} >= ${current.start})`.as("current_shipments"),
      previous: sql<number>`sum(${created} < ${current.start})`.as("previous_shipments"),
    })
    .from(shipments)
    .where(and(sql`${createdTime} >= ${both.start}`, sql`${createdTime} < ${both.end}`, sql`${customer} is not null`))
    .groupBy(customer)
    .as("per_customer");
  const customers = db
    .select({
      customers: sql<number>`coalesce(sum(${perCustomer.current} >= 1), 0)`.mapWith(Number),
      returning: sql<number>`coalesce(sum(${perCustomer.current} >= 2), 0)`.mapWith(Number),
      previousCustomers: sql<number>`coalesce(sum(${perCustomer.previous} >= 1), 0)`.mapWith(Number),
      previousReturning: sql<number>`coalesce(sum(${perCustomer.previous} >= 2), 0)`.mapWith(Number),
    })
    .from(perCustomer);

  const trendBucket = bucketOf(sql`(${byCurrency.hour} * ${literal(HOUR_MS)})`, buckets);
  const trend = db
    .select({ bucket: trendBucket, currency: byCurrency.currency, shipments: total(byCurrency.shipments), revenue: total(byCurrency.revenue) })
    .from(byCurrency)
    .where(and(inRuns(byCurrency, trendCover.runs), ne(byCurrency.shipments, 0)))
    .groupBy(trendBucket, byCurrency.currency);
  const trendRaw = db
    .select({ bucket: bucketOf(created, buckets), currency: shipments.currency, shipments: count(), revenue: total(shipments.cost) })
    .from(shipments)
    .where(inRaw(created, trendCover.raw))
    .groupBy(bucketOf(created, buckets), shipments.currency);

  // Every route's shipments and revenue per currency; ranked in getAnalytics.
  const routes = db
    .select({ origin: byRoute.origin, destination: byRoute.destination, currency: byRoute.currency, shipments: total(byRoute.shipments), revenue: total(byRoute.revenue) })
    .from(byRoute)
    .where(and(inRuns(byRoute, currentCover.runs), ne(byRoute.shipments, 0)))
    .groupBy(byRoute.origin, byRoute.destination, byRoute.currency);
  const routesRaw = db
    .select({ origin: shipments.senderCountry, destination: shipments.recipientCountry, currency: shipments.currency, shipments: count(), revenue: total(shipments.cost) })
    .from(shipments)
    .where(inRaw(created, currentCover.raw))
    .groupBy(shipments.senderCountry, shipments.recipientCountry, shipments.currency);

  // By destination country and currency, both periods; folded into pricing regions below.
  const destinations = db
    .select({ current: pieceInCurrent(byDestination, current), country: byDestination.destination, currency: byDestination.currency, shipments: total(byDestination.shipments), revenue: total(byDestination.revenue) })
    .from(byDestination)
    .where(and(inRuns(byDestination, bothCover.runs), ne(byDestination.shipments, 0)))
    .groupBy(pieceInCurrent(byDestination, current), byDestination.destination, byDestination.currency);
  const destinationsRaw = db
    .select({ current: createdCurrent, country: shipments.recipientCountry, currency: shipments.currency, shipments: count(), revenue: total(shipments.cost) })
    .from(shipments)
    .where(inRaw(created, bothCover.raw))
    .groupBy(createdCurrent, shipments.recipientCountry, shipments.currency);

  const ratings = db
    .select({ current: pieceInCurrent(byRating, current), ratings: total(byRating.ratings), scores: total(byRating.scoreSum) })
    .from(byRating)
    .where(inRuns(byRating, bothCover.runs))
    .groupBy(pieceInCurrent(byRating, current));
  const ratedCurrent = inCurrent(shipmentRatings.createdAt, current);
  const ratingsRaw = db
    .select({ current: ratedCurrent, ratings: count(), scores: total(shipmentRatings.score) })
    .from(shipmentRatings)
    .where(inRaw(shipmentRatings.createdAt, bothCover.raw))
    .groupBy(ratedCurrent);

  return {
    ranges: { current, previous },
    buckets,
    queries: { volume, volumeRaw, deliveries, deliveriesRaw, customers, trend, trendRaw, routes, routesRaw, destinations, destinationsRaw, ratings, ratingsRaw },
  };
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

/** SQLite's order of text (by code unit), which the ranking of routes followed. */
function codeOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The sums of `keys` over the rows of one period (`current` 1) or the other (0); zeros without rows. */
function sumSide<Key extends string>(rows: readonly ({ current: number } & Record<Key, number>)[], current: 0 | 1, keys: readonly Key[]): Record<Key, number> {
  const sums = Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
  for (const row of rows) if (Boolean(row.current) === Boolean(current)) for (const key of keys) sums[key] += row[key];
  return sums;
}

const DELIVERY_SUMS = ["delivered", "withEstimate", "onTime", "businessDays", "pickedUp", "transitDays"] as const;
const RATING_SUMS = ["ratings", "scores"] as const;

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
  const q = queries;
  const [volume, volumeRaw, deliveryRows, deliveryRawRows, customers, trend, trendRaw, routes, routesRaw, destinations, destinationsRaw, ratingRows, ratingRawRows, rates] =
    await db.batch([q.volume, q.volumeRaw, q.deliveries, q.deliveriesRaw, q.customers, q.trend, q.trendRaw, q.routes, q.routesRaw, q.destinations, q.destinationsRaw, q.ratings, q.ratingsRaw, listExchangeRates(db)]);

  const shipmentCount = { current: 0, previous: 0 };
  const problems = { current: 0, previous: 0 };
  const revenue = new Map<string, { current: number; previous: number }>();
  const statusCounts = new Map<ShipmentStatus, number>();
  for (const row of [...volume, ...volumeRaw]) {
    const side = row.current ? "current" : "previous";
    shipmentCount[side] += row.shipments;
    const status = normalizeStatus(row.status) ?? "pending";
    if (PROBLEM_STATUSES.includes(status)) problems[side] += row.shipments;
    const money = revenue.get(row.currency) ?? { current: 0, previous: 0 };
    money[side] += row.revenue;
    revenue.set(row.currency, money);
    if (row.current) statusCounts.set(status, (statusCounts.get(status) ?? 0) + row.shipments);
  }

  const deliveryAll = [...deliveryRows, ...deliveryRawRows];
  const delivery = { current: sumSide(deliveryAll, 1, DELIVERY_SUMS), previous: sumSide(deliveryAll, 0, DELIVERY_SUMS) };
  const customerRow = customers[0] ?? { customers: 0, returning: 0, previousCustomers: 0, previousReturning: 0 };
  const ratingAll = [...ratingRows, ...ratingRawRows];
  const rating = { current: sumSide(ratingAll, 1, RATING_SUMS), previous: sumSide(ratingAll, 0, RATING_SUMS) };

  const trendRows = buckets.map((bucket) => ({ ...bucket, shipments: 0, revenue: [] as Money[] }));
  const trendTotals: Money[] = [];
  for (const row of [...trend, ...trendRaw]) {
    const bucket = trendRows[row.bucket];
    if (!bucket) continue;
    bucket.shipments += row.shipments;
    addMoney(bucket.revenue, row.currency, row.revenue);
    addMoney(trendTotals, row.currency, row.revenue);
  }
  for (const bucket of trendRows) bucket.revenue.sort(byAmount);

  // Routes by shipments, ties by the countries' codes, each with its revenue per currency.
  const routeTotals = new Map<string, { origin: string; destination: string; shipments: number; revenue: Money[] }>();
  for (const row of [...routes, ...routesRaw]) {
    const key = `${row.origin} ${row.destination}`;
    const route = routeTotals.get(key) ?? { origin: row.origin, destination: row.destination, shipments: 0, revenue: [] };
    route.shipments += row.shipments;
    addMoney(route.revenue, row.currency, row.revenue);
    routeTotals.set(key, route);
  }
  const topRoutes = [...routeTotals.values()]
    .sort((a, b) => b.shipments - a.shipments || codeOrder(a.origin, b.origin) || codeOrder(a.destination, b.destination))
    .slice(0, TOP_ROUTES);

  const regionTotals = new Map<PricingRegion, { current: number; previous: number; revenue: Money[] }>(
    PRICING_REGIONS.map((region) => [region, { current: 0, previous: 0, revenue: [] }]),
  );
  for (const row of [...destinations, ...destinationsRaw]) {
    const region = regionOf(row.country);
    const totals = region ? regionTotals.get(region) : undefined;
    if (!totals) continue;
    if (row.current) {
      totals.current += row.shipments;
      addMoney(totals.revenue, row.currency, row.revenue);
    } else totals.previous += row.shipments;
  }

  const average = (total: number | undefined, number: number | undefined) => (number ? (total ?? 0) / number : null);
  const revenueIn = (side: "current" | "previous") => revenueTotal([...revenue].map(([currency, money]) => ({ currency, amount: money[side] })), rates);
  const [currentRevenue, previousRevenue] = [revenueIn("current"), revenueIn("previous")];
  return {
    period,
    range: ranges.current,
    previousRange: ranges.previous,
    timeZone,
    shipments: compared(shipmentCount.current, shipmentCount.previous),
    revenue: [...revenue]
      .map(([currency, money]) => ({ currency, ...compared(money.current, money.previous) }))
      .sort((a, b) => b.current - a.current || b.previous - a.previous || a.currency.localeCompare(b.currency)),
    revenueTotal: { current: currentRevenue, previous: previousRevenue, growth: growth(currentRevenue.total, previousRevenue.total) },
    rates,
    deliveryTime: {
      value: average(delivery.current.businessDays, delivery.current.delivered),
      count: delivery.current.delivered,
      previousValue: average(delivery.previous.businessDays, delivery.previous.delivered),
      previousCount: delivery.previous.delivered,
    },
    transitTime: {
      value: average(delivery.current.transitDays, delivery.current.pickedUp),
      count: delivery.current.pickedUp,
      previousValue: average(delivery.previous.transitDays, delivery.previous.pickedUp),
      previousCount: delivery.previous.pickedUp,
    },
    satisfaction: {
      value: average(rating.current.scores, rating.current.ratings),
      count: rating.current.ratings,
      previousValue: average(rating.previous.scores, rating.previous.ratings),
      previousCount: rating.previous.ratings,
    },
    statuses: SHIPMENT_STATUSES.filter((status) => statusCounts.has(status))
      .map((status) => ({ status, count: statusCounts.get(status)!, percent: (statusCounts.get(status)! / shipmentCount.current) * 100 }))
      .sort((a, b) => b.count - a.count),
    trend: { unit: trendUnit(period), currencies: trendTotals.sort(byAmount).map((money) => money.currency), buckets: trendRows },
    onTime: rate(
      delivery.current.onTime,
      delivery.current.withEstimate,
      delivery.previous.onTime,
      delivery.previous.withEstimate,
    ),
    retention: rate(customerRow.returning, customerRow.customers, customerRow.previousReturning, customerRow.previousCustomers),
    exceptions: rate(problems.current, shipmentCount.current, problems.previous, shipmentCount.previous),
    efficiency: rate(
      delivery.current.onTime,
      delivery.current.withEstimate + problems.current,
      delivery.previous.onTime,
      delivery.previous.withEstimate + problems.previous,
    ),
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
