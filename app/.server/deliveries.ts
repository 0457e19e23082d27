// Where each domain event goes: the one list of its consumers. Every event type names at least
// one (the compiler checks it), so no event is recorded that nothing delivers or reads. The
// dispatcher (./dispatch.ts) drives the channels from it; the mail templates
// (app/features/mail/notifications.server.ts) exist for exactly the types listed with "mail".
import type { EventType } from "./events";

/**
 * - mail: a template composes it into the outbox, in the change's batch (the outbox pattern);
 *   the events queue's consumer sends it.
 * - tracking-cache: this isolate forgets its confirmed tracking-page versions, before the answer
 *   (it is this isolate's memory: no other worker can do it).
 * - admin-feed: open admin dashboards and lists are told shipments changed, by the events
 *   queue's consumer.
 * - shipment-audit: the shipment's audit trail reads it (admin shipment page).
 * - settings-history: the settings page's list of changes reads it.
 * - admin-activity: the admins' notifications page lists it as recent activity.
 * - chat-reconcile: the chat object reads it back to repair a reply D1 took but storage lost.
 * - webhook: the events queue's consumer sends it, signed, to the webhook endpoints that
 *   subscribe to it and may see it (app/features/webhooks/webhook-delivery.server.ts).
 */
export type Channel = "mail" | "tracking-cache" | "admin-feed" | "shipment-audit" | "settings-history" | "admin-activity" | "chat-reconcile" | "webhook";

const SHIPMENT_LISTED = ["tracking-cache", "admin-feed", "shipment-audit"] as const;

export const DELIVERIES = {
  "shipment.created": ["mail", ...SHIPMENT_LISTED, "webhook"],
  "shipment.updated": SHIPMENT_LISTED,
  "shipment.status_changed": ["mail", ...SHIPMENT_LISTED, "webhook"],
  "shipment.location_changed": [...SHIPMENT_LISTED, "webhook"],
  "shipment.deleted": SHIPMENT_LISTED,
  // Who carries it is not on the tracking page.
  "shipment.assigned": ["admin-feed", "shipment-audit"],
  // A rating changes the public tracking page (not the admin lists).
  "shipment.rated": ["tracking-cache", "shipment-audit", "webhook"],
  // The shipments an import made are each shipment.created; this is the importer's one summary.
  "import.completed": ["mail"],
  "account.registered": ["mail"],
  "account.password_changed": ["admin-activity"],
  "account.password_reset": ["admin-activity"],
  "account.deletion_requested": ["mail", "admin-activity"],
  "account.updated": ["admin-activity"],
  "account.suspended": ["admin-activity"],
  "account.reactivated": ["admin-activity"],
  "account.sessions_ended": ["admin-activity"],
  "account.deletion_dismissed": ["admin-activity"],
  "account.deleted": ["admin-activity"],
  "account.invited": ["mail", "admin-activity"],
  "password.reset_requested": ["mail"],
  "account.sign_in_link_requested": ["mail"],
  "newsletter.confirmation_requested": ["mail"],
  "newsletter.subscribed": ["mail"],
  "contact.received": ["mail"],
  "contact.replied": ["mail"],
  "chat.admin_replied": ["mail", "chat-reconcile"],
  "settings.exchange_rates_changed": ["admin-activity"],
  "settings.updated": ["settings-history", "admin-activity"],
  "subscription.requested": ["mail"],
  "subscription.confirmed": ["admin-activity"],
  "subscription.cancelled": ["admin-activity"],
  "mail.unsubscribed": ["admin-activity"],
  "mail.complained": ["admin-activity"],
  "invoice.status_changed": ["admin-activity", "webhook"],
  "invoice.updated": ["admin-activity"],
  "api_key.created": ["admin-activity"],
  "api_key.revoked": ["admin-activity"],
  "webhook.endpoint_disabled": ["mail"],
} as const satisfies Record<EventType, readonly [Channel, ...Channel[]]>;

type ChannelsOf<Type extends EventType> = (typeof DELIVERIES)[Type][number];

/** The event types a channel delivers. */
export type TypesFor<Wanted extends Channel> = { [Type in EventType]: Wanted extends ChannelsOf<Type> ? Type : never }[EventType];

export function deliversTo(type: EventType, channel: Channel): boolean {
  return (DELIVERIES[type] as readonly Channel[]).includes(channel);
}

/** The event types of `channel`, for the readers that select them from the events table. */
export function typesFor<Wanted extends Channel>(channel: Wanted): TypesFor<Wanted>[] {
  return (Object.keys(DELIVERIES) as EventType[]).filter((type) => deliversTo(type, channel)) as TypesFor<Wanted>[];
}

/** The longest the queue waits before it delivers a failed message again. */
const MAX_RETRY_DELAY_SECONDS = 3600;

/**
 * Seconds the queue waits before it delivers a message again after its `attempts`-th attempt
 * failed: 1, 2, 4 ... doubling, at most an hour (wrangler.toml's max_retries bounds how often).
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}
