// The API's lists: newest first, a page at a time by cursor (the last row's creation time and id),
// so a page is one index range however deep it is, and rows added meanwhile never shift a page.
// A customer's key lists its own account's rows (in the SQL); a service key lists all of them.
import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { invoices, shipments } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { base64url } from "~/.server/signed-tokens";
import { chargeFor, type Charge } from "~/features/pricing/charge";
import type { InvoiceStatus } from "~/features/invoices/invoice";
import { normalizeStatus, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { trackingIdStartsWith } from "~/features/shipments/shipment-list.server";

type Cursor = { at: number; id: string };

export function encodeCursor(cursor: Cursor): string {
  return base64url(new TextEncoder().encode(JSON.stringify([cursor.at, cursor.id])));
}

/** A cursor this API gave out, or null for anything else. */
export function decodeCursor(value: string): Cursor | null {
  try {
    const json = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isSafeInteger(parsed[0]) && typeof parsed[1] === "string" && parsed[1].length <= 64) {
      return { at: parsed[0] as number, id: parsed[1] };
    }
  } catch {
    // Not one of ours.
  }
  return null;
}

function after(cursor: Cursor | null, at: SQLiteColumn, id: SQLiteColumn): SQL | undefined {
  return cursor ? or(lt(at, cursor.at), and(eq(at, cursor.at), lt(id, cursor.id))) : undefined;
}

/** A page and the cursor of the next one (null on the last page). */
export type ListPage<Row> = { data: Row[]; nextCursor: string | null };

function paged<Row extends { id: string }>(rows: Row[], limit: number, at: (row: Row) => number): ListPage<Row> {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeCursor({ at: at(last), id: last.id }) : null };
}

export type ShipmentListItem = {
  id: string;
  trackingId: string;
  status: ShipmentStatus;
  serviceType: string;
  recipientName: string;
  origin: { city: string; country: string };
  destination: { city: string; country: string };
  currentLocation: string | null;
  estimatedDelivery: number | null;
  charge: Charge;
  createdAt: number;
  updatedAt: number;
};

export async function listShipmentsByCursor(
  db: Db,
  { ownerId, status, search, limit, cursor }: { ownerId: string | null; status?: ShipmentStatus; search?: string; limit: number; cursor: Cursor | null },
): Promise<ListPage<ShipmentListItem>> {
  const rows = await db
    .select({
      id: shipments.id,
      trackingId: shipments.trackingId,
      status: shipments.status,
      serviceType: shipments.serviceType,
      recipientName: shipments.recipientName,
      senderCity: shipments.senderCity,
      senderCountry: shipments.senderCountry,
      recipientCity: shipments.recipientCity,
      recipientCountry: shipments.recipientCountry,
      currentLocation: shipments.currentLocation,
      estimatedDelivery: shipments.estimatedDelivery,
      cost: shipments.cost,
      currency: shipments.currency,
      taxRateBasisPoints: shipments.taxRateBasisPoints,
      createdAt: shipments.createdAt,
      updatedAt: shipments.updatedAt,
    })
    .from(shipments)
    .where(
      and(
        ownerId === null ? undefined : eq(shipments.userId, ownerId),
        status ? eq(shipments.status, status) : undefined,
        search ? trackingIdStartsWith(search) : undefined,
        after(cursor, shipments.createdAt, shipments.id),
      ),
    )
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit + 1);
  return paged(
    rows.map((row) => ({
      id: row.id,
      trackingId: row.trackingId,
      status: normalizeStatus(row.status) ?? "pending",
      serviceType: row.serviceType,
      recipientName: row.recipientName,
      origin: { city: row.senderCity, country: row.senderCountry },
      destination: { city: row.recipientCity, country: row.recipientCountry },
      currentLocation: row.currentLocation,
      estimatedDelivery: row.estimatedDelivery,
      charge: chargeFor(row),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    limit,
    (row) => row.createdAt,
  );
}

export type InvoiceListItem = {
  id: string;
  number: string;
  status: InvoiceStatus;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  issuedAt: number;
  paidAt: number | null;
  shipmentId: string | null;
  trackingId: string;
};

export async function listInvoicesByCursor(
  db: Db,
  { ownerId, status, limit, cursor }: { ownerId: string | null; status?: InvoiceStatus; limit: number; cursor: Cursor | null },
): Promise<ListPage<InvoiceListItem>> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      currency: invoices.currency,
      subtotal: invoices.subtotal,
      tax: invoices.tax,
      total: invoices.total,
      issuedAt: invoices.issuedAt,
      paidAt: invoices.paidAt,
      shipmentId: invoices.shipmentId,
      // A deleted shipment's tracking ID is the rest of its invoice's number.
      trackingId: sql<string>`substr(${invoices.number}, 5)`,
    })
    .from(invoices)
    .where(
      and(ownerId === null ? undefined : eq(invoices.userId, ownerId), status ? eq(invoices.status, status) : undefined, after(cursor, invoices.issuedAt, invoices.id)),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit + 1);
  return paged(rows, limit, (row) => row.issuedAt);
}

/** The tracking ID of shipment `id` when `ownerId`'s key may reach it (any, for null), else null. */
export async function shipmentTrackingId(db: Db, id: string, ownerId: string | null): Promise<string | null> {
  const row = await db
    .select({ trackingId: shipments.trackingId })
    .from(shipments)
    .where(and(eq(shipments.id, id), ownerId === null ? undefined : eq(shipments.userId, ownerId)))
    .get();
  return row?.trackingId ?? null;
}
