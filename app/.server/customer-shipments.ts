// A customer's own shipments for the dashboard. Every query filters by owner in the SQL.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { invoices, shipments } from "../../drizzle/schema";
import { PAGE_SIZE, type ShipmentFilters } from "~/domain/customer-shipment-filters";
import { pageOffset, pageWindow, type PageWindow } from "~/domain/pagination";
import type { SortField } from "~/domain/shipment-sort";
import type { Db } from "./db";

export type ShipmentStats = { total: number; inTransit: number; delivered: number; thisMonth: number };

export type ShipmentListRow = {
  id: string;
  trackingId: string;
  status: string;
  recipientName: string;
  destinationCity: string;
  destinationCountry: string;
  createdAt: number;
  totalCost: number;
  currency: string;
  estimatedDelivery: number | null;
  invoiceUrl: string | null;
};

const SORT_COLUMNS: Record<SortField, SQLiteColumn> = {
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
  trackingId: shipments.trackingId,
  status: shipments.status,
  totalCost: shipments.cost,
};

function listConditions(userId: string, filters: ShipmentFilters): SQL {
  const conditions = [eq(shipments.userId, userId)];
  // A prefix match that needs no escaping of LIKE's wildcards.
  if (filters.search) conditions.push(sql`substr(${shipments.trackingId}, 1, ${filters.search.length}) = ${filters.search}`);
  if (filters.status) conditions.push(eq(shipments.status, filters.status));
  return and(...conditions)!;
}

/**
 * One page of the customer's shipments, with the tiles' counts, in one round trip. The tiles
 * count the exact statuses the filter offers, so a tile and its filtered list agree.
 */
export async function getOwnShipments(
  db: Db,
  userId: string,
  filters: ShipmentFilters,
  monthStart: number,
): Promise<{ rows: ShipmentListRow[]; pagination: PageWindow; stats: ShipmentStats }> {
  const where = listConditions(userId, filters);
  const [[counted], [stats]] = await db.batch([
    db.select({ total: sql<number>`count(*)` }).from(shipments).where(where),
    db
      .select({
        total: sql<number>`count(*)`,
        inTransit: sql<number>`coalesce(sum(${shipments.status} = 'in_transit'), 0)`,
        delivered: sql<number>`coalesce(sum(${shipments.status} = 'delivered'), 0)`,
        thisMonth: sql<number>`coalesce(sum(${shipments.createdAt} >= ${monthStart}), 0)`,
      })
      .from(shipments)
      .where(eq(shipments.userId, userId)),
  ]);
  const pagination = pageWindow(counted?.total ?? 0, filters.page, PAGE_SIZE);
  const order = filters.sortOrder === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: shipments.id,
      trackingId: shipments.trackingId,
      status: shipments.status,
      recipientName: shipments.recipientName,
      destinationCity: shipments.recipientCity,
      destinationCountry: shipments.recipientCountry,
      createdAt: shipments.createdAt,
      totalCost: shipments.cost,
      currency: shipments.currency,
      estimatedDelivery: shipments.estimatedDelivery,
      invoiceId: invoices.id,
    })
    .from(shipments)
    .leftJoin(invoices, eq(invoices.shipmentId, shipments.id))
    .where(where)
    .orderBy(order(SORT_COLUMNS[filters.sortBy]), desc(shipments.createdAt), asc(shipments.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(pagination, PAGE_SIZE));
  return {
    rows: rows.map(({ invoiceId, ...row }) => ({ ...row, invoiceUrl: invoiceId ? `/invoices/${invoiceId}` : null })),
    pagination,
    stats: stats ?? { total: 0, inTransit: 0, delivered: 0, thisMonth: 0 },
  };
}
