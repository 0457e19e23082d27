// The admin's view of all shipments: the filtered, sorted, paged list and the dashboard's
// totals, computed in SQL.
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, sum, type Column, type SQL } from "drizzle-orm";
import { shipments, trackingEvents } from "../../drizzle/schema";
import { normalizeStatus, type ShipmentStatus } from "~/domain/shipment-status";
import { dateRange, periodStart, PAGE_SIZE, type ListFilters } from "~/domain/admin-shipment-filters";
import { pageOffset, pageWindow, type PageWindow } from "~/domain/pagination";
import type { Db } from "./db";
import { safeRedirect } from "./safe-redirect";
import { invariantResponse } from "./invariant";

export type ShipmentListRow = {
  id: string;
  trackingId: string;
  senderName: string;
  senderEmail: string | null;
  originCity: string;
  originCountry: string;
  destinationCity: string;
  destinationCountry: string;
  status: ShipmentStatus;
  createdAt: number;
  declaredValue: number;
  cost: number;
  currency: string;
  currentLocation: string | null;
};

/** `term` inside a LIKE pattern, its wildcards taken literally. SQLite's LIKE ignores ASCII case. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterConditions(filters: ListFilters, now: number, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const term = escapeLike(filters.q);
    const like = (column: Column, pattern: string) =>
      sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      or(
        // SPEC.md: the tracking ID search is a prefix match.
        like(shipments.trackingId, `${term}%`),
        like(shipments.senderName, `%${term}%`),
        like(shipments.senderEmail, `%${term}%`),
        like(shipments.recipientName, `%${term}%`),
        like(shipments.recipientEmail, `%${term}%`),
      ),
    );
  }
  if (filters.status !== "all") conditions.push(eq(shipments.status, filters.status));
  const since = periodStart(filters.period, now, timeZone);
  if (since !== null) conditions.push(gte(shipments.createdAt, since));
  const range = dateRange(filters.from, filters.to, timeZone);
  if (range.start !== null) conditions.push(gte(shipments.createdAt, range.start));
  if (range.end !== null) conditions.push(lt(shipments.createdAt, range.end));
  return and(...conditions);
}

const SORT_COLUMNS = {
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
  trackingId: shipments.trackingId,
  status: shipments.status,
  totalCost: shipments.cost,
} as const;

export async function listShipments(
  db: Db,
  filters: ListFilters,
  { now = Date.now(), timeZone = "UTC" }: { now?: number; timeZone?: string } = {},
): Promise<{ rows: ShipmentListRow[]; window: PageWindow }> {
  const where = filterConditions(filters, now, timeZone);
  const total = (await db.select({ total: count() }).from(shipments).where(where).get())?.total ?? 0;
  const window = pageWindow(total, filters.page, PAGE_SIZE);
  const direction = filters.sortOrder === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: shipments.id,
      trackingId: shipments.trackingId,
      senderName: shipments.senderName,
      senderEmail: shipments.senderEmail,
      originCity: shipments.senderCity,
      originCountry: shipments.senderCountry,
      destinationCity: shipments.recipientCity,
      destinationCountry: shipments.recipientCountry,
      status: shipments.status,
      createdAt: shipments.createdAt,
      declaredValue: shipments.declaredValue,
      cost: shipments.cost,
      currency: shipments.currency,
      currentLocation: shipments.currentLocation,
    })
    .from(shipments)
    .where(where)
    // The id breaks ties so that paging never shows a row twice or skips one.
    .orderBy(direction(SORT_COLUMNS[filters.sortBy]), direction(shipments.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(window, PAGE_SIZE));
  return { rows: rows.map((row) => ({ ...row, status: normalizeStatus(row.status) ?? "pending" })), window };
}

export type ShipmentStats = {
  total: number;
  delivered: number;
  inTransit: number;
  /** Sum of stored costs, one entry per currency, largest first. */
  revenue: { currency: string; amount: number }[];
};

export async function shipmentStats(db: Db): Promise<ShipmentStats> {
  const [totals, revenue] = await db.batch([
    db
      .select({
        total: count(),
        delivered: sql<number>`coalesce(sum(${inArray(shipments.status, ["delivered", "custom_destination"])}), 0)`,
        inTransit: sql<number>`coalesce(sum(${eq(shipments.status, "in_transit")}), 0)`,
      })
      .from(shipments),
    db
      .select({ currency: shipments.currency, amount: sum(shipments.cost).mapWith(Number) })
      .from(shipments)
      .groupBy(shipments.currency)
      .orderBy(desc(sum(shipments.cost))),
  ]);
  const row = totals[0] ?? { total: 0, delivered: 0, inTransit: 0 };
  return { total: row.total, delivered: Number(row.delivered), inTransit: Number(row.inTransit), revenue };
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
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.createdAt));
  return { shipment, history };
}

/** A row action's own page (the form without JavaScript): its shipment, or 404, and where to go back to. */
export async function rowActionPage(db: Db, request: Request, id: string, fallback: string) {
  const shipment = await getShipmentSummary(db, id);
  invariantResponse(shipment, "Shipment not found", { status: 404 });
  return { shipment, redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), fallback) };
}
