// Writes that every shipment goes through, whoever makes them (customer form, admin form,
// admin row actions). Each is one D1 batch, so the shipment, its history entry, its mail
// and its audit record are written together or not at all.
import { eq, sql } from "drizzle-orm";
import { auditLog, invoices, shipmentPackages, shipments, trackingEvents } from "../../drizzle/schema";
import { invoiceAmounts, invoiceNumber } from "~/domain/invoice";
import {
  defaultStatusDescription,
  isDelivered,
  statusLabel,
  type ShipmentStatus,
} from "~/domain/shipment-status";
import { generateTrackingId } from "~/domain/tracking-id";
import type { Db } from "./db";
import { queueMail, type Mail } from "./outbox";
import { getSettings } from "./settings";

/** Who made a change: a signed-in person, or the system. */
export type Actor = { userId: string | null; email: string | null; label: string };

export const SYSTEM_ACTOR: Actor = { userId: null, email: null, label: "system" };

export function actorFor(user: { id: string; email: string; firstName: string; lastName: string }): Actor {
  return { userId: user.id, email: user.email, label: `${user.firstName} ${user.lastName}` };
}

export type NewShipment = Omit<typeof shipments.$inferInsert, "id" | "trackingId" | "status" | "version" | "createdAt" | "updatedAt">;
export type NewPackage = Omit<typeof shipmentPackages.$inferInsert, "shipmentId" | "position">;

const FIRST_LOCATION = "Processing Center";
const MAX_TRACKING_ID_ATTEMPTS = 5;

function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return message.includes("UNIQUE constraint failed: shipments.tracking_id");
}

function trackingUrl(origin: string, trackingId: string): string {
  return `${origin}/track/${encodeURIComponent(trackingId)}`;
}

/**
 * SPEC.md: confirmation mail goes to both parties only when both e-mails, both names and the
 * tracking ID are present; otherwise it is skipped silently.
 */
function confirmationMails(shipment: typeof shipments.$inferInsert, origin: string, companyName: string): Mail[] {
  const { trackingId, senderEmail, recipientEmail, senderName, recipientName } = shipment;
  if (!trackingId || !senderEmail || !recipientEmail || !senderName || !recipientName) return [];
  const link = trackingUrl(origin, trackingId);
  return [
    {
      to: senderEmail,
      kind: "shipment-created",
      subject: `Your shipment ${trackingId} has been created`,
      body: `Hello ${senderName},\n\nYour shipment to ${recipientName} in ${shipment.recipientCity} has been created with ${companyName}.\nTracking ID: ${trackingId}\nFollow it at ${link}\n`,
    },
    {
      to: recipientEmail,
      kind: "shipment-created",
      subject: `A parcel from ${senderName} is on its way`,
      body: `Hello ${recipientName},\n\n${senderName} has sent you a parcel with ${companyName}.\nTracking ID: ${trackingId}\nFollow it at ${link}\n`,
    },
  ];
}

/**
 * Stores a new shipment with a server-generated tracking ID (drawn again on the rare
 * collision), its packages, the first history entry at the Processing Center, its invoice
 * (billed from the stored cost), the confirmation mail and the audit record.
 */
export async function createShipment(
  db: Db,
  {
    shipment,
    packages = [],
    actor,
    trackingPrefix,
    origin,
    companyName,
    taxRateBasisPoints,
    now = Date.now(),
  }: {
    shipment: NewShipment;
    packages?: NewPackage[];
    actor: Actor;
    trackingPrefix: string;
    origin: string;
    companyName: string;
    /** From the settings; read from them when not given. */
    taxRateBasisPoints?: number;
    now?: number;
  },
): Promise<{ id: string; trackingId: string; invoiceId: string }> {
  const taxRate = taxRateBasisPoints ?? (await getSettings(db)).taxRateBasisPoints;
  const invoice = invoiceAmounts({ cost: shipment.cost ?? 0, costBreakdown: shipment.costBreakdown ?? null, taxRateBasisPoints: taxRate });
  for (let attempt = 1; ; attempt += 1) {
    const id = crypto.randomUUID();
    const invoiceId = crypto.randomUUID();
    const row = {
      ...shipment,
      id,
      trackingId: generateTrackingId(trackingPrefix, now),
      status: "pending",
      currentLocation: shipment.currentLocation ?? FIRST_LOCATION,
      createdAt: now,
      updatedAt: now,
    } satisfies typeof shipments.$inferInsert;
    try {
      await db.batch([
        db.insert(shipments).values(row),
        ...packages.map((item, index) => db.insert(shipmentPackages).values({ ...item, shipmentId: id, position: index + 1 })),
        db.insert(trackingEvents).values({
          id: crypto.randomUUID(),
          shipmentId: id,
          status: "pending",
          location: FIRST_LOCATION,
          description: defaultStatusDescription("pending"),
          occurredAt: now,
          actorUserId: actor.userId,
          actorLabel: actor.label,
        }),
        db.insert(invoices).values({
          id: invoiceId,
          number: invoiceNumber(row.trackingId),
          shipmentId: id,
          userId: row.userId ?? null,
          currency: row.currency ?? "USD",
          lineItems: JSON.stringify(invoice.lines),
          subtotal: invoice.subtotal,
          taxRateBasisPoints: invoice.taxRateBasisPoints,
          tax: invoice.tax,
          total: invoice.total,
          status: "unpaid",
          issuedAt: now,
        }),
        ...confirmationMails(row, origin, companyName).map((mail) => queueMail(db, mail, now)),
        db.insert(auditLog).values({
          id: crypto.randomUUID(),
          actorUserId: actor.userId,
          actorEmail: actor.email,
          action: "create",
          entityType: "shipment",
          entityId: id,
          changes: JSON.stringify({ trackingId: row.trackingId }),
          createdAt: now,
        }),
      ]);
      return { id, trackingId: row.trackingId, invoiceId };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_TRACKING_ID_ATTEMPTS) throw error;
    }
  }
}

/**
 * Sets a status and appends its history entry in one batch. Concurrent changes each keep
 * their entry: history rows are only ever inserted, and the shipment's version goes up by
 * one per change so that edits made from an older copy can be refused.
 */
export async function changeShipmentStatus(
  db: Db,
  {
    shipmentId,
    status,
    actor,
    location,
    description,
    customDestination,
    origin,
    now = Date.now(),
  }: {
    shipmentId: string;
    status: ShipmentStatus;
    actor: Actor;
    location?: string | null;
    description?: string | null;
    customDestination?: string | null;
    origin: string;
    now?: number;
  },
): Promise<boolean> {
  const current = await db
    .select({
      trackingId: shipments.trackingId,
      status: shipments.status,
      senderName: shipments.senderName,
      senderEmail: shipments.senderEmail,
      recipientName: shipments.recipientName,
      recipientEmail: shipments.recipientEmail,
      currentLocation: shipments.currentLocation,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .get();
  if (!current) return false;

  const delivered = isDelivered(status);
  const eventLocation = status === "delivered" ? "Delivered" : (location ?? customDestination ?? current.currentLocation);
  const link = trackingUrl(origin, current.trackingId);
  const mails: Mail[] = [
    [current.senderEmail, current.senderName],
    [current.recipientEmail, current.recipientName],
  ]
    .filter((party): party is [string, string] => Boolean(party[0]))
    .map(([to, name]) => ({
      to,
      kind: "shipment-status",
      subject: `Shipment ${current.trackingId}: ${statusLabel(status)}`,
      body: `Hello ${name},\n\nYour shipment ${current.trackingId} is now ${statusLabel(status)}.\n${description ?? defaultStatusDescription(status)}\nFollow it at ${link}\n`,
    }));

  await db.batch([
    db
      .update(shipments)
      .set({
        status,
        updatedAt: now,
        version: sql`${shipments.version} + 1`,
        ...(status === "delivered" ? { currentLocation: "Delivered" } : location ? { currentLocation: location } : {}),
        ...(delivered ? { actualDelivery: now } : {}),
        ...(customDestination !== undefined ? { customDestination } : {}),
      })
      .where(eq(shipments.id, shipmentId)),
    db.insert(trackingEvents).values({
      id: crypto.randomUUID(),
      shipmentId,
      status,
      location: eventLocation,
      description: description ?? defaultStatusDescription(status),
      occurredAt: now,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    }),
    ...mails.map((mail) => queueMail(db, mail, now)),
    db.insert(auditLog).values({
      id: crypto.randomUUID(),
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: "status",
      entityType: "shipment",
      entityId: shipmentId,
      changes: JSON.stringify({ status: { from: current.status, to: status }, ...(customDestination ? { customDestination: { to: customDestination } } : {}) }),
      createdAt: now,
    }),
  ]);
  return true;
}
