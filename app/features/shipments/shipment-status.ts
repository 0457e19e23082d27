// The shipment status vocabulary. Two spellings are accepted (hyphens, "in-transit", and
// underscores, "in_transit") and stored as one snake_case value. Status names, the history's
// default descriptions and places are keys of the `statuses` catalogs, translated where shown.
import type { TFunction } from "i18next";
import { tk } from "~/features/languages/languages";

/** The catalogs' namespace of status names and the history's default words. */
export const STATUSES_NAMESPACE = "statuses";

export const SHIPMENT_STATUSES = [
  "pending",
  "confirmed",
  "processing",
  "picked_up",
  "shipped",
  "in_transit",
  "out_for_delivery",
  "ready_for_pickup",
  "delivered",
  "failed",
  "exception",
  "returned",
  "custom_destination",
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** A status form's answer to a value that is not one of its options. */
export const STATUS_NOT_LISTED = "Please choose a status from the list";

const PROGRESS: Record<ShipmentStatus, number> = {
  pending: 10,
  confirmed: 20,
  processing: 30,
  picked_up: 40,
  shipped: 50,
  in_transit: 60,
  exception: 50,
  failed: 50,
  returned: 30,
  out_for_delivery: 80,
  ready_for_pickup: 90,
  delivered: 100,
  custom_destination: 100,
};

// The history entry's description when a change gives none; the other statuses get
// 'Status updated'.
const DEFAULT_DESCRIPTIONS: Partial<Record<ShipmentStatus, string>> = {
  pending: tk("Shipment created and pending processing"),
  processing: tk("Package is being processed and prepared for shipment"),
  in_transit: tk("Package is in transit to destination"),
  out_for_delivery: tk("Package is out for delivery"),
  ready_for_pickup: tk("Package is ready for pickup at destination"),
  delivered: tk("Package has been delivered successfully"),
  failed: tk("Delivery attempt failed"),
  custom_destination: tk("Package delivered to custom destination"),
};

const STATUS_UPDATED = tk("Status updated");

/** What a scan of these statuses says in the demo data (drizzle/seed-data.ts), translated like the defaults. */
export const SCAN_DESCRIPTIONS: Partial<Record<ShipmentStatus, string>> = {
  confirmed: tk("Shipment confirmed and label created"),
  picked_up: tk("Package picked up by courier"),
  shipped: tk("Package shipped from origin facility"),
  exception: tk("Delivery exception: address could not be verified"),
  returned: tk("Package returned to sender"),
};

// Where a status change says the parcel is when it names no place: a new shipment's first entry
// is at the Processing Center, a delivered one's place is "Delivered" (a custom destination's is
// the destination it names).
const DEFAULT_PLACES: Record<ShipmentStatus, string> = {
  pending: tk("Processing Center"),
  confirmed: tk("Processing Center"),
  processing: tk("Processing Center"),
  picked_up: tk("Origin Facility"),
  shipped: tk("Origin Facility"),
  in_transit: tk("Transit Hub"),
  exception: tk("Local Delivery Center"),
  failed: tk("Local Delivery Center"),
  returned: tk("Returned to Sender"),
  out_for_delivery: tk("Local Delivery Center"),
  ready_for_pickup: tk("Pickup Point"),
  delivered: tk("Delivered"),
  custom_destination: tk("Delivered"),
};

/** Each status's name: its words capitalised ("out_for_delivery" is "Out For Delivery"). */
const LABELS: Record<ShipmentStatus, string> = {
  pending: tk("Pending"),
  confirmed: tk("Confirmed"),
  processing: tk("Processing"),
  picked_up: tk("Picked Up"),
  shipped: tk("Shipped"),
  in_transit: tk("In Transit"),
  out_for_delivery: tk("Out For Delivery"),
  ready_for_pickup: tk("Ready For Pickup"),
  delivered: tk("Delivered"),
  failed: tk("Failed"),
  exception: tk("Exception"),
  returned: tk("Returned"),
  custom_destination: tk("Custom Destination"),
};

export type StatusTone = "green" | "blue" | "yellow" | "red" | "grey";

const TONES: Partial<Record<ShipmentStatus, StatusTone>> = {
  delivered: "green",
  custom_destination: "green",
  in_transit: "blue",
  out_for_delivery: "blue",
  ready_for_pickup: "blue",
  pending: "yellow",
  confirmed: "yellow",
  picked_up: "yellow",
  exception: "red",
  returned: "red",
};

const STATUS_SET: ReadonlySet<string> = new Set(SHIPMENT_STATUSES);

export function isShipmentStatus(value: string): value is ShipmentStatus {
  return STATUS_SET.has(value);
}

/** Accepts either vocabulary ("in-transit", "In Transit", "in_transit"); null when unknown. */
export function normalizeStatus(input: string): ShipmentStatus | null {
  const value = input.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return isShipmentStatus(value) ? value : null;
}

/** "out_for_delivery" becomes "Out For Delivery": underscores to spaces, each word capitalised (English, the catalogs' key). */
export function statusLabel(status: ShipmentStatus): string {
  return LABELS[status];
}

/** A status's name in the language of `t` (a translator of any namespace): `statusName(t, "in_transit")` is "En tránsito" in Spanish. */
export function statusName(t: TFunction, status: ShipmentStatus): string {
  return t(LABELS[status], { ns: STATUSES_NAMESPACE });
}

export function statusProgress(status: ShipmentStatus): number {
  return PROGRESS[status];
}

export function statusTone(status: ShipmentStatus): StatusTone {
  return TONES[status] ?? "grey";
}

export function defaultStatusDescription(status: ShipmentStatus): string {
  return DEFAULT_DESCRIPTIONS[status] ?? STATUS_UPDATED;
}

export function defaultStatusPlace(status: ShipmentStatus): string {
  return DEFAULT_PLACES[status];
}

/** The descriptions and places a status change writes by itself (the `statuses` catalogs translate them where shown). */
export const DEFAULT_HISTORY_TEXTS: ReadonlySet<string> = new Set([
  ...Object.values(DEFAULT_DESCRIPTIONS),
  STATUS_UPDATED,
  ...Object.values(SCAN_DESCRIPTIONS),
  ...Object.values(DEFAULT_PLACES),
]);

/**
 * Delivered, on every screen and in every count: to the address, or handed over at a custom
 * destination. The tiles, the `?status=delivered` filter, the analytics and the ratings use this.
 */
export const DELIVERED_STATUSES: readonly ShipmentStatus[] = ["delivered", "custom_destination"];

export function isDelivered(status: ShipmentStatus): boolean {
  return DELIVERED_STATUSES.includes(status);
}

/** Nothing more happens to a shipment once delivered (to its address or elsewhere) or back with its sender. */
export function isSettled(status: ShipmentStatus): boolean {
  return isDelivered(status) || status === "returned";
}
