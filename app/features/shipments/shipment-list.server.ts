// The shipment lists: the admin's view of all shipments and the customer's of their own
// (customer-shipments.ts), each filtered, sorted and paged in SQL, and the totals their tiles show.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, sum, type SQL } from "drizzle-orm";
import { sqliteTable, text, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { shipmentCreatedStats, shipments, trackingEvents } from "../../../drizzle/schema";
import { ROLLUP_SPANS } from "~/features/analytics/rollup-cover";
import { DELIVERED_STATUSES, isDelivered, normalizeStatus, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { dateRange } from "~/domain/list-filters";
import { periodStart, type AdminShipmentFilters, type ShipmentFilters } from "~/features/shipments/shipment-filters";
import { PAGE_SIZE, pageOffset, paginate, type Pagination } from "~/domain/pagination";
import type { SortField } from "~/features/shipments/shipment-sort";
import type { Db } from "~/.server/db";
import { safeRedirect } from "~/.server/safe-redirect";
import { invariantResponse } from "~/.server/invariant";
import { containsText, indexedContainsText, startsWithRange } from "~/.server/text-search";
import { appendOrder } from "~/features/tracking/tracking.server";
import { normalizeTrackingId, TRACKING_ID_PATTERN } from "~/features/tracking/tracking-id";
import { listExchangeRates } from "~/features/settings/settings.server";
import { revenueTotal, type RevenueTotal } from "~/features/pricing/revenue";

/** What every shipment list shows of a shipment. */
export type ShipmentRow = {
  id: string;
  trackingId: string;
  status: ShipmentStatus;
  destinationCity: string;
  destinationCountry: string;
  createdAt: number;
  /** The price before tax, in minor units of `currency`, and the tax rate it is charged at (chargeFor gives the total). */
  cost: number;
  currency: string;
  taxRateBasisPoints: number;
};

/** A row of the admin's list: who sends it, from where, its declared value and where it is now. */
export type AdminShipmentRow = ShipmentRow & {
  senderName: string;
  senderEmail: string | null;
  originCity: string;
  originCountry: string;
  declaredValue: number;
  currentLocation: string | null;
};

/** A page of a shipment list. */
export type ShipmentPage<Row extends ShipmentRow> = { rows: Row[]; pagination: Pagination };

/** The select columns of a ShipmentRow; a list adds its own. */
export const SHIPMENT_ROW_COLUMNS = {
  id: shipments.id,
  trackingId: shipments.trackingId,
  status: shipments.status,
  destinationCity: shipments.recipientCity,
  destinationCountry: shipments.recipientCountry,
  createdAt: shipments.createdAt,
  cost: shipments.cost,
  currency: shipments.currency,
  taxRateBasisPoints: shipments.taxRateBasisPoints,
};

/** A selected row with its stored status read as a ShipmentStatus. */
export function toShipmentRow<Row extends { status: string }>(row: Row): Row & { status: ShipmentStatus } {
  return { ...row, status: normalizeStatus(row.status) ?? "pending" };
}

const SORT_COLUMNS: Record<SortField, SQLiteColumn> = {
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
  trackingId: shipments.trackingId,
  status: shipments.status,
  totalCost: shipments.cost,
};

/** The list's order; ties go newest first, then by id, so that paging never shows a row twice or skips one. */
export function shipmentOrder(filters: ShipmentFilters): SQL[] {
  const direction = filters.sortOrder === "asc" ? asc : desc;
  return [direction(SORT_COLUMNS[filters.sortBy]), desc(shipments.createdAt), asc(shipments.id)];
}

/** The shipments a status filter lists: "delivered" is every delivered status (isDelivered), the others themselves. */
function hasStatus(status: ShipmentStatus): SQL {
  return status === "delivered" ? inArray(shipments.status, [...DELIVERED_STATUSES]) : eq(shipments.status, status);
}

/** The status filter every list has; undefined for every status. */
export function statusCondition(filters: ShipmentFilters): SQL | undefined {
  return filters.status ? hasStatus(filters.status) : undefined;
}

/** A search matches the start of a tracking ID, as a range of its unique index (IDs are stored upper case). */
export function trackingIdStartsWith(search: string): SQL {
  return startsWithRange(shipments.trackingId, normalizeTrackingId(search));
}

/**
 * The FTS5 index of what an admin's search finds besides tracking IDs (migration 0020): one row
 * per shipment, its `body` the sender's and recipient's names, e-mails and cities, one a line.
 */
const shipmentSearch = sqliteTable("shipment_search", { shipmentId: text("shipment_id").notNull(), body: text("body").notNull() });

/** The shipment columns an admin's search finds any part of (shipment_search's body). */
const SEARCHED_COLUMNS = [
  shipments.senderName,
  shipments.senderEmail,
  shipments.senderCity,
  shipments.recipientName,
  shipments.recipientEmail,
  shipments.recipientCity,
];

/** A search counts its matches up to this many; beyond, the list says "1,000+". */
export const SEARCH_COUNT_LIMIT = 1_000;

/** The admin's filters other than the search: status, time period, created dates. */
function adminConditions(filters: AdminShipmentFilters, now: number, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [statusCondition(filters)];
  const since = periodStart(filters.period, now, timeZone);
  if (since !== null) conditions.push(gte(shipments.createdAt, since));
  const range = dateRange(filters.dateFrom, filters.dateTo, timeZone);
  if (range.start !== null) conditions.push(gte(shipments.createdAt, range.start));
  if (range.end !== null) conditions.push(lt(shipments.createdAt, range.end));
  return and(...conditions);
}

/**
 * The ids of the shipments a search finds among those `where` keeps, each part from an index: a
 * whole tracking ID is that one shipment; anything else is the tracking IDs it starts (a range
 * of their unique index) and the shipments whose names, e-mails or cities contain it (the
 * trigram index). A line break cannot be inside one of those, so such a search skips the index.
 */
function searchedIds(db: Db, search: string, where: SQL | undefined) {
  const trackingId = normalizeTrackingId(search);
  const isWholeId = TRACKING_ID_PATTERN.test(trackingId);
  const byTrackingId = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(isWholeId ? eq(shipments.trackingId, trackingId) : trackingIdStartsWith(trackingId), where));
  if (isWholeId || search.includes("\n")) return [byTrackingId];
  const byText = db
    .select({ id: shipments.id })
    .from(shipmentSearch)
    .innerJoin(shipments, eq(shipments.id, shipmentSearch.shipmentId))
    .where(and(indexedContainsText(shipmentSearch.body, search), where));
  return [byTrackingId, byText];
}

/** The same search, tested on each shipment's own columns: for reading an index in the list's order. */
function searchCondition(search: string): SQL {
  return or(trackingIdStartsWith(search), ...SEARCHED_COLUMNS.map((column) => containsText(column, search)))!;
}

const ADMIN_ROW_COLUMNS = {
  ...SHIPMENT_ROW_COLUMNS,
  senderName: shipments.senderName,
  senderEmail: shipments.senderEmail,
  originCity: shipments.senderCity,
  originCountry: shipments.senderCountry,
  declaredValue: shipments.declaredValue,
  currentLocation: shipments.currentLocation,
};

/** One page of every shipment, as the admin searched, filtered and sorted it. */
export async function listShipments(
  db: Db,
  filters: AdminShipmentFilters,
  { now = Date.now(), timeZone = "UTC" }: { now?: number; timeZone?: string } = {},
): Promise<ShipmentPage<AdminShipmentRow>> {
  const where = adminConditions(filters, now, timeZone);
  if (filters.search) return searchShipments(db, filters, where);
  // Unfiltered (the dashboard's first view): the rollup's count, not a count of the table.
  const total = where
    ? ((await db.select({ total: count() }).from(shipments).where(where).get())?.total ?? 0)
    : (await allShipmentsByStatus(db)).reduce((all, row) => all + row.shipments, 0);
  const pagination = paginate(total, filters.page);
  const rows = await db
    .select(ADMIN_ROW_COLUMNS)
    .from(shipments)
    .where(where)
    .orderBy(...shipmentOrder(filters))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return { rows: rows.map(toShipmentRow), pagination };
}

/**
 * A searched page, its cost bounded by the matches it reads, never by the table. The count
 * reads at most SEARCH_COUNT_LIMIT matches (or as many as reach the page asked for) from the
 * indexes. As many or fewer: the page sorts just those. More, in order of creation: matches are
 * at least that common, so reading the created-at index and testing each shipment reaches a
 * page's worth soon. In another order, the page sorts every match the indexes find.
 */
async function searchShipments(db: Db, filters: AdminShipmentFilters, where: SQL | undefined): Promise<ShipmentPage<AdminShipmentRow>> {
  const bound = Math.max(SEARCH_COUNT_LIMIT, filters.page * PAGE_SIZE);
  const counted =
    (
      await db.get<{ total: number }>(
        sql`select count(*) as total from (${sql.join(
          searchedIds(db, filters.search, where).map((ids) => sql`select id from ${ids.limit(bound + 1)}`),
          sql` union `,
        )})`,
      )
    )?.total ?? 0;
  const more = counted > bound;
  const pagination = paginate(Math.min(counted, bound), filters.page, PAGE_SIZE, more);
  const rows = await db
    .select(ADMIN_ROW_COLUMNS)
    .from(shipments)
    .where(
      more && filters.sortBy === "createdAt"
        ? and(where, searchCondition(filters.search))
        : inArray(shipments.id, sql`(${sql.join(searchedIds(db, filters.search, where).map((ids) => sql`select id from ${ids}`), sql` union `)})`),
    )
    .orderBy(...shipmentOrder(filters))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return { rows: rows.map(toShipmentRow), pagination };
}

/** What the admin's and the customer's tiles both count. */
export type ShipmentCounts = { total: number; inTransit: number; delivered: number };

/** The counts as select columns, each as its tile's filter (statusCondition) lists them. */
export function shipmentCountColumns() {
  return {
    total: count(),
    inTransit: sql<number>`coalesce(sum(${hasStatus("in_transit")}), 0)`,
    delivered: sql<number>`coalesce(sum(${hasStatus("delivered")}), 0)`,
  };
}

/** The admin dashboard's tiles: counts over every shipment and the revenue. */
export type AdminShipmentStats = ShipmentCounts & {
  /** Sum of stored costs per currency, and their total in the base currency at the stored rates. */
  revenue: RevenueTotal;
};

/**
 * Every shipment by status and currency, from the rollup's 16-day pieces (decision 120), in
 * which each shipment counts once: a few rows per 16 days of history, whatever the table holds.
 */
function allShipmentsByStatus(db: Db) {
  const byStatus = shipmentCreatedStats;
  return db
    .select({ status: byStatus.status, currency: byStatus.currency, shipments: sum(byStatus.shipments).mapWith(Number), revenue: sum(byStatus.revenue).mapWith(Number) })
    .from(byStatus)
    .where(and(eq(byStatus.span, ROLLUP_SPANS[0]), ne(byStatus.shipments, 0)))
    .groupBy(byStatus.status, byStatus.currency);
}

export async function shipmentStats(db: Db): Promise<AdminShipmentStats> {
  const [rows, rates] = await db.batch([allShipmentsByStatus(db), listExchangeRates(db)]);
  const counts: ShipmentCounts = { total: 0, inTransit: 0, delivered: 0 };
  for (const row of rows) {
    counts.total += row.shipments;
    if (row.status === "in_transit") counts.inTransit += row.shipments;
    const status = normalizeStatus(row.status);
    if (status && isDelivered(status)) counts.delivered += row.shipments;
  }
  return { ...counts, revenue: revenueTotal(rows.map((row) => ({ currency: row.currency, amount: row.revenue })), rates) };
}

/** The shipments a bulk action names, in the list's default order; unknown ids are left out. */
export async function getShipmentsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: shipments.id, trackingId: shipments.trackingId, senderName: shipments.senderName, recipientName: shipments.recipientName })
    .from(shipments)
    .where(inArray(shipments.id, [...new Set(ids)].slice(0, 90)))
    .orderBy(desc(shipments.createdAt));
}

/** What a row action's own page shows about the shipment it acts on. */
export async function getShipmentSummary(db: Db, id: string) {
  const row = await db
    .select({
      id: shipments.id,
      trackingId: shipments.trackingId,
      status: shipments.status,
      senderName: shipments.senderName,
      recipientName: shipments.recipientName,
      currentLocation: shipments.currentLocation,
      customDestination: shipments.customDestination,
    })
    .from(shipments)
    .where(eq(shipments.id, id))
    .get();
  return row ? { ...row, status: normalizeStatus(row.status) ?? "pending" } : null;
}

/** Everything the edit page shows: the shipment and its history, newest first. */
export async function getShipmentForEdit(db: Db, id: string) {
  const shipment = await db.select().from(shipments).where(eq(shipments.id, id)).get();
  if (!shipment) return null;
  const history = await db
    .select({
      id: trackingEvents.id,
      status: trackingEvents.status,
      location: trackingEvents.location,
      description: trackingEvents.description,
      occurredAt: trackingEvents.occurredAt,
      actorLabel: trackingEvents.actorLabel,
    })
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, id))
    .orderBy(desc(trackingEvents.occurredAt), desc(appendOrder));
  return { shipment, history };
}

/** A row action's own page (the form without JavaScript): its shipment, or 404, and where to go back to. */
export async function rowActionPage(db: Db, request: Request, id: string, fallback: string) {
  const shipment = await getShipmentSummary(db, id);
  invariantResponse(shipment, "Shipment not found", { status: 404 });
  return { shipment, redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), fallback) };
}
