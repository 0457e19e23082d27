// Tracking look-ups. Anyone with a tracking ID sees where the parcel is; only its owner
// and admins see who sends it, to whom, and what is inside.
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { invoices, shipmentPackages, shipmentRatings, shipments, trackingEvents } from "../../../drizzle/schema";
import type { Dimensions } from "~/domain/format";
import { chargeFor, type Charge } from "~/features/pricing/charge";
import type { TrackingFacts } from "~/features/chat/support-assistant";
import { normalizeStatus, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { currentLocation, trackingHistory, type HistoryEntry } from "~/features/tracking/tracking-history";
import type { Db } from "~/.server/db";
import { isRated, ratingPromptFor, type RatingPrompt } from "~/features/ratings/ratings.server";
import type { SessionUser } from "~/features/accounts/session.server";

/** A history entry's place in the order entries were appended, which orders entries of one time. */
export const appendOrder = sql<number>`${trackingEvents}.rowid`;

export type PublicTracking = {
  trackingId: string;
  status: ShipmentStatus;
  serviceType: string;
  origin: { city: string; country: string };
  destination: { city: string; country: string };
  /** The place of the latest entry of `history`. */
  currentLocation: string | null;
  customDestination: string | null;
  estimatedDelivery: number | null;
  actualDelivery: number | null;
  createdAt: number;
  updatedAt: number;
  history: HistoryEntry[];
};

export type ShipmentDetails = {
  sender: Party;
  recipient: Party;
  packageType: string;
  description: string | null;
  weightKg: number;
  dimensionsCm: Dimensions | null;
  /** The parcels as entered in the customer's form (one row each, with its size). */
  packages: (Dimensions & { description: string; quantity: number; weightKg: number })[];
  declaredValue: number;
  /** What the shipment costs, tax included as its invoice bills it. */
  charge: Charge;
  currency: string;
  invoiceUrl: string | null;
};

type Party = {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  city: string;
  state: string | null;
  postalCode: string | null;
  country: string;
};

/**
 * What the anonymous page shows of a shipment, as one value the edge cache compares
 * (decision 131): its version (raised by every status, location and detail change) and whether
 * its delivery is rated (a rating is a row of its own and leaves the version as it is).
 */
export function publicVersion(shipment: { version: number; rated: number }): string {
  return `${shipment.version}.${shipment.rated}`;
}

/** `viewerIsOwner`: the signed-in viewer's account made the shipment (and gets its status mail). */
export type TrackingView = PublicTracking & { details: ShipmentDetails | null; viewerIsOwner: boolean };

/**
 * The shipment behind a tracking ID as `viewer` may see it, read in one round trip: the
 * shipment with whether its delivery is rated, its history and, for its owner or an admin, its
 * invoice, parcels and rating (ownership is part of those queries, so an anonymous reader's
 * batch never reads a rating's score, comment or author); with the tracking page's rating
 * prompt for a viewer without a mailed link, and the version of what an anonymous reader sees.
 */
export async function lookUpTracking(
  db: Db,
  trackingId: string,
  viewer: SessionUser | null,
): Promise<(TrackingView & { rating: RatingPrompt; publicVersion: string }) | null> {
  const byTrackingId = eq(shipments.trackingId, trackingId);
  // The owner's and admins' part; a visitor's (WHERE 0) reads no row.
  const mayRead =
    viewer === null ? sql`0` : viewer.role === "admin" ? byTrackingId : (and(byTrackingId, eq(shipments.userId, viewer.id)) ?? sql`0`);
  const [[shipment], storedHistory, invoice, packages, rating] = await db.batch([
    db
      .select({ ...getTableColumns(shipments), rated: isRated })
      .from(shipments)
      .where(byTrackingId),
    db
      .select({
        status: trackingEvents.status,
        location: trackingEvents.location,
        description: trackingEvents.description,
        occurredAt: trackingEvents.occurredAt,
      })
      .from(trackingEvents)
      .innerJoin(shipments, eq(shipments.id, trackingEvents.shipmentId))
      .where(byTrackingId)
      .orderBy(asc(trackingEvents.occurredAt), asc(appendOrder)),
    db
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(shipments, eq(shipments.id, invoices.shipmentId))
      .where(mayRead),
    db
      .select({
        description: shipmentPackages.description,
        quantity: shipmentPackages.quantity,
        weightKg: shipmentPackages.weightKg,
        length: shipmentPackages.lengthCm,
        width: shipmentPackages.widthCm,
        height: shipmentPackages.heightCm,
      })
      .from(shipmentPackages)
      .innerJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId))
      .where(mayRead)
      .orderBy(asc(shipmentPackages.position)),
    db
      .select({ score: shipmentRatings.score, comment: shipmentRatings.comment, createdAt: shipmentRatings.createdAt })
      .from(shipmentRatings)
      .innerJoin(shipments, eq(shipments.id, shipmentRatings.shipmentId))
      .where(mayRead),
  ]);
  if (!shipment) return null;
  const status = normalizeStatus(shipment.status) ?? "pending";
  const history = trackingHistory(
    { status, createdAt: shipment.createdAt, updatedAt: shipment.updatedAt, estimatedDelivery: shipment.estimatedDelivery, currentLocation: shipment.currentLocation },
    storedHistory.map((entry) => ({ ...entry, status: normalizeStatus(entry.status) ?? "pending" })),
  );
  const canSeeDetails = viewer !== null && (viewer.role === "admin" || viewer.id === shipment.userId);
  return {
    trackingId: shipment.trackingId,
    status,
    serviceType: shipment.serviceType,
    origin: { city: shipment.senderCity, country: shipment.senderCountry },
    destination: { city: shipment.recipientCity, country: shipment.recipientCountry },
    currentLocation: currentLocation(history),
    customDestination: shipment.customDestination,
    estimatedDelivery: shipment.estimatedDelivery,
    actualDelivery: shipment.actualDelivery,
    createdAt: shipment.createdAt,
    updatedAt: shipment.updatedAt,
    history,
    viewerIsOwner: viewer !== null && viewer.id === shipment.userId,
    publicVersion: publicVersion(shipment),
    rating: ratingPromptFor({ userId: shipment.userId, status }, { rated: shipment.rated === 1, given: rating[0] ?? null }, viewer),
    details: canSeeDetails
      ? {
          sender: {
            name: shipment.senderName,
            email: shipment.senderEmail,
            phone: shipment.senderPhone,
            company: shipment.senderCompany,
            address: shipment.senderAddress,
            city: shipment.senderCity,
            state: shipment.senderState,
            postalCode: shipment.senderPostalCode,
            country: shipment.senderCountry,
          },
          recipient: {
            name: shipment.recipientName,
            email: shipment.recipientEmail,
            phone: shipment.recipientPhone,
            company: shipment.recipientCompany,
            address: shipment.recipientAddress,
            city: shipment.recipientCity,
            state: shipment.recipientState,
            postalCode: shipment.recipientPostalCode,
            country: shipment.recipientCountry,
          },
          packageType: shipment.packageType,
          description: shipment.description,
          weightKg: shipment.weightKg,
          dimensionsCm:
            shipment.lengthCm && shipment.widthCm && shipment.heightCm
              ? { length: shipment.lengthCm, width: shipment.widthCm, height: shipment.heightCm }
              : null,
          packages,
          declaredValue: shipment.declaredValue,
          charge: chargeFor({ cost: shipment.cost, currency: shipment.currency, taxRateBasisPoints: shipment.taxRateBasisPoints }),
          currency: shipment.currency,
          invoiceUrl: invoice[0] ? `/invoices/${invoice[0].id}` : null,
        }
      : null,
  };
}

/** One row of a search for several tracking IDs: public facts only, those the support assistant may tell too. */
export type TrackingSummary = TrackingFacts;

/** Each ID asked for, in order, with its shipment's public facts, or null when none has that ID. One query. */
export async function lookUpMany(db: Db, trackingIds: readonly string[]): Promise<{ trackingId: string; shipment: TrackingSummary | null }[]> {
  if (trackingIds.length === 0) return [];
  const rows = await db
    .select({
      trackingId: shipments.trackingId,
      status: shipments.status,
      currentLocation: shipments.currentLocation,
      city: shipments.recipientCity,
      country: shipments.recipientCountry,
      estimatedDelivery: shipments.estimatedDelivery,
      actualDelivery: shipments.actualDelivery,
    })
    .from(shipments)
    .where(inArray(shipments.trackingId, [...trackingIds]));
  const found = new Map(rows.map((row) => [row.trackingId, row]));
  return trackingIds.map((trackingId) => {
    const row = found.get(trackingId);
    return {
      trackingId,
      shipment: row
        ? {
            trackingId,
            status: normalizeStatus(row.status) ?? "pending",
            currentLocation: row.currentLocation,
            destination: { city: row.city, country: row.country },
            estimatedDelivery: row.estimatedDelivery,
            actualDelivery: row.actualDelivery,
          }
        : null,
    };
  });
}
