// The admin's other writes to a shipment: editing it, setting where it is, deleting it.
// Each is one D1 batch with its audit record. Edits are optimistic: they name the version
// they were made from, and both the audit insert and the update apply only while the
// shipment still has that version, so a change made from a stale copy writes nothing.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { auditLog, shipments } from "../../drizzle/schema";
import type { Db } from "./db";
import type { Actor, NewShipment } from "./shipments";

export type ShipmentEdit = Partial<Omit<NewShipment, "userId">>;

/** Fields whose change the audit trail does not list (the cost it belongs to is listed). */
const UNAUDITED: ReadonlySet<string> = new Set(["costBreakdown"]);

/**
 * An audit row written only when `condition` holds for the shipment at that moment of the
 * batch: the insert copies from the shipment row, so it writes nothing when no row matches.
 */
function auditWhere(
  db: Db,
  condition: SQL | undefined,
  entry: { actor: Actor; action: string; changes: SQL; now: number },
) {
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(16)))`.as("id"),
        actorUserId: sql<string | null>`${entry.actor.userId}`.as("actor_user_id"),
        actorEmail: sql<string | null>`${entry.actor.email}`.as("actor_email"),
        action: sql<string>`${entry.action}`.as("action"),
        entityType: sql<string>`'shipment'`.as("entity_type"),
        entityId: shipments.id,
        changes: entry.changes.as("changes"),
        createdAt: sql<number>`${entry.now}`.as("created_at"),
      })
      .from(shipments)
      .where(condition),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

export type EditOutcome = "updated" | "unchanged" | "stale" | "missing";

/**
 * Applies an edit made from `expectedVersion`. The audit record lists each changed field
 * with its previous value. "stale" means someone else changed the shipment since: nothing
 * was written and the caller should say so instead of overwriting their change.
 */
export async function updateShipment(
  db: Db,
  {
    shipmentId,
    expectedVersion,
    values,
    actor,
    now = Date.now(),
  }: { shipmentId: string; expectedVersion: number; values: ShipmentEdit; actor: Actor; now?: number },
): Promise<EditOutcome> {
  const current = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).get();
  if (!current) return "missing";
  if (current.version !== expectedVersion) return "stale";
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(values)) {
    const before = current[field as keyof typeof current];
    if (!UNAUDITED.has(field) && !sameValue(before, value)) changes[field] = { from: before ?? null, to: value ?? null };
  }
  if (Object.keys(changes).length === 0) return "unchanged";
  const atVersion = and(eq(shipments.id, shipmentId), eq(shipments.version, expectedVersion));
  const [, update] = await db.batch([
    auditWhere(db, atVersion, { actor, action: "edit", changes: sql`${JSON.stringify(changes)}`, now }),
    db
      .update(shipments)
      .set({ ...values, version: sql`${shipments.version} + 1`, updatedAt: now })
      .where(atVersion),
  ]);
  return update.meta.changes === 1 ? "updated" : "stale";
}

const LOCATION_ATTEMPTS = 5;

/**
 * Sets where the parcel is now. A blank location clears it (SPEC.md sends it unchecked).
 * Retried when another change lands between the read and the write, so the audit record
 * always names the location it replaced.
 */
export async function setShipmentLocation(
  db: Db,
  { shipmentId, location, actor, now = Date.now() }: { shipmentId: string; location: string; actor: Actor; now?: number },
): Promise<boolean> {
  const next = location.trim() || null;
  for (let attempt = 1; attempt <= LOCATION_ATTEMPTS; attempt += 1) {
    const current = await db
      .select({ version: shipments.version, currentLocation: shipments.currentLocation })
      .from(shipments)
      .where(eq(shipments.id, shipmentId))
      .get();
    if (!current) return false;
    if (sameValue(current.currentLocation, next)) return true;
    const atVersion = and(eq(shipments.id, shipmentId), eq(shipments.version, current.version));
    const changes = JSON.stringify({ currentLocation: { from: current.currentLocation, to: next } });
    const [, update] = await db.batch([
      auditWhere(db, atVersion, { actor, action: "location", changes: sql`${changes}`, now }),
      db
        .update(shipments)
        .set({ currentLocation: next, version: sql`${shipments.version} + 1`, updatedAt: now })
        .where(atVersion),
    ]);
    if (update.meta.changes === 1) return true;
  }
  throw new Error(`Shipment ${shipmentId} kept changing while its location was set`);
}

// Two statements per chunk, each well under D1's 100 bound parameters.
const DELETE_CHUNK = 50;

/**
 * Deletes shipments (their packages, history and invoice go with them). The audit record
 * of each deletion stays, with what identified the shipment. Returns how many were deleted.
 */
export async function deleteShipments(
  db: Db,
  { ids, actor, now = Date.now() }: { ids: readonly string[]; actor: Actor; now?: number },
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const statements = [];
  for (let start = 0; start < unique.length; start += DELETE_CHUNK) {
    const chunk = unique.slice(start, start + DELETE_CHUNK);
    const snapshot = sql`json_object('trackingId', ${shipments.trackingId}, 'status', ${shipments.status}, 'senderName', ${shipments.senderName}, 'recipientName', ${shipments.recipientName})`;
    statements.push(
      auditWhere(db, inArray(shipments.id, chunk), { actor, action: "delete", changes: snapshot, now }),
      // D1 counts the cascaded history rows in `changes`: the returned ids count the shipments.
      db.delete(shipments).where(inArray(shipments.id, chunk)).returning({ id: shipments.id }),
    );
  }
  const [first, ...rest] = statements;
  const results = await db.batch([first!, ...rest]);
  return results.filter((_, index) => index % 2 === 1).reduce((sum, rows) => sum + (Array.isArray(rows) ? rows.length : 0), 0);
}

export type AuditEntry = {
  id: string;
  action: string;
  actorEmail: string | null;
  changes: Record<string, unknown>;
  createdAt: number;
};

/** A shipment's audit trail, newest first; it outlives the shipment. */
export async function listShipmentAudit(db: Db, shipmentId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      changes: auditLog.changes,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "shipment"), eq(auditLog.entityId, shipmentId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map((row) => ({ ...row, changes: parseChanges(row.changes) }));
}

function parseChanges(changes: string | null): Record<string, unknown> {
  if (!changes) return {};
  try {
    const parsed: unknown = JSON.parse(changes);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
