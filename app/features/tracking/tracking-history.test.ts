import { describe, expect, it } from "vitest";
import { needsSynthesis, synthesizeHistory, trackingHistory } from "./tracking-history";

const DAY = 86_400_000;
const created = Date.UTC(2026, 10, 2, 9, 0);

describe("needsSynthesis", () => {
  it("is true with no history, an invalid time, or only the pending entry", () => {
    expect(needsSynthesis([])).toBe(true);
    expect(needsSynthesis([{ status: "pending", occurredAt: created }])).toBe(true);
    expect(needsSynthesis([{ status: "pending", occurredAt: created }, { status: "in_transit", occurredAt: Number.NaN }])).toBe(true);
  });

  it("is false when the stored history tells more", () => {
    expect(needsSynthesis([{ status: "in_transit", occurredAt: created }])).toBe(false);
    expect(needsSynthesis([{ status: "pending", occurredAt: created }, { status: "in_transit", occurredAt: created + DAY }])).toBe(false);
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
      ["pending", "Origin Facility", 0],
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
  });

  it("ends a status outside the stages at the last update", () => {
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
  it("shows stored events newest first when they say enough", () => {
    const history = trackingHistory(
      { status: "in_transit", createdAt: created, estimatedDelivery: null, updatedAt: created + DAY, currentLocation: null },
      [
        { status: "pending", location: "Processing Center", description: "Shipment created and pending processing", occurredAt: created },
        { status: "in_transit", location: "Leipzig Air Hub", description: "Package is in transit to destination", occurredAt: created + DAY },
      ],
    );
    expect(history.map((entry) => [entry.status, entry.synthesized])).toEqual([
      ["in_transit", false],
      ["pending", false],
    ]);
  });

  it("synthesises when only the pending entry is stored", () => {
    const history = trackingHistory(
      { status: "out_for_delivery", createdAt: created, estimatedDelivery: created + 5 * DAY, updatedAt: created + 4 * DAY, currentLocation: null },
      [{ status: "pending", location: "Processing Center", description: "Shipment created and pending processing", occurredAt: created }],
    );
    expect(history.map((entry) => entry.status)).toEqual(["out_for_delivery", "in_transit", "processing", "pending"]);
  });
});
