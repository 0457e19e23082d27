// A customer's own shipments for the dashboard. Every query filters by owner in the SQL.
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { invoices, shipments } from "../../../drizzle/schema";
import { pageOffset, paginate } from "~/domain/pagination";
import type { ShipmentFilters } from "~/features/shipments/shipment-filters";
import type { Db } from "~/.server/db";
import {
  SHIPMENT_ROW_COLUMNS,
  shipmentCountColumns,
  shipmentOrder,
  statusCondition,
  toShipmentRow,
  trackingIdStartsWith,
  type ShipmentCounts,
  type ShipmentPage,
  type ShipmentRow,
} from "./shipment-list.server";

/** A row of the customer's list: to whom, when it should arrive, and its invoice. */
export type CustomerShipmentRow = ShipmentRow & {
  recipientName: string;
  estimatedDelivery: number | null;
  invoiceUrl: string | null;
};

/** The customer dashboard's tiles. */
export type CustomerShipmentStats = ShipmentCounts & { thisMonth: number };

function listConditions(userId: string, filters: ShipmentFilters): SQL {
  return and(eq(shipments.userId, userId), filters.search ? trackingIdStartsWith(filters.search) : undefined, statusCondition(filters))!;
}

/**
 * One page of the customer's shipments, with the tiles' counts, in one round trip. The tiles
 * count the exact statuses the filter offers, so a tile and its filtered list agree.
 */
export async function listOwnShipments(
  db: Db,
  userId: string,
  filters: ShipmentFilters,
  monthStart: number,
): Promise<ShipmentPage<CustomerShipmentRow> & { stats: CustomerShipmentStats }> {
  const where = listConditions(userId, filters);
  const [[counted], [stats]] = await db.batch([
    db.select({ total: sql<number>`count(*)` }).from(shipments).where(where),
    db
      .select({ ...shipmentCountColumns(), thisMonth: sql<number>`coalesce(sum(${gte(shipments.createdAt, monthStart)}), 0)` })
      .from(shipments)
      .where(eq(shipments.userId, userId)),
  ]);
  const pagination = paginate(counted?.total ?? 0, filters.page);
  const rows = await db
    .select({
      ...SHIPMENT_ROW_COLUMNS,
      recipientName: shipments.recipientName,
      estimatedDelivery: shipments.estimatedDelivery,
      invoiceId: invoices.id,
    })
    .from(shipments)
    .leftJoin(invoices, eq(invoices.shipmentId, shipments.id))
    .where(where)
    .orderBy(...shipmentOrder(filters))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return {
    rows: rows.map(({ invoiceId, ...row }) => ({ ...toShipmentRow(row), invoiceUrl: invoiceId ? `/invoices/${invoiceId}` : null })),
    pagination,
    stats: stats ? { total: stats.total, inTransit: Number(stats.inTransit), delivered: Number(stats.delivered), thisMonth: Number(stats.thisMonth) } : { total: 0, inTransit: 0, delivered: 0, thisMonth: 0 },
  };
}
