import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultStatusPlace, SHIPMENT_STATUSES, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { currentLocation, historyText, LOCATION_CHANGED, statusChangeEntry, synthesizeHistory, trackingHistory, type StoredEntry } from "./tracking-history";
import { translator } from "~/features/languages/i18n.server";
import { trackingTimeline } from "./tracking-timeline";

const DAY = 86_400_000;
const created = Date.UTC(2026, 10, 2, 9, 0);

describe("statusChangeEntry", () => {
  it("is at the place given, else at the status's default place", () => {
    expect(statusChangeEntry({ status: "pending" })).toEqual({ status: "pending", location: "Processing Center", description: "Shipment created and pending processing" });
    expect(statusChangeEntry({ status: "in_transit" })).toMatchObject({ location: "Transit Hub", description: "Package is in transit to destination" });
    expect(statusChangeEntry({ status: "out_for_delivery" })).toMatchObject({ location: "Local Delivery Center" });
    expect(statusChangeEntry({ status: "in_transit", location: "Leipzig Air Hub" })).toMatchObject({ location: "Leipzig Air Hub" });
    expect(statusChangeEntry({ status: "exception", location: null })).toMatchObject({ location: "Local Delivery Center", description: "Status updated" });
  });

  it("puts a delivered parcel at 'Delivered' and a custom destination's at the destination it names", () => {
    expect(statusChangeEntry({ status: "delivered", location: "Leipzig Air Hub" })).toEqual({
      status: "delivered",
      location: "Delivered",
      description: "Package has been delivered successfully",
    });
    expect(statusChangeEntry({ status: "custom_destination", customDestination: "Pickup Locker 42" })).toEqual({
      status: "custom_destination",
      location: "Pickup Locker 42",
      description: "Package delivered to custom destination: Pickup Locker 42",
    });
  });
});

describe("synthesizeHistory", () => {
  it("spreads the synthesised steps from creation to estimated delivery and stops at the status", () => {
    const entries = synthesizeHistory({
      status: "in_transit",
      createdAt: created,
      estimatedDelivery: created + 10 * DAY,
      updatedAt: created + 9 * DAY,
      currentLocation: null,
    });
    expect(entries.map((entry) => [entry.status, entry.location, (entry.occurredAt - created) / DAY])).toEqual([
      ["pending", "Processing Center", 0],
      ["processing", "Processing Center", 1],
      ["in_transit", "Transit Hub", 3],
    ]);
    expect(entries[2]!.description).toBe("Package is in transit to destination");
    expect(entries.every((entry) => entry.synthesized)).toBe(true);
  });

  it("defaults the span to 7 days and never dates a step after the last update", () => {
    const entries = synthesizeHistory({
      status: "delivered",
      createdAt: created,
      estimatedDelivery: null,
      updatedAt: created + 6 * DAY,
      currentLocation: "Delivered",
    });
    expect(entries.map((entry) => entry.status)).toEqual(["pending", "processing", "in_transit", "out_for_delivery", "delivered"]);
    expect(entries.map((entry) => (entry.occurredAt - created) / DAY)).toEqual([0, 0.7, 2.1, 5.6, 6]);
    expect(entries.at(-1)!.location).toBe("Delivered");
  });

  it("ends a status outside the stages at the last update, where the shipment says it is", () => {
    const entries = synthesizeHistory({
      status: "exception",
      createdAt: created,
      estimatedDelivery: created + 5 * DAY,
      updatedAt: created + 2 * DAY,
      currentLocation: "Leipzig Air Hub",
    });
    expect(entries.map((entry) => entry.status)).toEqual(["pending", "processing", "exception"]);
    expect(entries.at(-1)).toMatchObject({ location: "Leipzig Air Hub", occurredAt: created + 2 * DAY, description: "Status updated" });
  });
});

describe("trackingHistory", () => {
  const creation: StoredEntry = { status: "pending", location: "Processing Center", description: "Shipment created and pending processing", occurredAt: created };

  it("shows stored entries newest first, entries of one time in the reverse of the order they were appended", () => {
    const history = trackingHistory({ status: "in_transit", createdAt: created, estimatedDelivery: null, updatedAt: created + DAY, currentLocation: "Hub B" }, [
      creation,
      { status: "in_transit", location: "Hub A", description: "Package is in transit to destination", occurredAt: created + DAY },
      { status: "in_transit", location: "Hub B", description: LOCATION_CHANGED, occurredAt: created + DAY },
    ]);
    expect(history.map((entry) => [entry.status, entry.location, entry.synthesized])).toEqual([
      ["in_transit", "Hub B", false],
      ["in_transit", "Hub A", false],
      ["pending", "Processing Center", false],
    ]);
    expect(currentLocation(history)).toBe("Hub B");
  });

  it("never replaces stored entries by synthesised ones, not even the creation entry alone", () => {
    // The failing example: an In Transit shipment with only its creation entry showed Origin
    // Facility, Processing and In Transit, which vanished after its first real change.
    const shipment = { status: "in_transit" as const, createdAt: created, estimatedDelivery: created + 5 * DAY, updatedAt: created + 2 * DAY, currentLocation: "Processing Center" };
    const before = trackingHistory(shipment, [creation]);
    expect(before.map((entry) => [entry.status, entry.location, entry.synthesized])).toEqual([["pending", "Processing Center", false]]);
    const change = { ...statusChangeEntry({ status: "out_for_delivery" }), occurredAt: created + 3 * DAY };
    const after = trackingHistory({ ...shipment, status: "out_for_delivery", currentLocation: change.location }, [creation, change]);
    expect(after.slice(1)).toEqual(before);
    expect(currentLocation(after)).toBe("Local Delivery Center");
  });

  it("synthesises steps only when nothing is stored, ending where the shipment is", () => {
    const history = trackingHistory({ status: "out_for_delivery", createdAt: created, estimatedDelivery: created + 5 * DAY, updatedAt: created + 4 * DAY, currentLocation: null }, []);
    expect(history.map((entry) => entry.status)).toEqual(["out_for_delivery", "in_transit", "processing", "pending"]);
    expect(currentLocation(history)).toBe("Local Delivery Center");
  });
});

// The rules of the writes, as the services apply them (app/features/shipments/shipments.server.ts,
// shipment-changes.server.ts): the creation entry; a status change appends its entry (no-op for
// the status it has); a new place appends an entry with the status it has; an edit's empty place
// keeps it; each entry is dated now, or at the latest entry's time when the clock is behind it.
type Shipment = {
  status: ShipmentStatus;
  currentLocation: string | null;
  customDestination: string | null;
  createdAt: number;
  updatedAt: number;
  estimatedDelivery: number | null;
  stored: StoredEntry[];
};

type Change =
  | { kind: "status"; status: ShipmentStatus; location: string | null; destination: string; gap: number }
  | { kind: "location"; location: string; gap: number }
  | { kind: "edit"; location: string; gap: number };

function create(now: number): Shipment {
  const first = statusChangeEntry({ status: "pending" });
  return {
    status: first.status,
    currentLocation: first.location,
    customDestination: null,
    createdAt: now,
    updatedAt: now,
    estimatedDelivery: now + 5 * DAY,
    stored: [{ ...first, occurredAt: now }],
  };
}

function append(shipment: Shipment, entry: Omit<StoredEntry, "occurredAt">, now: number): Shipment {
  const occurredAt = Math.max(now, ...shipment.stored.map((stored) => stored.occurredAt));
  return { ...shipment, currentLocation: entry.location, updatedAt: now, stored: [...shipment.stored, { ...entry, occurredAt }] };
}

function apply(shipment: Shipment, change: Change, now: number): Shipment {
  switch (change.kind) {
    case "status": {
      const customDestination = change.status === "custom_destination" ? change.destination : undefined;
      if (shipment.status === change.status && (customDestination === undefined || customDestination === shipment.customDestination)) return shipment;
      const entry = statusChangeEntry({ status: change.status, location: change.location, customDestination });
      return { ...append(shipment, entry, now), status: change.status, customDestination: customDestination ?? shipment.customDestination };
    }
    case "location":
    case "edit":
      if (change.location === "" || change.location === shipment.currentLocation) return shipment;
      return append(shipment, { status: shipment.status, location: change.location, description: LOCATION_CHANGED }, now);
  }
}

function sameEntries(a: readonly StoredEntry[], b: readonly StoredEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, index) => {
      const other = b[index]!;
      return entry.status === other.status && entry.location === other.location && entry.description === other.description && entry.occurredAt === other.occurredAt;
    })
  );
}

const places = fc.constantFrom("Leipzig Air Hub", "Pickup Locker 42", "Processing Center", "Transit Hub", "Delivered", "Depot 7");
// Steps between changes: the same millisecond, a clock behind the last entry, minutes and days.
const gap = fc.oneof(fc.constant(0), fc.integer({ min: -2 * 3_600_000, max: -1 }), fc.integer({ min: 1, max: 3 * DAY }));
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("status" as const), status: fc.constantFrom(...SHIPMENT_STATUSES), location: fc.option(places, { nil: null }), destination: places, gap }),
  fc.record({ kind: fc.constant("location" as const), location: places, gap }),
  fc.record({ kind: fc.constant("edit" as const), location: fc.oneof(places, fc.constant("")), gap }),
);

describe("one true location and an append-only history, over random changes", () => {
  it("shows the shipment where its latest entry is, and only ever adds to what it showed", () => {
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 30 }), (changes) => {
        const broken: string[] = [];
        const check = (holds: boolean, rule: string) => {
          if (!holds) broken.push(`after change ${changes.indexOf(next!) + 1}: ${rule}`);
        };
        let next: Change | undefined;
        let now = created;
        let shipment = create(now);
        let shown = trackingHistory(shipment, shipment.stored);
        for (next of changes) {
          now += next.gap;
          const after = apply(shipment, next, now);
          const history = trackingHistory(after, after.stored);
          check(currentLocation(history) === after.currentLocation, "the current location is the latest entry's");
          check(history[0]!.status === after.status, "the latest entry has the shipment's status");
          check(history.length - shown.length === (after === shipment ? 0 : 1), "a change adds one entry, a no-op none");
          check(sameEntries(history.slice(history.length - shown.length), shown), "what was shown stays as it was");
          check(history.every((entry) => !entry.synthesized), "only stored entries are shown");
          check(history.at(-1)!.status === "pending" && history.at(-1)!.location === "Processing Center", "the first entry is pending at the Processing Center");
          if (next.kind === "status" && after !== shipment) {
            // At its own place: Delivered, the custom destination, the one given or the status's.
            const place = { delivered: "Delivered", custom_destination: after.customDestination }[after.status as string];
            check(after.currentLocation === (place ?? next.location ?? defaultStatusPlace(after.status)), "a status change is at its own place");
          }
          shipment = after;
          shown = history;
        }
        const timeline = trackingTimeline({ status: shipment.status, history: shown, estimatedDelivery: shipment.estimatedDelivery, now });
        check(timeline.steps.find((step) => step.state === "current")?.status === shipment.status, "the timeline's current step is the status");
        expect(broken).toEqual([]);
      }),
      { numRuns: 1_000 },
    );
  });

  it("synthesises steps for a shipment with nothing stored, ending where it is, and shows none beside a stored entry", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHIPMENT_STATUSES), fc.option(places, { nil: null }), fc.integer({ min: 0, max: 10 * DAY }), (status, place, age) => {
        const shipment = { status, createdAt: created, estimatedDelivery: created + 5 * DAY, updatedAt: created + age, currentLocation: place };
        const history = trackingHistory(shipment, []);
        expect(history.every((entry) => entry.synthesized)).toBe(true);
        expect(history[0]!.status).toBe(status);
        expect(currentLocation(history)).toBe(place ?? defaultStatusPlace(status));
        const stored = { ...statusChangeEntry({ status }), occurredAt: created + age };
        expect(trackingHistory({ ...shipment, currentLocation: stored.location }, [stored])).toEqual([{ ...stored, synthesized: false }]);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("historyText", () => {
  const spanish = translator("es", "tracking");

  it("translates the words a change writes by itself: descriptions, places, a custom destination's line", () => {
    expect(historyText(spanish, "Package is in transit to destination")).toBe("El paquete está en tránsito hacia su destino");
    expect(historyText(spanish, "Transit Hub")).toBe("Centro de tránsito");
    expect(historyText(spanish, LOCATION_CHANGED)).toBe("Ubicación actualizada");
    expect(historyText(spanish, statusChangeEntry({ status: "custom_destination", customDestination: "Locker 12" }).description)).toBe(
      "Paquete entregado en otro destino: Locker 12",
    );
    expect(historyText(translator("en", "tracking"), "Transit Hub")).toBe("Transit Hub");
  });

  it("leaves what a person typed as it was typed, placeholders and all", () => {
    expect(historyText(spanish, "Depot 7, Leeds")).toBe("Depot 7, Leeds");
    expect(historyText(spanish, "Left with {{neighbour}}")).toBe("Left with {{neighbour}}");
  });
});
