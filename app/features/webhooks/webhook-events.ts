// The events a webhook endpoint can subscribe to, and the message each sends. They are drawn
// from the recorded domain events (app/.server/events.ts): a status change is also "delivered"
// or "exception" when that is the status it reached, and an invoice's change to paid is
// "invoice paid". Every message is a Standard Webhooks payload: `type`, `timestamp` (when the
// event happened, ISO 8601) and `data`; `data` names the shipment by its id and tracking ID and
// never carries anyone's address, phone or e-mail.
import { tk } from "~/features/languages/languages";

export const WEBHOOK_EVENT_TYPES = [
  "shipment.created",
  "shipment.status_changed",
  "shipment.location_changed",
  "shipment.delivered",
  "shipment.exception",
  "shipment.rated",
  "invoice.paid",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the endpoint forms call each type, and what it means. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, { label: string; help: string }> = {
  "shipment.created": { label: tk("Shipment created"), help: tk("A new shipment was booked.") },
  "shipment.status_changed": { label: tk("Status changed"), help: tk("Any change of a shipment's status.") },
  "shipment.location_changed": { label: tk("Location changed"), help: tk("A shipment's current location was updated.") },
  "shipment.delivered": { label: tk("Delivered"), help: tk("A shipment's status became Delivered.") },
  "shipment.exception": { label: tk("Exception"), help: tk("A shipment's status became Exception.") },
  "shipment.rated": { label: tk("Delivery rated"), help: tk("A delivery was rated.") },
  "invoice.paid": { label: tk("Invoice paid"), help: tk("An invoice was marked paid.") },
};

/** The type of the message "Send test event" sends: to one endpoint, whatever it subscribes to. */
export const TEST_EVENT_TYPE = "webhook.test";

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** A recorded domain event as its row holds it, with what the message needs of its entity. */
export type SourceEvent = {
  id: string;
  type: string;
  entityId: string;
  data: Record<string, unknown>;
  createdAt: number;
  /** The shipment's tracking ID (shipment events) or the invoice's shipment id (invoice events), read when the event is fanned out. */
  trackingId: string | null;
  shipmentId: string | null;
};

export type WebhookMessage = { type: WebhookEventType | typeof TEST_EVENT_TYPE; timestamp: string; data: Record<string, unknown> };

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The webhook messages one domain event makes, one per webhook type it counts as: none for an
 * event no endpoint can subscribe to.
 */
export function webhookMessagesOf(event: SourceEvent): WebhookMessage[] {
  const timestamp = new Date(event.createdAt).toISOString();
  const shipment = { shipmentId: event.entityId, trackingId: event.trackingId };
  const message = (type: WebhookEventType, data: Record<string, unknown>): WebhookMessage => ({ type, timestamp, data });
  switch (event.type) {
    case "shipment.created":
      return [message("shipment.created", { ...shipment, trackingId: text(event.data.trackingId) ?? event.trackingId, status: "pending" })];
    case "shipment.status_changed": {
      const data = {
        ...shipment,
        trackingId: text(event.data.trackingId) ?? event.trackingId,
        from: text(event.data.from),
        to: text(event.data.to),
        location: text(event.data.location),
        description: text(event.data.description),
        customDestination: text(event.data.customDestination),
      };
      const also = data.to === "delivered" ? ["shipment.delivered" as const] : data.to === "exception" ? ["shipment.exception" as const] : [];
      return [message("shipment.status_changed", data), ...also.map((type) => message(type, data))];
    }
    case "shipment.location_changed":
      return [message("shipment.location_changed", { ...shipment, from: text(event.data.from), to: text(event.data.to) })];
    case "shipment.rated":
      return [message("shipment.rated", { ...shipment, trackingId: text(event.data.trackingId) ?? event.trackingId, score: event.data.score })];
    case "invoice.status_changed":
      return text(event.data.to) === "paid" ? [message("invoice.paid", { invoiceId: event.entityId, number: text(event.data.number), shipmentId: event.shipmentId })] : [];
    default:
      return [];
  }
}

/** The message "Send test event" sends. */
export function testMessage(now: number): WebhookMessage {
  return { type: TEST_EVENT_TYPE, timestamp: new Date(now).toISOString(), data: { message: "A test event: your endpoint is reachable." } };
}
