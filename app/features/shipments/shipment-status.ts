// The shipment status vocabulary. Two spellings are accepted (hyphens, "in-transit", and
// underscores, "in_transit") and stored as one snake_case value.

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
  pending: "Shipment created and pending processing",
  processing: "Package is being processed and prepared for shipment",
  in_transit: "Package is in transit to destination",
  out_for_delivery: "Package is out for delivery",
  ready_for_pickup: "Package is ready for pickup at destination",
  delivered: "Package has been delivered successfully",
  failed: "Delivery attempt failed",
  custom_destination: "Package delivered to custom destination",
};

// Where a status change says the parcel is when it names no place: a new shipment's first entry
// is at the Processing Center, a delivered one's place is "Delivered" (a custom destination's is
// the destination it names).
const DEFAULT_PLACES: Record<ShipmentStatus, string> = {
  pending: "Processing Center",
  confirmed: "Processing Center",
  processing: "Processing Center",
  picked_up: "Origin Facility",
  shipped: "Origin Facility",
  in_transit: "Transit Hub",
  exception: "Local Delivery Center",
  failed: "Local Delivery Center",
  returned: "Returned to Sender",
  out_for_delivery: "Local Delivery Center",
  ready_for_pickup: "Pickup Point",
  delivered: "Delivered",
  custom_destination: "Delivered",
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

/** "out_for_delivery" becomes "Out For Delivery": underscores to spaces, each word capitalised. */
export function statusLabel(status: ShipmentStatus): string {
  return status
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function statusProgress(status: ShipmentStatus): number {
  return PROGRESS[status];
}

export function statusTone(status: ShipmentStatus): StatusTone {
  return TONES[status] ?? "grey";
}

export function defaultStatusDescription(status: ShipmentStatus): string {
  return DEFAULT_DESCRIPTIONS[status] ?? "Status updated";
}

export function defaultStatusPlace(status: ShipmentStatus): string {
  return DEFAULT_PLACES[status];
}

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
