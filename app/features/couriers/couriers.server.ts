// Couriers: the admins' list of them with each one's load for the day, assigning shipments to a
// courier (one from its page, many from the list's bulk bar), the courier's run sheet and one
// stop of it, and the status a courier sets at the door. A courier reads and changes only the
// shipments assigned to them: every read and write here names the courier in its condition, so
// another courier's or an unassigned shipment is "not found", whatever id is sent.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { courierUpdates, deliveryProofs, shipments, users } from "../../../drizzle/schema";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { recordEvents, type Actor, type DomainEvent } from "~/.server/events";
import { refused, type Outcome } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { normalizeStatus, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { changeShipmentStatuses } from "~/features/shipments/shipments.server";
import { selectionFault } from "~/features/shipments/shipment-selection";
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { courierDay, courierStatusName, PROOF_MESSAGES, updateDescription, type CourierUpdate, type RunSheetOrder } from "./courier-rules";
import { dropUnrecordedImages, prepareProofImages, putProofImages, type ProofKind } from "./proofs.server";

export const COURIER_MESSAGES = {
  notListed: "Please choose a courier from the list",
  notFound: "Shipment not found",
  notOnSheet: "This parcel is not on your run sheet",
  replayed: "This update was already recorded",
  selectedGone: "Some of the selected shipments no longer exist, so nothing was assigned: refresh the list and select them again.",
} as const;

/** The most couriers the lists and the assignment controls show. */
const MAX_COURIERS = 200;
/** The most stops one run sheet lists. */
export const MAX_STOPS = 200;

export type CourierLoad = { id: string; name: string; email: string; status: "active" | "suspended"; stops: number; done: number };

const courierName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Every courier, by name, with their stops on `day` and how many of those are finished (delivered, returned or attempted). */
export async function listCouriers(db: Db, day: string): Promise<CourierLoad[]> {
  const rows = await db
    .select({
      id: users.id,
      name: courierName,
      email: users.email,
      status: users.status,
      // Written out: inside a select from one table, drizzle names its columns without the table.
      stops: sql<number>`(select count(*) from shipments s where s.courier_id = "users"."id" and s.courier_day = ${day})`,
      done: sql<number>`(select count(*) from shipments s where s.courier_id = "users"."id" and s.courier_day = ${day} and s.status in ('delivered', 'custom_destination', 'returned', 'failed'))`,
    })
    .from(users)
    .where(eq(users.role, "courier"))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(MAX_COURIERS);
  return rows;
}

export type CourierOption = { id: string; name: string };

/** The active couriers a shipment can go to, by name. */
export function courierOptions(db: Db): Promise<CourierOption[]> {
  return db
    .select({ id: users.id, name: courierName })
    .from(users)
    .where(and(eq(users.role, "courier"), eq(users.status, "active")))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(MAX_COURIERS);
}

/** Who carries a shipment and on which day, for its admin page; null while unassigned. */
export async function shipmentCourier(db: Db, shipmentId: string): Promise<{ id: string; name: string; day: string | null; position: number | null } | null> {
  const row = await db
    .select({ id: users.id, name: courierName, day: shipments.courierDay, position: shipments.courierPosition })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.courierId))
    .where(eq(shipments.id, shipmentId))
    .get();
  return row ?? null;
}

function assignedMessage(language: Language, changed: number, courier: CourierOption | null): string {
  const t = translator(language, "messages");
  return courier ? t("{{count}} shipments assigned to {{name}}", { count: changed, name: courier.name }) : t("Courier removed from {{count}} shipments", { count: changed });
}

const previousCourier = alias(users, "previous_courier");

/**
 * Gives the shipments to `courierId` for today (or takes them off any courier, null), each at
 * the end of that courier's run sheet in the order named, in one batch with a shipment.assigned
 * event each (audit trail, admin live views). Those already with that courier today are left
 * alone; a missing shipment refuses the whole change. The selection is bounded like the bulk
 * status change's (docs/decisions/157).
 */
export async function assignShipments(
  context: ServiceContext,
  {
    ids,
    courierId,
    actor,
    language = DEFAULT_LANGUAGE,
    now = Date.now(),
  }: { ids: readonly string[]; courierId: string | null; actor: Actor; language?: Language; now?: number },
): Promise<Outcome<{ changed: number }>> {
  const { db } = context;
  const selected = [...new Set(ids)];
  const fault = selectionFault(selected);
  if (fault) return refused("invalid", fault);
  const courier = courierId === null ? null : ((await courierOptions(db)).find((option) => option.id === courierId) ?? null);
  if (courierId !== null && !courier) return refused("invalid", COURIER_MESSAGES.notListed, { courierId: [COURIER_MESSAGES.notListed] });
  const day = courierId === null ? null : courierDay(now);
  const current = await db
    .select({
      id: shipments.id,
      trackingId: shipments.trackingId,
      courierId: shipments.courierId,
      courierDay: shipments.courierDay,
      courierName: sql<string | null>`${previousCourier.firstName} || ' ' || ${previousCourier.lastName}`,
    })
    .from(shipments)
    .leftJoin(previousCourier, eq(previousCourier.id, shipments.courierId))
    .where(inArray(shipments.id, selected));
  if (current.length !== selected.length) return refused("not-found", COURIER_MESSAGES.selectedGone);
  const byId = new Map(current.map((row) => [row.id, row]));
  const moving = selected.map((id) => byId.get(id)!).filter((row) => row.courierId !== courierId || row.courierDay !== day);
  if (moving.length === 0) {
    const t = translator(language, "messages");
    return { ok: true, tone: "info", changed: 0, message: courier ? t("Already assigned to {{name}}: nothing changed", { name: courier.name }) : t("No courier to remove: nothing changed") };
  }
  const nextPosition =
    courierId === null
      ? null
      : sql`(select coalesce(max(${shipments.courierPosition}), 0) + 1 from ${shipments} where ${shipments.courierId} = ${courierId} and ${shipments.courierDay} = ${day})`;
  const items = moving.flatMap((row) => {
    // Written only while the shipment is still where it was read, so two admins assigning it at once record one move each.
    const unchanged: SQL = and(
      eq(shipments.id, row.id),
      row.courierId === null ? sql`${shipments.courierId} is null` : eq(shipments.courierId, row.courierId),
      row.courierDay === null ? sql`${shipments.courierDay} is null` : eq(shipments.courierDay, row.courierDay),
    )!;
    const event: DomainEvent = {
      type: "shipment.assigned",
      entityId: row.id,
      data: { trackingId: row.trackingId, from: row.courierName, to: courier?.name ?? null, courierId, day },
    };
    return [
      recordEvents(context, actor, [event], now, { from: shipments, where: unchanged }),
      db
        .update(shipments)
        .set({ courierId, courierDay: day, courierPosition: nextPosition, version: sql`${shipments.version} + 1`, updatedAt: now })
        .where(unchanged)
        .returning({ id: shipments.id }),
    ];
  });
  const results = await commit(context, items);
  const changed = results.filter((result, index) => index % 2 === 1 && (result as unknown[]).length === 1).length;
  return { ok: true, changed, message: assignedMessage(language, changed, courier) };
}

/** What a courier sees of a shipment: who gets it, where, how to reach them, what to carry. */
export type Stop = {
  id: string;
  trackingId: string;
  status: ShipmentStatus;
  position: number | null;
  day: string | null;
  recipientName: string;
  recipientCompany: string | null;
  recipientAddress: string | null;
  recipientCity: string;
  recipientState: string | null;
  recipientPostalCode: string | null;
  recipientCountry: string;
  recipientPhone: string | null;
  notes: string | null;
  signatureRequired: boolean;
  parcels: number;
  weightKg: number;
};

const STOP_COLUMNS = {
  id: shipments.id,
  trackingId: shipments.trackingId,
  status: shipments.status,
  position: shipments.courierPosition,
  day: shipments.courierDay,
  recipientName: shipments.recipientName,
  recipientCompany: shipments.recipientCompany,
  recipientAddress: shipments.recipientAddress,
  recipientCity: shipments.recipientCity,
  recipientState: shipments.recipientState,
  recipientPostalCode: shipments.recipientPostalCode,
  recipientCountry: shipments.recipientCountry,
  recipientPhone: shipments.recipientPhone,
  notes: shipments.specialInstructions,
  signatureRequired: shipments.signatureRequired,
  // A shipment without package rows is one parcel.
  parcels: sql<number>`coalesce((select sum(p.quantity) from shipment_packages p where p.shipment_id = "shipments"."id"), 1)`,
  weightKg: shipments.weightKg,
};

function toStop<Row extends { status: string }>(row: Row): Row & { status: ShipmentStatus } {
  return { ...row, status: normalizeStatus(row.status) ?? "pending" };
}

/** The courier's stops on `day`: in the order the admin assigned them, or by postal code (then that order). */
export async function runSheet(db: Db, { courierId, day, order }: { courierId: string; day: string; order: RunSheetOrder }): Promise<Stop[]> {
  const rows = await db
    .select(STOP_COLUMNS)
    .from(shipments)
    .where(and(eq(shipments.courierId, courierId), eq(shipments.courierDay, day)))
    .orderBy(
      ...(order === "postal" ? [sql`${shipments.recipientPostalCode} is null`, asc(shipments.recipientPostalCode)] : []),
      asc(shipments.courierPosition),
      asc(shipments.id),
    )
    .limit(MAX_STOPS);
  return rows.map(toStop);
}

/** One stop of the courier's, by tracking ID (as typed or scanned); undefined when it is not theirs. */
export async function findStop(db: Db, { courierId, trackingId }: { courierId: string; trackingId: string }): Promise<Stop | undefined> {
  const row = await db
    .select(STOP_COLUMNS)
    .from(shipments)
    .where(and(eq(shipments.courierId, courierId), eq(shipments.trackingId, trackingId.trim().toUpperCase())))
    .get();
  return row ? toStop(row) : undefined;
}

function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed: courier_updates\.id/.test(String((error as { message?: unknown })?.message ?? error));
}

/**
 * A courier's status update at the door: the same change as the back office's (history entry,
 * event, mail, live views), with a failed attempt's reason in its history entry and mail, and
 * the update's id stored in the same batch, so the same update sent twice (a replay from the
 * phone) applies once. Only a shipment assigned to this courier can be changed. Its answers are
 * in `language`.
 */
export async function recordCourierUpdate(
  context: ServiceContext,
  {
    courier,
    trackingId,
    update,
    clientAddress,
    language = DEFAULT_LANGUAGE,
    now = Date.now(),
  }: { courier: Actor & { userId: string }; trackingId: string; update: CourierUpdate; clientAddress: string; language?: Language; now?: number },
): Promise<Outcome<{ trackingId: string }>> {
  const { db } = context;
  const stop = await findStop(db, { courierId: courier.userId, trackingId });
  if (!stop) return refused("not-found", COURIER_MESSAGES.notOnSheet);
  const replayed = { ok: true as const, tone: "info" as const, trackingId: stop.trackingId, message: COURIER_MESSAGES.replayed };
  const known = await db.select({ shipmentId: courierUpdates.shipmentId }).from(courierUpdates).where(eq(courierUpdates.id, update.updateId)).get();
  if (known) return known.shipmentId === stop.id ? replayed : refused("conflict", COURIER_MESSAGES.replayed);
  // Proof of delivery: who took it (the form requires the name), the photo, and the signature a parcel may require.
  const delivered = update.status === "delivered";
  const signed = Boolean(update.signature || update.signatureTyped);
  if (delivered && stop.signatureRequired && !signed) return refused("invalid", PROOF_MESSAGES.signatureNeeded, { signature: [PROOF_MESSAGES.signatureNeeded] });
  const images = delivered ? await prepareProofImages(update.updateId, { photo: update.photo, signature: update.signature }) : [];
  if (!Array.isArray(images)) return images;
  const limited = await limitAction(context, { action: "status-change", clientAddress, account: courier.userId });
  if (limited) return limited;
  const record = db.insert(courierUpdates).values({
    id: update.updateId,
    shipmentId: stop.id,
    courierId: courier.userId,
    status: update.status,
    latitude: update.latitude ?? null,
    longitude: update.longitude ?? null,
    createdAt: now,
  });
  const imageKey = (kind: ProofKind) => images.find((image) => image.kind === kind)?.key ?? null;
  const proof = delivered
    ? {
        row: db.insert(deliveryProofs).values({
          updateId: update.updateId,
          shipmentId: stop.id,
          courierId: courier.userId,
          receivedBy: update.receivedBy ?? "",
          photoKey: imageKey("photo"),
          signatureKey: imageKey("signature"),
          typedSignature: !update.signature && update.signatureTyped ? (update.receivedBy ?? null) : null,
          takenAt: now,
        }),
        facts: { receivedBy: update.receivedBy ?? "", takenAt: now, photo: images.some((image) => image.kind === "photo"), signed },
      }
    : null;
  // The images go first, under keys of the update's id; the batch then records them with the
  // change, or, refused, leaves them to be removed (a replay that committed keeps its own).
  await putProofImages(context.cloudflare.env.PROOFS, images);
  let changedCount = 0;
  try {
    const { changed } = await changeShipmentStatuses(context, {
      shipmentIds: [stop.id],
      status: update.status,
      location: update.location ?? null,
      description: updateDescription(update, proof?.facts),
      actor: courier,
      alongside: proof ? [record, proof.row] : [record],
      ...(proof ? { proof: proof.facts } : {}),
      now,
    });
    changedCount = changed.length;
  } catch (error) {
    await dropUnrecordedImages(context, update.updateId, images);
    // The same update sent twice at the same moment: the second batch finds its id taken and wrote nothing.
    if (isUniqueViolation(error)) return replayed;
    throw error;
  }
  const t = translator(language, "messages");
  const status = courierStatusName(t, update.status);
  if (changedCount === 0) {
    await dropUnrecordedImages(context, update.updateId, images);
    return { ok: true, tone: "info", trackingId: stop.trackingId, message: t("The status is already {{status}}: nothing changed", { status }) };
  }
  return { ok: true, trackingId: stop.trackingId, message: t("{{trackingId}}: {{status}}", { trackingId: stop.trackingId, status }) };
}
