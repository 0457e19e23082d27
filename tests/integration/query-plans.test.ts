// The main lists and aggregates use an index (issue 16: flat costs at 100,000 shipments). Each
// service runs against the real D1 through the bench's recording wrapper; every statement it
// sent is then explained, and no plan may read a large table row by row without an index.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_TRACKING_IDS, SEED_USER_IDS } from "../../drizzle/seed-data";
import { countingD1, type D1Counts } from "~/.server/bench-d1";
import { getDb, type Db } from "~/.server/db";
import { listOwnShipments } from "~/features/shipments/customer-shipments.server";
import { getAnalytics } from "~/features/analytics/analytics.server";
import { listShipments, shipmentStats } from "~/features/shipments/shipment-list.server";
import { lookUpTracking } from "~/features/tracking/tracking.server";
import { ANALYTICS_PERIODS } from "~/features/analytics/analytics";
import { parseAdminShipmentFilters, parseCustomerShipmentFilters } from "~/features/shipments/shipment-filters";
import { seedDemoData } from "./fixtures";
import { seedBulkShipments } from "../../drizzle/seed-bulk";

const LARGE_TABLES = [
  "shipments",
  "tracking_events",
  "invoices",
  "users",
  "sessions",
  "events",
  "shipment_ratings",
  // The rollups hold a row per hour of history at their finest span (decision 120).
  "shipment_created_stats",
  "shipment_route_stats",
  "shipment_destination_stats",
  "shipment_currency_stats",
  "shipment_delivery_stats",
  "shipment_rating_stats",
];

beforeAll(async () => {
  await seedDemoData();
});

/** The query plan lines of every statement `read` sent. */
async function plansOf(read: (db: Db) => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
  const counts: D1Counts = { queries: 0, writes: 0, statements: [] };
  await read(getDb({ DB: countingD1(env.DB, counts) }));
  expect(counts.statements!.length).toBeGreaterThan(0);
  return Promise.all(
    counts.statements!.map(async ({ sql, params }) => {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
      return { sql, plan: results.map((row) => row.detail) };
    }),
  );
}

/**
 * Plan lines that read a large table whole, row by row (a covering index scan is allowed). A
 * statement whose WHERE is the constant 0 (the tracking read's owner-only parts for a visitor)
 * reads no row: SQLite tests a constant condition before its loop.
 */
function tableScans(plans: { sql: string; plan: string[] }[]): string[] {
  return plans.filter(({ sql }) => !/ where 0$/i.test(sql)).flatMap(({ sql, plan }) =>
    plan.filter((line) => LARGE_TABLES.some((table) => new RegExp(`^SCAN ${table}$`).test(line))).map((line) => `${line} in ${sql}`),
  );
}

describe("query plans of the main lists and aggregates", () => {
  it("the anonymous tracking read searches by tracking ID", async () => {
    const plans = await plansOf((db) => lookUpTracking(db, DEMO_TRACKING_IDS[0]!.trackingId, null));
    expect(tableScans(plans)).toEqual([]);
    expect(plans[0]!.plan.join("\n")).toMatch(/SEARCH shipments USING INDEX/);
  });

  it("the owner's tracking read (history, invoice, parcels) searches by tracking ID and shipment", async () => {
    const owner = { id: SEED_USER_IDS.customer, email: "", firstName: "", lastName: "", role: "user" as const };
    const plans = await plansOf((db) => lookUpTracking(db, DEMO_TRACKING_IDS[0]!.trackingId, owner));
    expect(tableScans(plans)).toEqual([]);
  });

  it("the admin list, newest first, filtered by status, by a tracking ID prefix, and its count", async () => {
    for (const query of ["", "status=in-transit", "sortBy=createdAt&sortOrder=asc", "status=delivered&page=2"]) {
      const plans = await plansOf((db) => listShipments(db, parseAdminShipmentFilters(new URLSearchParams(query))));
      expect(tableScans(plans), query).toEqual([]);
    }
  });

  it("the admin dashboard's tiles and its unfiltered count read the rollup's 16-day pieces", async () => {
    const plans = [...(await plansOf((db) => shipmentStats(db))), ...(await plansOf((db) => listShipments(db, parseAdminShipmentFilters(new URLSearchParams("")))))];
    expect(tableScans(plans)).toEqual([]);
    const tiles = plans.filter(({ sql }) => sql.includes("shipment_created_stats"));
    expect(tiles).toHaveLength(2);
    for (const { plan } of tiles) expect(plan.join("\n")).toMatch(/^SEARCH shipment_created_stats USING PRIMARY KEY \(span=\?\)$/m);
  });

  it("the analytics figures read rollups by key and shipments by covering indexes, for every period", async () => {
    for (const period of ANALYTICS_PERIODS) {
      const plans = await plansOf((db) => getAnalytics({ db }, { period, now: Date.now(), timeZone: "America/New_York" }));
      expect(tableScans(plans), period).toEqual([]);
      const steps = plans.flatMap(({ plan }) => plan).filter((line) => /^(SCAN|SEARCH) /.test(line));
      // The stored exchange rates are read whole: one row per currency of the picker, at most 50.
      for (const step of steps) expect(step, period).toMatch(/^SEARCH \S+ USING (PRIMARY KEY|COVERING INDEX \S+|INDEX tracking_events_shipment_time) \(|^SCAN (per_customer|delivered_rows)$|^SCAN shipments USING COVERING INDEX shipments_customer_created$|^SCAN exchange_rates USING INDEX sqlite_autoindex_exchange_rates_1$/);
    }
  });

  it("the customer's list and tiles search by owner", async () => {
    for (const query of ["", "status=delivered", "search=SWP"]) {
      const plans = await plansOf((db) => listOwnShipments(db, SEED_USER_IDS.customer, parseCustomerShipmentFilters(new URLSearchParams(query)), 0));
      expect(tableScans(plans), query).toEqual([]);
    }
  });
});

describe("query plans of the admin's search", () => {
  /** Every plan line that reads shipments row by row, whole or along an index, instead of seeking into it. */
  const shipmentWalks = (plans: { sql: string; plan: string[] }[]) =>
    plans.flatMap(({ sql, plan }) => plan.filter((line) => /^SCAN shipments\b/.test(line)).map((line) => `${line} in ${sql}`));
  const search = (text: string, more = "") => (db: Db) => listShipments(db, parseAdminShipmentFilters(new URLSearchParams(`search=${encodeURIComponent(text)}${more}`)));

  it("a whole tracking ID or its start seeks the unique index, and reads no name", async () => {
    const { trackingId } = DEMO_TRACKING_IDS[0]!;
    for (const text of [trackingId, trackingId.toLowerCase(), trackingId.slice(0, 7), "SWP"]) {
      const plans = await plansOf(search(text));
      expect(shipmentWalks(plans), text).toEqual([]);
      expect(plans.flatMap(({ plan }) => plan).join("\n"), text).toMatch(/SEARCH shipments USING (COVERING )?INDEX shipments_tracking_id_unique \(tracking_id[=>]/);
    }
    const whole = await plansOf(search(trackingId));
    expect(whole.map(({ sql }) => sql).join("\n")).not.toMatch(/shipment_search/);
  });

  it("names, e-mails and cities go through the trigram index, with every filter and sort", async () => {
    const filters = ["", "&status=delivered", "&period=month", "&dateFrom=2020-01-01&dateTo=2030-01-01", "&sortBy=totalCost&sortOrder=asc", "&page=3"];
    for (const text of ["Lena Fischer", "fischer@", "São Paulo", "Chicago", "50%_off"]) {
      for (const more of filters) {
        const plans = await plansOf(search(text, more));
        expect(shipmentWalks(plans), text + more).toEqual([]);
        const lines = plans.flatMap(({ plan }) => plan);
        // L: the index's LIKE; the escaped LIKE is tested on what it finds.
        expect(lines.some((line) => /^SCAN shipment_search VIRTUAL TABLE INDEX 0:L/.test(line)), text + more).toBe(true);
        expect(lines.join("\n"), text + more).toMatch(/SEARCH shipments USING INDEX sqlite_autoindex_shipments_1 \(id=\?\)/);
      }
    }
  });

  it("a search that finds more than 1,000 counts 1,001 of them and reads the list's own order, not the whole table", async () => {
    await seedBulkShipments(env.DB, { count: 1_100, now: Date.now(), passwordHash: "unused" });
    // Every bulk shipment's tracking ID starts with BEN, and its sender's address is at example.com.
    for (const text of ["BEN", "example.com"]) {
      const page = await search(text)(getDb({ DB: env.DB }));
      expect(page.pagination, text).toMatchObject({ total: 1_000, more: true, hasNext: true, pageCount: 100 });
      expect(page.rows).toHaveLength(10);
      const plans = await plansOf(search(text));
      expect(tableScans(plans), text).toEqual([]);
      const [counted, listed] = plans;
      expect(counted!.sql, text).toMatch(/limit \?/);
      expect(shipmentWalks([counted!]), text).toEqual([]);
      // Newest first: the created-at index in order, stopping at the page's tenth match.
      expect(listed!.plan, text).toContain("SCAN shipments USING INDEX shipments_created");
      // In another order, every match the indexes find is sorted.
      const byCost = await plansOf(search(text, "&sortBy=totalCost"));
      expect(shipmentWalks(byCost), text).toEqual([]);
    }
  });
});
