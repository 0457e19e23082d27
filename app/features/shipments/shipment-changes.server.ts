// The admin's other writes to a shipment: editing it, setting where it is, deleting it, and the
// list's bulk actions (delete, status change) on the selected shipments.
// Each is one D1 batch with its event. Edits are optimistic: they name the version they were
// made from, and both the event and the update apply only while the shipment still has that
// version, so a change made from a stale copy writes nothing (409). A location needs no
// version: its batch reads what it replaces as it runs (docs/decisions/030). A new place, set
// either way, is a history entry of its own (docs/decisions/150).
import { and, desc, eq, exists, inArray, notExists, sql, type SQL } from "drizzle-orm";
import { events, invoices, shipmentPackages, shipments } from "../../../drizzle/schema";
import { checkPlace, LocationSchema } from "~/features/shipments/shipment-places";
import type { ServiceContext } from "~/load-context";
import { insertWhere, type Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { recordEventWhere, recordShipmentEventsWhere, type Actor, type EventType, type FieldChanges } from "~/.server/events";
import { PAID_INVOICE_PRICE_MESSAGE } from "~/features/invoices/invoice";
import { findShipmentInvoice, invoiceForNewPrice, keepInvoicesOf } from "~/features/invoices/invoices.server";
import { refused, type Done, type Outcome, type Refused } from "~/.server/outcome";
import { LOCATION_CHANGED } from "~/features/tracking/tracking-history";
import { STALE_EDIT_MESSAGE } from "./admin-shipment-form";
import { normalizeStatus, statusName, type ShipmentStatus } from "./shipment-status";
import { limitAction } from "~/.server/rate-limit";
import { messagesIn } from "~/.server/answer-language";
import { bulkStatusMessage, MAX_SELECTED, NOTHING_SELECTED, SELECTED_NOT_FOUND, selectionFault, type BulkStatus } from "./shipment-selection";
import { appendHistoryEntry, changeShipmentStatuses, type NewShipment } from "./shipments.server";

/** An edit: the shipment's fields, and a new place for it (which cannot be emptied: the history keeps where it was). */
export type ShipmentEdit = Partial<Omit<NewShipment, "userId">> & { currentLocation?: string };

/** Fields whose change the audit trail does not list (the cost it belongs to is listed). */
const UNAUDITED: ReadonlySet<string> = new Set(["costBreakdown"]);

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

/** The shipment's fields its parcel table (receipt, label) repeats. */
const PARCEL_FIELDS = ["description", "weightKg", "lengthCm", "widthCm", "heightCm", "declaredValue"] as const;

type ShipmentRow = typeof shipments.$inferSelect;

/**
 * When an edit changes what the parcel table shows, the parcels follow it: the rows are
 * replaced by one parcel carrying the edited description, weight, size and value (the admin
 * form describes a shipment as one parcel), so the receipt never shows 1.5 kg above and 3.6 kg
 * in its table. Written only while `guard` holds, like the edit itself.
 */
function parcelsFollowing(db: Db, next: ShipmentRow, guard: SQL | undefined) {
  const whileGuarded = exists(db.select({ id: shipments.id }).from(shipments).where(guard));
  return [
    db.delete(shipmentPackages).where(and(eq(shipmentPackages.shipmentId, next.id), whileGuarded)),
    insertWhere(
      db,
      shipmentPackages,
      {
        shipmentId: next.id,
        position: 1,
        description: next.description?.trim() || "Parcel",
        weightKg: next.weightKg,
        lengthCm: next.lengthCm ?? 0,
        widthCm: next.widthCm ?? 0,
        heightCm: next.heightCm ?? 0,
        value: next.declaredValue,
        quantity: 1,
      },
      { from: shipments, where: guard },
    ),
  ];
}

const UPDATED: Done = { ok: true, message: "Shipment updated successfully" };

/** What an edit reads before it writes, in one round trip: the shipment, how many parcel rows it has, and its invoice. */
export async function readForEdit(db: Db, shipmentId: string) {
  const [current, packageCount, invoice] = await Promise.all([
    db.select().from(shipments).where(eq(shipments.id, shipmentId)).get(),
    db.$count(shipmentPackages, eq(shipmentPackages.shipmentId, shipmentId)),
    findShipmentInvoice(db, shipmentId),
  ]);
  return { current, packageCount, invoice };
}

/**
 * Applies an edit made from `expectedVersion`. The audit record lists each changed field
 * with its previous value; a new place is also a history entry (the shipment's status, at it). A conflict (STALE_EDIT_MESSAGE) means someone else changed the
 * shipment since: nothing was written and the caller should say so instead of overwriting
 * their change; a paid invoice keeps its price (PAID_INVOICE_PRICE_MESSAGE).
 */
export async function updateShipment(
  context: ServiceContext,
  {
    shipmentId,
    expectedVersion,
    values,
    actor,
    now = Date.now(),
    read = readForEdit(context.db, shipmentId),
  }: { shipmentId: string; expectedVersion: number; values: ShipmentEdit; actor: Actor; now?: number; read?: ReturnType<typeof readForEdit> },
): Promise<Outcome> {
  const { db } = context;
  const stale = refused("conflict", STALE_EDIT_MESSAGE);
  const { current, packageCount, invoice: storedInvoice } = await read;
  if (!current) return refused("not-found", "Failed to update shipment");
  if (current.version !== expectedVersion) return stale;
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(values)) {
    const before = current[field as keyof typeof current];
    if (!UNAUDITED.has(field) && !sameValue(before, value)) changes[field] = { from: before ?? null, to: value ?? null };
  }
  if (Object.keys(changes).length === 0) return UPDATED;
  const parcelsChange = PARCEL_FIELDS.some((field) => field in changes) && packageCount > 0;
  const atVersion = and(eq(shipments.id, shipmentId), eq(shipments.version, expectedVersion));
  const invoice = invoiceForNewPrice(context, {
    invoice: storedInvoice,
    shipmentId,
    before: current,
    after: { cost: values.cost ?? current.cost, currency: values.currency ?? current.currency, costBreakdown: values.costBreakdown === undefined ? current.costBreakdown : values.costBreakdown },
    shipmentAt: atVersion,
    actor,
    now,
  });
  if (invoice.refusal === "paid") return refused("conflict", PAID_INVOICE_PRICE_MESSAGE);
  const guard = and(atVersion, invoice.shipmentGuard);
  const results = await commit(context, [
    recordShipmentEventsWhere(context, actor, { type: "shipment.updated", data: sql`${JSON.stringify({ changes })}`, where: guard }, now),
    // Before the update: they apply only while the shipment is still at the version read.
    ...invoice.statements,
    ...(parcelsChange ? parcelsFollowing(db, { ...current, ...values } as ShipmentRow, guard) : []),
    ...(values.currentLocation !== undefined && "currentLocation" in changes
      ? [locationEntry(context, { shipmentId, location: values.currentLocation, actor, now, where: guard })]
      : []),
    db
      .update(shipments)
      .set({ ...values, version: sql`${shipments.version} + 1`, updatedAt: now })
      .where(guard)
      // The rows it changed: D1's `changes` also counts the analytics triggers' writes (decision 120).
      .returning({ id: shipments.id }),
  ]);
  if ((results.at(-1) as unknown[]).length !== 1) return stale;
  return UPDATED;
}

/** The history entry of a new place: the shipment's status as the batch runs, at `location`. */
function locationEntry(
  context: ServiceContext,
  { shipmentId, location, actor, now, where }: { shipmentId: string; location: string; actor: Actor; now: number; where: SQL | undefined },
) {
  return appendHistoryEntry(context.db, { shipmentId, entry: { status: sql`${shipments.status}`, location, description: LOCATION_CHANGED }, actor, now, where });
}

/**
 * Sets where the parcel is now; nothing, punctuation alone or more than 120 characters is
 * refused (docs/decisions/021). One batch and no read before it: the history entry and the
 * event, written only when the location changes, read the status and the location they follow
 * from the row as the batch runs, and the update follows them. Concurrent updates so apply one
 * after another, each with one entry and one event that names the location before it, and none
 * is turned away.
 */
export async function setShipmentLocation(
  context: ServiceContext,
  { shipmentId, location, actor, now = Date.now() }: { shipmentId: string; location?: string; actor: Actor; now?: number },
): Promise<Done | Refused> {
  const { db } = context;
  const checked = checkPlace(LocationSchema, location);
  if (!checked.ok) return refused("invalid", checked.message, { location: [checked.message] });
  const next = checked.place;
  const saved: Done = { ok: true, message: "Current location updated successfully" };
  const changes = and(eq(shipments.id, shipmentId), sql`${shipments.currentLocation} IS NOT ${next}`);
  const [, , update] = await commit(context, [
    recordShipmentEventsWhere(
      context,
      actor,
      { type: "shipment.location_changed", data: sql`json_object('from', ${shipments.currentLocation}, 'to', ${next})`, where: changes },
      now,
    ),
    locationEntry(context, { shipmentId, location: next, actor, now, where: changes }),
    db
      .update(shipments)
      .set({ currentLocation: next, version: sql`${shipments.version} + 1`, updatedAt: now })
      .where(changes)
      .returning({ id: shipments.id }),
  ]);
  if (update.length === 1) return saved;
  // Nothing to change: the parcel is there already, or there is no such shipment.
  const found = await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipmentId)).get();
  return found ? saved : refused("not-found", "Failed to update current location");
}

// Three statements per chunk, each well under D1's 100 bound parameters.
const DELETE_CHUNK = 50;

/**
 * Deletes shipments (their packages and history go with them; their invoices stay). The shipment.deleted
 * event of each stays, with what identified the shipment. Returns how many were deleted.
 */
export async function deleteShipments(
  context: ServiceContext,
  { ids, actor, now = Date.now() }: { ids: readonly string[]; actor: Actor; now?: number },
): Promise<number> {
  const { db } = context;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const statements = [];
  for (let start = 0; start < unique.length; start += DELETE_CHUNK) {
    const chunk = unique.slice(start, start + DELETE_CHUNK);
    const snapshot = sql`json_object('trackingId', ${shipments.trackingId}, 'status', ${shipments.status}, 'senderName', ${shipments.senderName}, 'recipientName', ${shipments.recipientName})`;
    statements.push(
      recordShipmentEventsWhere(context, actor, { type: "shipment.deleted", data: snapshot, where: inArray(shipments.id, chunk) }, now),
      // Invoices are records: each keeps what it shows of its shipment, and stays (unpaid, paid or
      // void as it was, listed and counted) when the shipment goes.
      keepInvoicesOf(db, inArray(shipments.id, chunk)),
      // D1 counts the cascaded history rows in `changes`: the returned ids count the shipments.
      db.delete(shipments).where(inArray(shipments.id, chunk)).returning({ id: shipments.id }),
    );
  }
  const results = await commit(context, statements);
  return results.filter((_, index) => index % 3 === 2).reduce((sum, rows) => sum + (Array.isArray(rows) ? rows.length : 0), 0);
}

/** The row action's delete: one shipment. */
export async function deleteShipment(context: ServiceContext, { shipmentId, actor }: { shipmentId: string; actor: Actor }): Promise<Done | Refused> {
  const deleted = await deleteShipments(context, { ids: [shipmentId], actor });
  return deleted === 1 ? { ok: true, message: "Shipment deleted" } : refused("not-found", "Failed to delete shipment");
}

/** The bulk bar's delete: the selected shipments (a request naming more than the bound deletes the first MAX_SELECTED). */
export async function deleteSelectedShipments(
  context: ServiceContext,
  { ids, actor }: { ids: readonly string[]; actor: Actor },
): Promise<Done | Refused> {
  const selected = ids.filter(Boolean).slice(0, MAX_SELECTED);
  if (selected.length === 0) return refused("invalid", NOTHING_SELECTED);
  const deleted = await deleteShipments(context, { ids: selected, actor });
  if (deleted === 0) return refused("not-found", "Failed to delete shipments");
  return { ok: true, message: (await messagesIn(context))("{{count}} shipments deleted", { count: deleted }) };
}

/**
 * The bulk bar's status change: each selected shipment changes exactly as one changed from its
 * row would (changeShipmentStatuses), all in one batch, and the admin hears once how many did.
 * The selection is bounded; when a selected shipment no longer exists nothing changes. It counts
 * as one status change against the admin's hourly limit (docs/decisions/157).
 */
export async function changeSelectedStatuses(
  context: ServiceContext,
  { ids, status, actor, clientAddress, now = Date.now() }: { ids: readonly string[]; status: BulkStatus; actor: Actor; clientAddress: string; now?: number },
): Promise<Outcome<{ changed: number }>> {
  const selected = [...new Set(ids)];
  const fault = selectionFault(selected);
  if (fault) return refused("invalid", fault);
  const limiting = limitAction(context, { action: "status-change", clientAddress, account: actor.userId ?? undefined });
  const result = await changeShipmentStatuses(context, { shipmentIds: selected, status, actor, now, limiting });
  if ("reason" in result) return result;
  const { changed, unchanged, missing } = result;
  if (missing.length > 0) return refused("not-found", SELECTED_NOT_FOUND);
  const message = bulkStatusMessage(await messagesIn(context), { changed: changed.length, unchanged: unchanged.length, status });
  return { ok: true, changed: changed.length, message, ...(changed.length === 0 ? { tone: "info" as const } : {}) };
}

export type AuditEntry = {
  id: string;
  type: EventType;
  actorEmail: string | null;
  /** What the trail lists: each changed field with its previous value, or what identified the shipment. */
  changes: Record<string, unknown>;
  createdAt: number;
};

/** An event's payload as the audit trail lists it. */
function auditChanges(type: string, data: Record<string, unknown>): Record<string, unknown> {
  switch (type) {
    case "shipment.created":
      return { trackingId: data.trackingId };
    case "shipment.updated":
      return (data.changes as Record<string, unknown> | undefined) ?? {};
    case "shipment.status_changed":
      return {
        status: { from: data.from, to: data.to },
        ...(data.customDestination ? { customDestination: { to: data.customDestination } } : {}),
      };
    case "shipment.location_changed":
      return { currentLocation: { from: data.from, to: data.to } };
    case "shipment.assigned":
      return { courier: { from: data.from, to: data.to } };
    default:
      return data;
  }
}

/** A shipment's audit trail (its events), newest first; it outlives the shipment. */
export async function listShipmentAudit(context: Pick<ServiceContext, "db">, shipmentId: string): Promise<AuditEntry[]> {
  const rows = await context.db
    .select({ id: events.id, type: events.type, actorEmail: events.actorEmail, data: events.data, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.entityType, "shipment"), eq(events.entityId, shipmentId)))
    .orderBy(desc(events.createdAt), desc(events.id));
  return rows.map(({ data, type, ...row }) => ({ ...row, type: type as EventType, changes: auditChanges(type, parseData(data)) }));
}

function parseData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A shipment may be cancelled until it is picked up: nothing has moved yet. */
export const CANCELLABLE_STATUSES = ["pending", "confirmed", "processing"] as const satisfies readonly ShipmentStatus[];

export const PAID_SHIPMENT_CANCEL_MESSAGE = "This shipment's invoice is paid, so it cannot be cancelled here: please contact support.";

/**
 * Cancels a shipment that has not been picked up (CANCELLABLE_STATUSES): it goes as a deleted
 * shipment goes (its history with it, its shipment.deleted record kept), and its unpaid invoice
 * is voided and kept as a record. A paid invoice refuses it. `ownerId`: only that account's
 * shipment (a customer's); null for an admin's key. One batch, guarded by the status and the
 * invoice as it runs, so a status change or a payment landing first wins (409).
 */
export async function cancelShipment(
  context: ServiceContext,
  { shipmentId, ownerId, actor, now = Date.now() }: { shipmentId: string; ownerId: string | null; actor: Actor; now?: number },
): Promise<Outcome<{ trackingId: string }>> {
  const { db } = context;
  const mine = and(eq(shipments.id, shipmentId), ownerId === null ? undefined : eq(shipments.userId, ownerId));
  const current = await db
    .select({ trackingId: shipments.trackingId, status: shipments.status, invoiceId: invoices.id, invoiceNumber: invoices.number, invoiceStatus: invoices.status })
    .from(shipments)
    .leftJoin(invoices, eq(invoices.shipmentId, shipments.id))
    .where(mine)
    .get();
  if (!current) return refused("not-found", "Shipment not found");
  const status = normalizeStatus(current.status) ?? "pending";
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(status)) return refused("conflict", await cancelRefusal(context, status));
  if (current.invoiceStatus === "paid") return refused("conflict", PAID_SHIPMENT_CANCEL_MESSAGE);
  const paid = db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.shipmentId, shipmentId), eq(invoices.status, "paid")));
  const guard = and(mine, inArray(shipments.status, [...CANCELLABLE_STATUSES]), notExists(paid));
  const stillCancellable = exists(db.select({ id: shipments.id }).from(shipments).where(guard));
  const invoiceGuard = current.invoiceId ? and(eq(invoices.id, current.invoiceId), eq(invoices.status, "unpaid"), stillCancellable) : undefined;
  const snapshot = sql`json_object('trackingId', ${shipments.trackingId}, 'status', ${shipments.status}, 'senderName', ${shipments.senderName}, 'recipientName', ${shipments.recipientName})`;
  const results = await commit(context, [
    recordShipmentEventsWhere(context, actor, { type: "shipment.deleted", data: snapshot, where: guard }, now),
    ...(current.invoiceId && invoiceGuard
      ? [
          recordEventWhere(
            context,
            actor,
            { event: { type: "invoice.status_changed", entityId: current.invoiceId, data: { number: current.invoiceNumber ?? "", from: "unpaid", to: "void" } }, from: invoices, where: invoiceGuard },
            now,
          ),
          db.update(invoices).set({ status: "void", paidAt: null, statusChangedAt: now, statusChangedBy: actor.userId, statusChangedByName: actor.label }).where(invoiceGuard),
        ]
      : []),
    keepInvoicesOf(db, guard!),
    db.delete(shipments).where(guard).returning({ id: shipments.id }),
  ]);
  if ((results.at(-1) as unknown[]).length !== 1) {
    // Something changed it meanwhile: say what stands in the way now.
    const again = await db.select({ status: shipments.status }).from(shipments).where(mine).get();
    if (!again) return refused("not-found", "Shipment not found");
    return refused("conflict", (CANCELLABLE_STATUSES as readonly string[]).includes(again.status) ? PAID_SHIPMENT_CANCEL_MESSAGE : await cancelRefusal(context, normalizeStatus(again.status) ?? "pending"));
  }
  return { ok: true, message: "Shipment cancelled", trackingId: current.trackingId };
}

/** Why a shipment past pick-up cannot be cancelled, in the request's language. */
async function cancelRefusal(context: ServiceContext, status: ShipmentStatus): Promise<string> {
  const t = await messagesIn(context);
  return t("This shipment is {{status}}: a shipment can be cancelled only until it is picked up.", { status: statusName(t, status) });
}
