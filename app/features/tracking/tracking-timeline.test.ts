import { describe, expect, it } from "vitest";
import { SHIPMENT_STATUSES, statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { trackingTimeline } from "./tracking-timeline";

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 15, 0);

/** A history in which each status happened a day after the one before. */
function historyOf(statuses: ShipmentStatus[]) {
  return statuses.map((status, index) => ({ status, occurredAt: NOW - (statuses.length - index) * DAY_MS }));
}

function steps(path: ShipmentStatus[], options: { estimatedDelivery?: number | null } = {}) {
  const timeline = trackingTimeline({
    status: path.at(-1)!,
    history: historyOf(path).reverse(),
    estimatedDelivery: options.estimatedDelivery ?? NOW + DAY_MS,
    now: NOW,
  });
  return timeline.steps.map((step) => `${statusLabel(step.status)}:${step.state}`);
}

// The paths the demo data gives each status (drizzle/seed-data.ts).
const EXPECTED: Record<ShipmentStatus, { path: ShipmentStatus[]; steps: string[] }> = {
  pending: {
    path: ["pending"],
    steps: ["Pending:current", "Confirmed:upcoming", "Picked Up:upcoming", "In Transit:upcoming", "Out For Delivery:upcoming", "Delivered:upcoming"],
  },
  confirmed: {
    path: ["pending", "confirmed"],
    steps: ["Pending:complete", "Confirmed:current", "Picked Up:upcoming", "In Transit:upcoming", "Out For Delivery:upcoming", "Delivered:upcoming"],
  },
  processing: {
    path: ["pending", "processing"],
    steps: ["Pending:complete", "Processing:current", "Picked Up:upcoming", "In Transit:upcoming", "Out For Delivery:upcoming", "Delivered:upcoming"],
  },
  picked_up: {
    path: ["pending", "confirmed", "picked_up"],
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:current", "In Transit:upcoming", "Out For Delivery:upcoming", "Delivered:upcoming"],
  },
  shipped: {
    path: ["pending", "confirmed", "picked_up", "shipped"],
    steps: [
      "Pending:complete",
      "Confirmed:complete",
      "Picked Up:complete",
      "Shipped:current",
      "In Transit:upcoming",
      "Out For Delivery:upcoming",
      "Delivered:upcoming",
    ],
  },
  in_transit: {
    path: ["pending", "confirmed", "picked_up", "in_transit"],
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:complete", "In Transit:current", "Out For Delivery:upcoming", "Delivered:upcoming"],
  },
  out_for_delivery: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery"],
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:complete", "In Transit:complete", "Out For Delivery:current", "Delivered:upcoming"],
  },
  ready_for_pickup: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "ready_for_pickup"],
    // Never out for delivery: the parcel waits at a pickup point; collecting it completes delivery.
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:complete", "In Transit:complete", "Ready For Pickup:current", "Delivered:upcoming"],
  },
  delivered: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery", "delivered"],
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:complete", "In Transit:complete", "Out For Delivery:complete", "Delivered:current"],
  },
  failed: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "out_for_delivery", "failed"],
    steps: [
      "Pending:complete",
      "Confirmed:complete",
      "Picked Up:complete",
      "In Transit:complete",
      "Out For Delivery:complete",
      "Failed:current",
      "Delivered:upcoming",
    ],
  },
  exception: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "exception"],
    // In transit happened before the exception: done, not "to come".
    steps: [
      "Pending:complete",
      "Confirmed:complete",
      "Picked Up:complete",
      "In Transit:complete",
      "Exception:current",
      "Out For Delivery:upcoming",
      "Delivered:upcoming",
    ],
  },
  returned: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "exception", "returned"],
    // Back with the sender: nothing is to come.
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:complete", "In Transit:complete", "Exception:complete", "Returned:current"],
  },
  custom_destination: {
    path: ["pending", "confirmed", "picked_up", "in_transit", "custom_destination"],
    steps: ["Pending:complete", "Confirmed:complete", "Picked Up:complete", "In Transit:complete", "Custom Destination:current"],
  },
};

describe("trackingTimeline", () => {
  it.each(SHIPMENT_STATUSES)("agrees with the history of a %s shipment", (status) => {
    const { path, steps: expected } = EXPECTED[status];
    expect(steps(path)).toEqual(expected);
  });

  it.each(SHIPMENT_STATUSES)("marks exactly one step current for %s: the latest status", (status) => {
    const timeline = trackingTimeline({ status, history: historyOf(EXPECTED[status].path), estimatedDelivery: null, now: NOW });
    const current = timeline.steps.filter((step) => step.state === "current");
    expect(current.map((step) => step.status)).toEqual([status]);
    // Every step done or current happened, at the time the history says.
    for (const step of timeline.steps.filter((item) => item.state !== "upcoming")) {
      expect(historyOf(EXPECTED[status].path)).toContainEqual({ status: step.status, occurredAt: step.at });
    }
  });

  it("shows problems and deliveries in their own tone", () => {
    const tones = (path: ShipmentStatus[]) =>
      trackingTimeline({ status: path.at(-1)!, history: historyOf(path), estimatedDelivery: null, now: NOW }).steps.map((step) => step.tone);
    expect(tones(EXPECTED.returned.path)).toEqual(["done", "done", "done", "done", "problem", "problem"]);
    expect(tones(EXPECTED.custom_destination.path).at(-1)).toBe("delivered");
    expect(tones(EXPECTED.in_transit.path)).toEqual(["done", "done", "done", "progress", "progress", "progress"]);
  });

  it("ends with the shipment's status when no entry records it yet", () => {
    const timeline = trackingTimeline({ status: "in_transit", history: historyOf(["pending"]), estimatedDelivery: null, now: NOW });
    expect(timeline.steps.map((step) => `${statusLabel(step.status)}:${step.state}`).slice(0, 2)).toEqual(["Pending:complete", "In Transit:current"]);
    expect(timeline.steps[1]!.at).toBeNull();
  });

  it("keeps a status that comes back where it happened, and one step for repeats in a row", () => {
    expect(steps(["pending", "in_transit", "in_transit", "exception", "in_transit"])).toEqual([
      "Pending:complete",
      "In Transit:complete",
      "Exception:complete",
      "In Transit:current",
      "Out For Delivery:upcoming",
      "Delivered:upcoming",
    ]);
  });

  describe("running late", () => {
    const late = (status: ShipmentStatus, estimatedDelivery: number | null, timeZone = "UTC", now = NOW) =>
      trackingTimeline({ status, history: historyOf(["pending", status]), estimatedDelivery, now, timeZone }).late;

    it("says so once the estimated day has passed without delivery", () => {
      const yesterday = NOW - DAY_MS;
      expect(late("in_transit", yesterday)).toEqual({ expected: yesterday });
      expect(late("exception", yesterday)).toEqual({ expected: yesterday });
      expect(late("failed", yesterday)).toEqual({ expected: yesterday });
    });

    it("is not late on the estimated day itself, before it, or without an estimate", () => {
      expect(late("in_transit", NOW - 3_600_000)).toBeNull();
      expect(late("in_transit", NOW + DAY_MS)).toBeNull();
      expect(late("in_transit", null)).toBeNull();
    });

    it("is never late once delivered, returned or waiting at a pickup point", () => {
      for (const status of ["delivered", "custom_destination", "returned", "ready_for_pickup"] as const) {
        expect(late(status, NOW - 5 * DAY_MS)).toBeNull();
      }
    });

    it("compares the estimate's day, the same for everyone, with the reader's today", () => {
      // The estimate names the 22nd wherever it is read (23:30 UTC was the 23rd in Tokyo before).
      const lateEvening = Date.UTC(2026, 10, 22, 23, 30);
      // 10:00 UTC on the 23rd is the 23rd in London and in Tokyo: late in both.
      expect(late("in_transit", lateEvening, "UTC", Date.UTC(2026, 10, 23, 10))).toEqual({ expected: lateEvening });
      expect(late("in_transit", lateEvening, "Asia/Tokyo", Date.UTC(2026, 10, 23, 10))).toEqual({ expected: lateEvening });
      // 03:00 UTC on the 23rd is still the 22nd in Los Angeles: the day is not over there yet.
      expect(late("in_transit", lateEvening, "America/Los_Angeles", Date.UTC(2026, 10, 23, 3))).toBeNull();
      expect(late("in_transit", lateEvening, "UTC", Date.UTC(2026, 10, 23, 3))).toEqual({ expected: lateEvening });
    });
  });
});
