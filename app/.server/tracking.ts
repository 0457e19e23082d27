// Tracking look-ups. Anyone with a tracking ID sees where the parcel is; only its owner
// and admins see who sends it, to whom, and what is inside.
import { asc, eq } from "drizzle-orm";
import { shipments, trackingEvents, invoices } from "../../drizzle/schema";
import { normalizeStatus, type ShipmentStatus } from "~/domain/shipment-status";
import { trackingHistory, type HistoryEntry } from "~/domain/tracking-history";
import type { Db } from "./db";
import type { SessionUser } from "./session";

export type PublicTracking = {
  trackingId: string;
  status: ShipmentStatus;
  serviceType: string;
  origin: { city: string; country: string };
  destination: { city: string; country: string };
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
  dimensionsCm: { length: number; width: number; height: number } | null;
  declaredValue: number;
  cost: number;
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

export type TrackingView = PublicTracking & { details: ShipmentDetails | null };

export async function lookUpTracking(
  db: Db,
  trackingId: string,
  viewer: SessionUser | null,
): Promise<TrackingView | null> {
  const shipment = await db.select().from(shipments).where(eq(shipments.trackingId, trackingId)).get();
  if (!shipment) return null;
  const [events, invoice] = await db.batch([
    db
      .select({
        status: trackingEvents.status,
        location: trackingEvents.location,
        description: trackingEvents.description,
        occurredAt: trackingEvents.occurredAt,
      })
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipment.id))
      .orderBy(asc(trackingEvents.occurredAt)),
    db.select({ id: invoices.id }).from(invoices).where(eq(invoices.shipmentId, shipment.id)),
  ]);
  const status = normalizeStatus(shipment.status) ?? "pending";
  const history = trackingHistory(
    { status, createdAt: shipment.createdAt, updatedAt: shipment.updatedAt, estimatedDelivery: shipment.estimatedDelivery, currentLocation: shipment.currentLocation },
    events.map((event) => ({ ...event, status: normalizeStatus(event.status) ?? "pending" })),
  );
  const canSeeDetails = viewer !== null && (viewer.role === "admin" || viewer.id === shipment.userId);
  return {
    trackingId: shipment.trackingId,
    status,
    serviceType: shipment.serviceType,
    origin: { city: shipment.senderCity, country: shipment.senderCountry },
    destination: { city: shipment.recipientCity, country: shipment.recipientCountry },
    currentLocation: shipment.currentLocation,
    customDestination: shipment.customDestination,
    estimatedDelivery: shipment.estimatedDelivery,
    actualDelivery: shipment.actualDelivery,
    createdAt: shipment.createdAt,
    updatedAt: shipment.updatedAt,
    history,
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
          declaredValue: shipment.declaredValue,
          cost: shipment.cost,
          currency: shipment.currency,
          invoiceUrl: invoice[0] ? `/invoices/${invoice[0].id}` : null,
        }
      : null,
  };
}
