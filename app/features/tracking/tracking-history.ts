// A shipment's history: one entry per status change and per change of place, appended and never
// rewritten. Where the parcel is now is always the place of its latest entry. A shipment with no
// stored entry at all (every shipment made here starts with one; rows from elsewhere may have
// none) shows steps synthesised from creation to the estimated delivery date instead; stored
// entries are never replaced by synthesised ones.
import type { TFunction } from "i18next";
import { tk } from "~/features/languages/languages";
import { courierHistoryText } from "~/features/couriers/courier-rules";
import {
  DEFAULT_HISTORY_TEXTS,
  defaultStatusDescription,
  defaultStatusPlace,
  STATUSES_NAMESPACE,
  statusProgress,
  type ShipmentStatus,
} from "~/features/shipments/shipment-status";

export type HistoryEntry = {
  status: ShipmentStatus;
  location: string | null;
  description: string;
  occurredAt: number;
  synthesized: boolean;
};

export type StoredEntry = Omit<HistoryEntry, "synthesized">;

/** What a change appends; its time is the change's, or the latest entry's when that is later. */
export type AppendedEntry = Pick<HistoryEntry, "status" | "location" | "description">;

type ShipmentTimes = {
  status: ShipmentStatus;
  createdAt: number;
  estimatedDelivery: number | null;
  updatedAt: number;
  currentLocation: string | null;
};

const DAY_MS = 86_400_000;
export const DEFAULT_DELIVERY_DAYS = 7;

/** The description of the entry a change of place appends (its status is the shipment's). */
export const LOCATION_CHANGED = tk("Location updated");

/** How a delivery to a custom destination is described, the destination following. */
const DELIVERED_TO_DESTINATION = "Package delivered to custom destination: ";

/**
 * The entry a status change appends. Delivered is at "Delivered" and a custom destination at the
 * destination it names; any other status at the place given, else at its default place.
 */
export function statusChangeEntry({
  status,
  location,
  customDestination,
  description,
}: {
  status: ShipmentStatus;
  location?: string | null;
  customDestination?: string | null;
  /** What the entry says instead of the status's default (a failed attempt's reason). */
  description?: string;
}): AppendedEntry {
  const destination = status === "custom_destination" ? customDestination || null : null;
  const place = status === "delivered" ? defaultStatusPlace(status) : (destination ?? location ?? defaultStatusPlace(status));
  return {
    status,
    location: place,
    description: destination ? `${DELIVERED_TO_DESTINATION}${destination}` : (description ?? defaultStatusDescription(status)),
  };
}

const SYNTHESIS_STAGES: { status: ShipmentStatus; fraction: number }[] = [
  { status: "pending", fraction: 0 },
  { status: "processing", fraction: 0.1 },
  { status: "in_transit", fraction: 0.3 },
  { status: "out_for_delivery", fraction: 0.8 },
  { status: "delivered", fraction: 1 },
];

/**
 * Steps from creation to the estimated delivery date (default 7 days) up to the current
 * status, oldest first, each at its status's default place; the current one is where the
 * shipment says it is, when it says. A status outside the five stages ends the list at the time
 * of the last update. No step is dated after the shipment's last update.
 */
export function synthesizeHistory(shipment: ShipmentTimes): HistoryEntry[] {
  const start = shipment.createdAt;
  const end = shipment.estimatedDelivery ?? start + DEFAULT_DELIVERY_DAYS * DAY_MS;
  const span = Math.max(end - start, 0);
  const latest = Math.max(shipment.updatedAt, start);
  const at = (fraction: number) => Math.min(start + Math.round(span * fraction), latest);
  const progress = statusProgress(shipment.status);
  const passed = SYNTHESIS_STAGES.filter((stage) => statusProgress(stage.status) < progress);
  const current = SYNTHESIS_STAGES.find((stage) => stage.status === shipment.status);
  const entries: HistoryEntry[] = passed.map((stage) => ({
    status: stage.status,
    location: defaultStatusPlace(stage.status),
    description: defaultStatusDescription(stage.status),
    occurredAt: at(stage.fraction),
    synthesized: true,
  }));
  entries.push({
    status: shipment.status,
    location: shipment.currentLocation ?? defaultStatusPlace(shipment.status),
    description: defaultStatusDescription(shipment.status),
    occurredAt: current ? at(current.fraction) : latest,
    synthesized: true,
  });
  return entries;
}

/**
 * The history the tracking page shows, newest first: the stored entries (given in the order
 * they were appended; entries of one time keep that order), or synthesised steps when none is
 * stored.
 */
export function trackingHistory(shipment: ShipmentTimes, stored: readonly StoredEntry[]): HistoryEntry[] {
  const entries = stored.length === 0 ? synthesizeHistory(shipment) : stored.map((entry) => ({ ...entry, synthesized: false }));
  return [...entries].sort((a, b) => a.occurredAt - b.occurredAt).reverse();
}

/** Where the parcel is: the place of the latest entry of its history (newest first). */
export function currentLocation(history: readonly HistoryEntry[]): string | null {
  return history[0]?.location ?? null;
}

/**
 * A history entry's description or place in the language of `t`: the words a change (a courier's too) writes by
 * itself are translated; anything a person typed (a place, a reason, a destination) stays as typed.
 */
export function historyText(t: TFunction, text: string): string {
  if (text.startsWith(DELIVERED_TO_DESTINATION)) {
    return t("Package delivered to custom destination: {{destination}}", { ns: STATUSES_NAMESPACE, destination: text.slice(DELIVERED_TO_DESTINATION.length) });
  }
  if (DEFAULT_HISTORY_TEXTS.has(text) || text === LOCATION_CHANGED) return t(text, { ns: STATUSES_NAMESPACE });
  return courierHistoryText(t, text) ?? text;
}
