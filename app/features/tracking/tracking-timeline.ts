// The tracking page's timeline, derived from what happened (the history the page shows) and
// what is left of the way to the door, so the two never contradict each other: a step is done
// only when the history has it, the current step is the latest status, and the steps to come
// are the rest of the path from there. States off the path (exception, failed, returned,
// ready for pickup, custom destination) appear as what they are.
import { isPastDay } from "~/domain/calendar";
import { isSettled, type ShipmentStatus } from "~/features/shipments/shipment-status";

/** The way to the door; processing and shipped are passed on it but are not milestones of their own. */
const PATH: readonly ShipmentStatus[] = [
  "pending",
  "confirmed",
  "processing",
  "picked_up",
  "shipped",
  "in_transit",
  "out_for_delivery",
  "delivered",
];

/** The steps a timeline offers as still to come. */
const MILESTONES: ReadonlySet<ShipmentStatus> = new Set(["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery", "delivered"]);

/** What remains after waiting at a pickup point: being collected, which completes delivery. */
const AFTER_PICKUP_POINT: readonly ShipmentStatus[] = ["delivered"];

export type TimelineTone = "done" | "progress" | "problem" | "delivered";

export type TimelineStep = {
  status: ShipmentStatus;
  state: "complete" | "current" | "upcoming";
  tone: TimelineTone;
  /** When it happened; null for the steps to come. */
  at: number | null;
};

export type Timeline = {
  steps: TimelineStep[];
  /** Set when the estimated delivery day is over where the reader is and the parcel is still on its way. */
  late: { expected: number } | null;
};

const TONES: Partial<Record<ShipmentStatus, TimelineTone>> = {
  exception: "problem",
  failed: "problem",
  returned: "problem",
  delivered: "delivered",
  custom_destination: "delivered",
};

function pathIndex(status: ShipmentStatus): number {
  return PATH.indexOf(status);
}

/** The milestones after the last point of the path reached (the path resumes after a detour). */
function stepsToCome(happened: readonly ShipmentStatus[]): ShipmentStatus[] {
  const current = happened.at(-1);
  if (current === undefined) return PATH.filter((status) => MILESTONES.has(status));
  if (isSettled(current)) return [];
  if (current === "ready_for_pickup") return [...AFTER_PICKUP_POINT];
  const reached = happened.reduce((furthest, status, index) => (pathIndex(status) >= 0 ? index : furthest), -1);
  const from = reached === -1 ? -1 : pathIndex(happened[reached]!);
  return PATH.slice(from + 1).filter((status) => MILESTONES.has(status));
}

/**
 * The timeline of a shipment. `history` is what the page shows (any order); the shipment's
 * own status ends the steps that happened even when no entry records it. Repeats in a row
 * (two scans "In Transit") are one step; a status that comes back after another stays where
 * it happened each time.
 */
export function trackingTimeline({
  status,
  history,
  estimatedDelivery,
  now,
  timeZone = "UTC",
}: {
  status: ShipmentStatus;
  history: readonly { status: ShipmentStatus; occurredAt: number }[];
  estimatedDelivery: number | null;
  now: number;
  timeZone?: string;
}): Timeline {
  const ordered = [...history].sort((a, b) => a.occurredAt - b.occurredAt);
  const happened: { status: ShipmentStatus; at: number | null }[] = [];
  for (const entry of ordered) {
    if (happened.at(-1)?.status !== entry.status) happened.push({ status: entry.status, at: entry.occurredAt });
  }
  if (happened.at(-1)?.status !== status) happened.push({ status, at: null });

  const steps: TimelineStep[] = happened.map((step, index) => ({
    status: step.status,
    state: index === happened.length - 1 ? "current" : "complete",
    tone: TONES[step.status] ?? (index === happened.length - 1 ? "progress" : "done"),
    at: step.at,
  }));
  for (const next of stepsToCome(happened.map((step) => step.status))) {
    steps.push({ status: next, state: "upcoming", tone: "progress", at: null });
  }

  return { steps, late: runningLate({ status, estimatedDelivery, now, timeZone }) };
}

/**
 * Late: the estimated delivery day (a date, the same for everyone) is before the reader's today
 * and the parcel is still on its way. Waiting at a pickup point, delivered or returned is never late.
 */
export function runningLate({
  status,
  estimatedDelivery,
  now,
  timeZone = "UTC",
}: {
  status: ShipmentStatus;
  estimatedDelivery: number | null;
  now: number;
  timeZone?: string;
}): { expected: number } | null {
  const onTheWay = !isSettled(status) && status !== "ready_for_pickup";
  if (!onTheWay || estimatedDelivery === null || !Number.isFinite(estimatedDelivery)) return null;
  return isPastDay(estimatedDelivery, now, timeZone) ? { expected: estimatedDelivery } : null;
}
