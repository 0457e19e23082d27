// The history shown on the tracking page. Stored history entries (the tracking_events table)
// are used as they are unless they say nothing useful (none, an invalid time, or only the
// creation entry); then synthesised steps stand in (pending, processing, in transit, out for
// delivery, delivered), spread from creation to the estimated delivery date.
import {
  defaultStatusDescription,
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

type ShipmentTimes = {
  status: ShipmentStatus;
  createdAt: number;
  estimatedDelivery: number | null;
  updatedAt: number;
  currentLocation: string | null;
};

const DAY_MS = 86_400_000;
export const DEFAULT_DELIVERY_DAYS = 7;

const SYNTHESIS_STAGES: { status: ShipmentStatus; fraction: number; location: string }[] = [
  { status: "pending", fraction: 0, location: "Origin Facility" },
  { status: "processing", fraction: 0.1, location: "Processing Center" },
  { status: "in_transit", fraction: 0.3, location: "Transit Hub" },
  { status: "out_for_delivery", fraction: 0.8, location: "Local Delivery Center" },
  { status: "delivered", fraction: 1, location: "Destination" },
];

function isValidTime(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

export function needsSynthesis(stored: readonly { status: string; occurredAt: number }[]): boolean {
  if (stored.length === 0) return true;
  if (stored.some((entry) => !isValidTime(entry.occurredAt))) return true;
  return stored.length === 1 && stored[0]!.status === "pending";
}

/**
 * Steps from creation to the estimated delivery date (default 7 days) up to the current
 * status. A status outside the five stages ends the list at the time of the last update.
 * No step is dated after the shipment's last update.
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
    location: stage.location,
    description: defaultStatusDescription(stage.status),
    occurredAt: at(stage.fraction),
    synthesized: true,
  }));
  entries.push({
    status: shipment.status,
    location: current ? current.location : shipment.currentLocation,
    description: defaultStatusDescription(shipment.status),
    occurredAt: current ? at(current.fraction) : latest,
    synthesized: true,
  });
  return entries;
}

/** Newest first. */
export function trackingHistory(
  shipment: ShipmentTimes,
  stored: readonly Omit<HistoryEntry, "synthesized">[],
): HistoryEntry[] {
  const entries = needsSynthesis(stored)
    ? synthesizeHistory(shipment)
    : stored.map((entry) => ({ ...entry, synthesized: false }));
  return [...entries].sort((a, b) => b.occurredAt - a.occurredAt);
}
