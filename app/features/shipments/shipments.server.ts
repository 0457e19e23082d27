// Writes that every shipment goes through, whoever makes them (customer form, admin form,
// admin row actions). Each is one D1 batch, so the shipment, its history entry, its mail
// and its audit record are written together or not at all.
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { invoices, shipmentPackages, shipments, trackingEvents, users } from "../../../drizzle/schema";
import { invoiceAmounts, invoiceNumber } from "~/features/invoices/invoice";
import { isDelivered, normalizeStatus, statusName, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { checkPlace, CustomDestinationSchema } from "~/features/shipments/shipment-places";
import { statusChangeEntry, type AppendedEntry } from "~/features/tracking/tracking-history";
import { generateTrackingId } from "~/features/tracking/tracking-id";
import type { ServiceContext } from "~/load-context";
import { inParts, insertWhere, type Db } from "~/.server/db";
import { commit, prepareCommit } from "~/.server/dispatch";
import { recordEvents, type Actor, type DeliveryProofFacts, type OnlyIf } from "~/.server/events";
import { refused, type Outcome, type RateLimited } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { messagesIn } from "~/.server/answer-language";
import { ratingLink } from "~/features/ratings/ratings.server";
import { getSettings, type Settings } from "~/features/settings/settings.server";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/** A shipment as its form gives it: its status and where it is are its history's (appendHistoryEntry). */
export type NewShipment = Omit<typeof shipments.$inferInsert, "id" | "trackingId" | "status" | "currentLocation" | "version" | "createdAt" | "updatedAt">;
export type NewPackage = Omit<typeof shipmentPackages.$inferInsert, "shipmentId" | "position">;

/**
 * Appends an entry to a shipment's history, written only while `where` matches its row as the
 * batch runs (a shipment deleted meanwhile gets none, and no foreign-key failure). `status` may
 * be read from the row then. The entry is dated `now`, or at its latest entry's time when that
 * is later, so the entry appended is always the latest: the place the caller sets as the
 * shipment's current location in the same batch is the latest entry's. Entries are never
 * changed afterwards (the database refuses it).
 */
export function appendHistoryEntry(
  db: Db,
  {
    shipmentId,
    entry,
    actor,
    now,
    where,
  }: { shipmentId: string; entry: Omit<AppendedEntry, "status"> & { status: ShipmentStatus | SQL }; actor: Actor; now: number; where: SQL | undefined },
) {
  const latest = sql`(select max(${trackingEvents.occurredAt}) from ${trackingEvents} where ${trackingEvents.shipmentId} = ${shipmentId})`;
  return db.insert(trackingEvents).select(
    db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        shipmentId: shipments.id,
        status: sql<string>`${entry.status}`.as("status"),
        location: sql<string | null>`${entry.location}`.as("location"),
        description: sql<string>`${entry.description}`.as("description"),
        occurredAt: sql<number>`max(${now}, coalesce(${latest}, ${now}))`.as("occurred_at"),
        actorUserId: sql<string | null>`${actor.userId}`.as("actor_user_id"),
        actorLabel: sql<string>`${actor.label}`.as("actor_label"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(shipments)
      .where(and(eq(shipments.id, shipmentId), where)),
  );
}

/** What a new shipment's statements are built from, read once however many shipments a batch holds. */
export type NewShipmentSettings = Pick<Settings, "trackingPrefix" | "taxRateBasisPoints" | "companyName" | "supportAddress" | "supportPhone" | "taxNumber">;

/**
 * A new shipment as statements for `commit`: the shipment with a server-generated tracking ID,
 * its packages, the first history entry (pending, at the Processing Center), its invoice (billed
 * from the stored cost) and its shipment.created event (which brings the confirmation mail).
 * With `onlyIf`, every statement is written only while its condition holds at its point of the
 * batch (an import's row that has not become a shipment yet); `importId` marks the event as
 * part of an import, whose importer gets one summary instead of a confirmation per shipment.
 */
export function newShipmentItems(
  context: ServiceContext,
  {
    shipment,
    packages = [],
    actor,
    now,
    settings,
    onlyIf,
    importId,
  }: { shipment: NewShipment; packages?: NewPackage[]; actor: Actor; now: number; settings: NewShipmentSettings; onlyIf?: OnlyIf; importId?: string },
) {
  const { db } = context;
  const insert = <T extends SQLiteTable>(table: T, row: T["$inferInsert"]) => (onlyIf ? insertWhere(db, table, row, onlyIf) : db.insert(table).values(row as never));
  // The rate the caller priced the shipment at (the customer's estimate), else the settings' rate now.
  const taxRateBasisPoints = shipment.taxRateBasisPoints ?? settings.taxRateBasisPoints;
  const invoice = invoiceAmounts({ cost: shipment.cost ?? 0, costBreakdown: shipment.costBreakdown ?? null, taxRateBasisPoints });
  const first = statusChangeEntry({ status: "pending" });
  const id = crypto.randomUUID();
  const invoiceId = crypto.randomUUID();
  const row = {
    ...shipment,
    id,
    trackingId: generateTrackingId(settings.trackingPrefix, now),
    // Priced at the same tax rate as its invoice.
    taxRateBasisPoints,
    status: first.status,
    currentLocation: first.location,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof shipments.$inferInsert;
  const items = [
    insert(shipments, row),
    ...packages.map((item, index) => insert(shipmentPackages, { ...item, shipmentId: id, position: index + 1 })),
    insert(trackingEvents, {
      ...first,
      id: crypto.randomUUID(),
      shipmentId: id,
      occurredAt: now,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    }),
    insert(invoices, {
      id: invoiceId,
      number: invoiceNumber(row.trackingId),
      shipmentId: id,
      userId: row.userId ?? null,
      // The issuer as the settings say now: a later change of the settings leaves issued invoices alone.
      issuerName: settings.companyName,
      issuerAddress: settings.supportAddress,
      issuerPhone: settings.supportPhone,
      issuerTaxNumber: settings.taxNumber,
      currency: row.currency ?? "USD",
      ...(invoice.exchange ? { baseCurrency: invoice.exchange.baseCurrency, exchangeRate: invoice.exchange.rate, exchangeRateSetAt: invoice.exchange.setAt } : {}),
      lineItems: JSON.stringify(invoice.lines),
      subtotal: invoice.subtotal,
      taxRateBasisPoints: invoice.taxRateBasisPoints,
      tax: invoice.tax,
      total: invoice.total,
      status: "unpaid",
      issuedAt: now,
    }),
    recordEvents(
      context,
      actor,
      [
        {
          type: "shipment.created",
          entityId: id,
          data: {
            trackingId: row.trackingId,
            sender: { name: row.senderName, email: row.senderEmail ?? null },
            recipient: { name: row.recipientName, email: row.recipientEmail ?? null, city: row.recipientCity },
            ...(importId ? { importId } : {}),
          },
        },
      ],
      now,
      onlyIf,
    ),
  ];
  return { id, trackingId: row.trackingId, invoiceId, items };
}

/** Whether `error` is a tracking ID drawn twice: the batch wrote nothing, and may be built again with new IDs. */
export function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return message.includes("UNIQUE constraint failed: shipments.tracking_id");
}

/** How often a batch of new shipments is built again after drawing a tracking ID twice. */
export const MAX_TRACKING_ID_ATTEMPTS = 5;

type NewShipmentInput = { shipment: NewShipment; packages?: NewPackage[]; actor: Actor; /** The settings when the caller has just read them. */ settings?: Settings; now?: number };
type CreatedShipment = { id: string; trackingId: string; invoiceId: string };

/** Stores a new shipment (newShipmentItems) in one batch, its tracking ID drawn again on the rare collision. */
export async function createShipment(context: ServiceContext, input: NewShipmentInput): Promise<CreatedShipment> {
  return (await createShipmentIf(context, { ...input, allowed: true }))!;
}

/**
 * createShipment once `allowed` says yes: a round trip of the caller's (a count against a limit)
 * that goes out beside the reads of the shipment's mail. When it says no, nothing is stored: null.
 */
export async function createShipmentIf(
  context: ServiceContext,
  { allowed, settings: known, now = Date.now(), ...input }: NewShipmentInput & { allowed: boolean | Promise<boolean> },
): Promise<CreatedShipment | null> {
  const settings = known ?? (await getSettings(context.db));
  for (let attempt = 1; ; attempt += 1) {
    const { items, ...created } = newShipmentItems(context, { ...input, now, settings });
    try {
      const [write, go] = await Promise.all([prepareCommit(context, items), allowed]);
      if (!go) return null;
      await write();
      return created;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_TRACKING_ID_ATTEMPTS) throw error;
    }
  }
}

/** What a status change's mail and event are written from: the shipment's parties, read before its batch. */
type StatusSubject = {
  id: string;
  trackingId: string;
  status: string;
  senderName: string;
  senderEmail: string | null;
  recipientName: string;
  recipientEmail: string | null;
  ownerFirstName: string | null;
  ownerEmail: string | null;
  customDestination: string | null;
};

async function readStatusSubjects(db: Db, ids: readonly string[]): Promise<StatusSubject[]> {
  const found: StatusSubject[] = [];
  for (const part of inParts(ids)) {
    found.push(
      ...(await db
        .select({
          id: shipments.id,
          trackingId: shipments.trackingId,
          status: shipments.status,
          senderName: shipments.senderName,
          senderEmail: shipments.senderEmail,
          recipientName: shipments.recipientName,
          recipientEmail: shipments.recipientEmail,
          ownerFirstName: users.firstName,
          ownerEmail: users.email,
          customDestination: shipments.customDestination,
        })
        .from(shipments)
        .leftJoin(users, eq(users.id, shipments.userId))
        .where(inArray(shipments.id, part))),
    );
  }
  return found;
}

/** A status change: the status, who makes it, and optionally the place and (custom destination) where it was delivered. */
export type StatusChange = {
  status: ShipmentStatus;
  actor: Actor;
  location?: string | null;
  customDestination?: string | null;
  description?: string;
  /** A courier's proof of delivery, carried by the event for the owner's mail. */
  proof?: DeliveryProofFacts;
  now?: number;
};

/**
 * One shipment's status change as statements for `commit`: its history entry, its event (with
 * its mail) and the update, in that order; null when the shipment already has that status (and,
 * for a custom destination, that destination).
 */
async function statusChangeItems(context: ServiceContext, current: StatusSubject, { status, actor, location, customDestination, description, proof, now }: StatusChange & { now: number }) {
  const { db } = context;
  const shipmentId = current.id;
  const sameDestination = customDestination === undefined || (current.customDestination ?? null) === (customDestination ?? null);
  if (normalizeStatus(current.status) === status && sameDestination) return null;

  const delivered = isDelivered(status);
  const entry = statusChangeEntry({ status, location, customDestination, description });
  const differs =
    customDestination === undefined
      ? ne(shipments.status, status)
      : or(ne(shipments.status, status), sql`${shipments.customDestination} IS NOT ${customDestination ?? null}`);
  const onlyIf = { from: shipments, where: and(eq(shipments.id, shipmentId), differs) };

  const ratingLinkOnDelivery = delivered ? { ratingLink: await ratingLink(context, { id: shipmentId, trackingId: current.trackingId }) } : {};
  return [
    appendHistoryEntry(db, { shipmentId, entry, actor, now, where: onlyIf.where }),
    recordEvents(
      context,
      actor,
      [
        {
          type: "shipment.status_changed",
          entityId: shipmentId,
          data: {
            trackingId: current.trackingId,
            from: current.status,
            to: status,
            location: entry.location,
            description: entry.description,
            customDestination: customDestination ?? null,
            sender: { name: current.senderName, email: current.senderEmail },
            recipient: { name: current.recipientName, email: current.recipientEmail },
            owner: current.ownerEmail ? { name: current.ownerFirstName ?? "", email: current.ownerEmail } : null,
            ...(proof ? { proof } : {}),
          },
          readAtWrite: { from: sql`(select ${shipments.status} from ${shipments} where ${shipments.id} = ${shipmentId})` },
          ...ratingLinkOnDelivery,
        },
      ],
      now,
      onlyIf,
    ),
    // Last: the statements above read the status this one sets.
    db
      .update(shipments)
      .set({
        status,
        currentLocation: entry.location,
        updatedAt: now,
        version: sql`${shipments.version} + 1`,
        ...(delivered ? { actualDelivery: now } : {}),
        ...(customDestination !== undefined ? { customDestination } : {}),
      })
      .where(onlyIf.where)
      // The rows it changed: D1's `changes` also counts the analytics triggers' writes (decision 120).
      .returning({ id: shipments.id }),
  ] as const;
}

/** What a status change did to the shipments it named: each id in one of the three. */
export type StatusChanges = { changed: string[]; unchanged: string[]; missing: string[] };

/**
 * Sets a status on shipments, each with its history entry, in one batch. The entry is at the
 * place given, else the status's default place (statusChangeEntry), and that place becomes the
 * shipment's current location. Concurrent changes all apply, one after another: the history
 * entry and the event are written ahead of the update in the same batch and read the status they
 * follow from the row as it runs, so each change has one entry and one event naming the status
 * before it, whichever landed in between. The version goes up by one per change so that edits
 * made from an older copy are refused. Setting the status a shipment already has (and, for a
 * custom destination, the same destination) changes nothing for it: no history entry, no mail,
 * no record ("unchanged"). Every statement of the batch carries that condition, checked when the
 * batch runs, so two identical changes made at the same moment leave one entry, not two. When a
 * named shipment does not exist, nothing is written for any of them. `limiting`, the change's
 * rate limit (limitAction), is counted beside the shipments' read, in the same round trip; when
 * it refuses, nothing is written.
 */
type StatusChangesInput = StatusChange & {
  shipmentIds: readonly string[];
  /** Statements written first in the change's batch, only when something changes (a courier's update id). */
  alongside?: readonly BatchItem<"sqlite">[];
  limiting?: Promise<RateLimited | null>;
};
export async function changeShipmentStatuses(context: ServiceContext, input: StatusChangesInput & { limiting: Promise<RateLimited | null> }): Promise<StatusChanges | RateLimited>;
export async function changeShipmentStatuses(context: ServiceContext, input: StatusChangesInput & { limiting?: undefined }): Promise<StatusChanges>;
export async function changeShipmentStatuses(
  context: ServiceContext,
  { shipmentIds, alongside = [], limiting, now = Date.now(), ...change }: StatusChangesInput,
): Promise<StatusChanges | RateLimited> {
  const named = [...new Set(shipmentIds)];
  // What the mail is written from; the parties rarely change, the status often does.
  const [limited, subjects] = await Promise.all([limiting ?? null, readStatusSubjects(context.db, named)]);
  if (limited) return limited;
  const found = new Set(subjects.map((subject) => subject.id));
  const missing = named.filter((id) => !found.has(id));
  if (missing.length > 0) return { changed: [], unchanged: [], missing };
  const planned = (await Promise.all(subjects.map(async (subject) => ({ id: subject.id, items: await statusChangeItems(context, subject, { ...change, now }) })))).filter(
    (plan): plan is { id: string; items: NonNullable<Awaited<ReturnType<typeof statusChangeItems>>> } => plan.items !== null,
  );
  // One batch: each statement binds far fewer than D1's 100 values, and the bound on a selection
  // keeps the batch's work well inside D1's time for one (docs/decisions/157).
  const results = planned.length === 0 ? [] : await commit(context, [...alongside, ...planned.flatMap((plan) => plan.items)]);
  // Each plan's last statement is its update, returning the row it changed.
  let end = alongside.length;
  const changed = planned.filter((plan) => (results[(end += plan.items.length) - 1] as unknown[]).length === 1).map((plan) => plan.id);
  const done = new Set(changed);
  return { changed, unchanged: named.filter((id) => !done.has(id)), missing: [] };
}

/** One shipment's status change (changeShipmentStatuses). */
export async function changeShipmentStatus(
  context: ServiceContext,
  { shipmentId, ...change }: StatusChange & { shipmentId: string; limiting?: Promise<RateLimited | null> },
): Promise<"changed" | "unchanged" | "missing" | RateLimited> {
  const { limiting, ...rest } = change;
  const result = limiting
    ? await changeShipmentStatuses(context, { shipmentIds: [shipmentId], ...rest, limiting })
    : await changeShipmentStatuses(context, { shipmentIds: [shipmentId], ...rest });
  if ("reason" in result) return result;
  return result.missing.length > 0 ? "missing" : result.changed.length > 0 ? "changed" : "unchanged";
}

/**
 * The admin's status change: any status, in any order. A custom destination needs to say where: without one
 * the answer asks for it first; a blank one is refused. Saved, it is the parcel's destination
 * and its history entry says it was delivered there.
 */
export async function changeStatus(
  context: ServiceContext,
  {
    shipmentId,
    status,
    destination,
    actor,
    clientAddress,
    now = Date.now(),
  }: { shipmentId: string; status: ShipmentStatus; destination?: string; actor: Actor; clientAddress: string; now?: number },
): Promise<Outcome> {
  let customDestination: string | undefined;
  if (status === "custom_destination") {
    if (destination === undefined) return refused("destination-needed");
    const checked = checkPlace(CustomDestinationSchema, destination);
    if (!checked.ok) return refused("invalid", checked.message);
    customDestination = checked.place;
  }
  const changed = await changeShipmentStatus(context, {
    shipmentId,
    status,
    actor,
    customDestination,
    now,
    // Each change mails the sender and the recipient: counted per admin and per client address.
    limiting: limitAction(context, { action: "status-change", clientAddress, account: actor.userId ?? undefined }),
  });
  if (typeof changed === "object") return changed;
  if (changed === "missing") return refused("not-found", "Failed to update shipment status");
  const t = await messagesIn(context);
  if (changed === "unchanged") return { ok: true, tone: "info", message: t("The status is already {{status}}: nothing changed", { status: statusName(t, status) }) };
  return { ok: true, message: customDestination ? t("Shipment delivered to: {{place}}", { place: customDestination }) : t("Shipment status updated") };
}
