// Every analytics figure against a hand-counted fixture (analytics-fixture.ts), the query plans
// (indexes only, never a scan of the shipments), and the failure path.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsQueries, getAnalytics, loadAnalytics } from "~/features/analytics/analytics.server";
import { db } from "./fixtures";
import { insertAnalyticsFixture, NOW } from "./analytics-fixture";

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
