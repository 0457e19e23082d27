import { describe, expect, it } from "vitest";
import {
  defaultStatusDescription,
  DELIVERED_STATUSES,
  isDelivered,
  isSettled,
  normalizeStatus,
  SHIPMENT_STATUSES,
  statusLabel,
  statusName,
  statusProgress,
  statusTone,
} from "./shipment-status";
import { translator } from "~/features/languages/i18n.server";

describe("normalizeStatus", () => {
  it("accepts both vocabularies and stores snake_case", () => {
    expect(normalizeStatus("in-transit")).toBe("in_transit");
    expect(normalizeStatus("out-for-delivery")).toBe("out_for_delivery");
    expect(normalizeStatus("In Transit")).toBe("in_transit");
    expect(normalizeStatus(" DELIVERED ")).toBe("delivered");
    expect(normalizeStatus("ready_for_pickup")).toBe("ready_for_pickup");
  });

  it("rejects unknown words", () => {
    expect(normalizeStatus("lost")).toBeNull();
    expect(normalizeStatus("")).toBeNull();
  });
});

describe("statusLabel", () => {
  it("replaces underscores with spaces and capitalises each word", () => {
    expect(statusLabel("out_for_delivery")).toBe("Out For Delivery");
    expect(statusLabel("picked_up")).toBe("Picked Up");
    expect(statusLabel("pending")).toBe("Pending");
  });

  it("names every status in every language through the statuses catalogs", () => {
    expect(statusName(translator("es", "tracking"), "out_for_delivery")).toBe("En reparto");
    expect(statusName(translator("fr"), "in_transit")).toBe("En transit");
    expect(SHIPMENT_STATUSES.map((status) => statusName(translator("en"), status))).toEqual(SHIPMENT_STATUSES.map(statusLabel));
    expect(new Set(SHIPMENT_STATUSES.map((status) => statusName(translator("es"), status))).size).toBe(SHIPMENT_STATUSES.length);
  });
});

describe("statusProgress", () => {
  it("uses DESIGN.md's percentages", () => {
    expect(Object.fromEntries(SHIPMENT_STATUSES.map((status) => [status, statusProgress(status)]))).toEqual({
      pending: 10,
      confirmed: 20,
      processing: 30,
      picked_up: 40,
      shipped: 50,
      in_transit: 60,
      out_for_delivery: 80,
      ready_for_pickup: 90,
      delivered: 100,
      failed: 50,
      exception: 50,
      returned: 30,
      custom_destination: 100,
    });
  });
});

describe("statusTone", () => {
  it("colours as the lists do", () => {
    expect(statusTone("delivered")).toBe("green");
    expect(statusTone("custom_destination")).toBe("green");
    expect(statusTone("in_transit")).toBe("blue");
    expect(statusTone("ready_for_pickup")).toBe("blue");
    expect(statusTone("confirmed")).toBe("yellow");
    expect(statusTone("exception")).toBe("red");
    expect(statusTone("returned")).toBe("red");
    expect(statusTone("failed")).toBe("grey");
    expect(statusTone("processing")).toBe("grey");
  });
});

describe("defaultStatusDescription", () => {
  it("gives each status its description and 'Status updated' for the rest", () => {
    expect(defaultStatusDescription("pending")).toBe("Shipment created and pending processing");
    expect(defaultStatusDescription("processing")).toBe("Package is being processed and prepared for shipment");
    expect(defaultStatusDescription("in_transit")).toBe("Package is in transit to destination");
    expect(defaultStatusDescription("out_for_delivery")).toBe("Package is out for delivery");
    expect(defaultStatusDescription("ready_for_pickup")).toBe("Package is ready for pickup at destination");
    expect(defaultStatusDescription("delivered")).toBe("Package has been delivered successfully");
    expect(defaultStatusDescription("failed")).toBe("Delivery attempt failed");
    expect(defaultStatusDescription("custom_destination")).toBe("Package delivered to custom destination");
    expect(defaultStatusDescription("confirmed")).toBe("Status updated");
    expect(defaultStatusDescription("exception")).toBe("Status updated");
  });
});

describe("delivered", () => {
  it("is to the address or at a custom destination, and nothing else", () => {
    expect(SHIPMENT_STATUSES.filter(isDelivered)).toEqual(["delivered", "custom_destination"]);
    expect([...DELIVERED_STATUSES].sort()).toEqual(["custom_destination", "delivered"]);
    expect(SHIPMENT_STATUSES.filter(isSettled)).toEqual(["delivered", "returned", "custom_destination"]);
  });
});
