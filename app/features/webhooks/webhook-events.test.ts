import { describe, expect, it } from "vitest";
import { webhookMessagesOf, type SourceEvent } from "./webhook-events";

const at = Date.UTC(2026, 10, 27, 10, 0, 0);

function event(type: string, data: Record<string, unknown>): SourceEvent {
  return { id: "e1", type, entityId: "s1", data, createdAt: at, trackingId: "SWP100001PNDG01", shipmentId: null };
}

const statusChange = (to: string) =>
  event("shipment.status_changed", {
    trackingId: "SWP100001PNDG01",
    from: "in_transit",
    to,
    location: "Lyon hub",
    description: "Parcel delivered",
    customDestination: null,
    sender: { name: "Sam", email: "sam@example.com" },
    recipient: { name: "Ria", email: "ria@example.com" },
  });

describe("webhookMessagesOf", () => {
  it("makes a delivery both a status change and 'delivered', with no one's e-mail in it", () => {
    const messages = webhookMessagesOf(statusChange("delivered"));
    expect(messages.map((message) => message.type)).toEqual(["shipment.status_changed", "shipment.delivered"]);
    expect(messages[1]).toEqual({
      type: "shipment.delivered",
      timestamp: "2026-11-27T10:00:00.000Z",
      data: { shipmentId: "s1", trackingId: "SWP100001PNDG01", from: "in_transit", to: "delivered", location: "Lyon hub", description: "Parcel delivered", customDestination: null },
    });
    expect(JSON.stringify(messages)).not.toContain("@example.com");
  });

  it("makes an exception 'exception' too, and any other status only a status change", () => {
    expect(webhookMessagesOf(statusChange("exception")).map((message) => message.type)).toEqual(["shipment.status_changed", "shipment.exception"]);
    expect(webhookMessagesOf(statusChange("in_transit")).map((message) => message.type)).toEqual(["shipment.status_changed"]);
  });

  it("names the tracking ID of a location change, read from its shipment", () => {
    expect(webhookMessagesOf(event("shipment.location_changed", { from: null, to: "Paris" }))[0]!.data).toEqual({
      shipmentId: "s1",
      trackingId: "SWP100001PNDG01",
      from: null,
      to: "Paris",
    });
  });

  it("makes an invoice marked paid 'invoice paid', and other invoice changes nothing", () => {
    const paid = { ...event("invoice.status_changed", { number: "INV-1", from: "unpaid", to: "paid" }), entityId: "i1", shipmentId: "s9" };
    expect(webhookMessagesOf(paid)).toEqual([{ type: "invoice.paid", timestamp: "2026-11-27T10:00:00.000Z", data: { invoiceId: "i1", number: "INV-1", shipmentId: "s9" } }]);
    expect(webhookMessagesOf({ ...paid, data: { number: "INV-1", from: "paid", to: "void" } })).toEqual([]);
  });

  it("makes nothing of an event no endpoint subscribes to", () => {
    expect(webhookMessagesOf(event("shipment.updated", { changes: {} }))).toEqual([]);
  });
});
