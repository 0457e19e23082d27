// Domain events: the typed record of what happened. A service describes its change as events
// and puts `recordEvents(...)` into the same db.batch as the change, so the change, its event
// rows and the deliveries built from them (mail today; webhooks and live updates later) are
// written together or not at all. Nothing is sent from inside a write.
import type { BatchItem } from "drizzle-orm/batch";
import { sql, type SQL } from "drizzle-orm";
import { events, outbox, shipments } from "../../drizzle/schema";
import type { ShipmentStatus } from "~/domain/shipment-status";
import type { ServiceContext } from "~/load-context";
import { composeMail } from "./notifications";

/** Who made a change: a signed-in person, or the system. */
export type Actor = { userId: string | null; email: string | null; label: string };

export const SYSTEM_ACTOR: Actor = { userId: null, email: null, label: "system" };

export function actorFor(user: { id: string; email: string; firstName: string; lastName: string }): Actor {
  return { userId: user.id, email: user.email, label: `${user.firstName} ${user.lastName}` };
}

export type Party = { name: string; email: string | null };
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

type Event<Type extends string, Data> = { type: Type; entityId: string; data: Data };

export type ShipmentCreated = Event<"shipment.created", { trackingId: string; sender: Party; recipient: Party & { city: string } }>;
export type ShipmentUpdated = Event<"shipment.updated", { changes: FieldChanges }>;
export type ShipmentStatusChanged = Event<
  "shipment.status_changed",
  {
    trackingId: string;
    from: string;
    to: ShipmentStatus;
    location: string | null;
    description: string;
    customDestination: string | null;
    sender: Party;
    recipient: Party;
    /** The account that made the shipment (customer shipments), which may use another address than the sender's. */
    owner?: Party | null;
  }
> & {
  readAtWrite?: ReadAtWrite<"from" | "location">;
  /** On delivery: the rating link (app/.server/ratings.ts), which goes into the mail and is never stored with the event. */
  ratingLink?: string;
};

/**
 * Fields of an event's data that its row takes from the database as the batch writes it, over
 * the values read before: recorded ahead of the change in the same batch, `from` then names
 * the state the change replaced, whatever other change landed in between.
 */
export type ReadAtWrite<Field extends string> = Partial<Record<Field, SQL>>;
export type ShipmentLocationChanged = Event<"shipment.location_changed", { from: string | null; to: string | null }>;
/** A delivery was rated, by its owner or through the rating link mailed at delivery. */
export type ShipmentRated = Event<"shipment.rated", { trackingId: string; score: number; source: "owner" | "mail_link" }>;
export type ShipmentDeleted = Event<"shipment.deleted", { trackingId: string; status: string; senderName: string; recipientName: string }>;
export type AccountRegistered = Event<"account.registered", { email: string; firstName: string }>;
export type AccountPasswordChanged = Event<"account.password_changed", Record<string, never>>;
export type AccountPasswordReset = Event<"account.password_reset", Record<string, never>>;
export type AccountDeletionRequested = Event<"account.deletion_requested", { email: string; firstName: string; lastName: string }>;
/** `link` carries the one-time token: it goes into the mail and is never stored with the event. */
export type PasswordResetRequested = Event<"password.reset_requested", { email: string; firstName: string }> & { link: string };
/** Asked for at the newsletter form; `link` carries the one-time token, like a reset link's. */
export type NewsletterConfirmationRequested = Event<"newsletter.confirmation_requested", { email: string }> & { link: string };
/** Confirmed through the link: the address now gets the newsletter. */
export type NewsletterSubscribed = Event<"newsletter.subscribed", { email: string }>;
/** A visitor's message through the contact form; the message text stays in its contact_messages row. */
export type ContactReceived = Event<"contact.received", { name: string; email: string; type: string; subject: string }>;
export type ContactReplied = Event<"contact.replied", { name: string; email: string; subject: string; reply: string; repliedBy: string }>;
/** An admin answered a support chat; the visitor gets the answer by e-mail too. The entity is the chat session. */
export type ChatAdminReplied = Event<"chat.admin_replied", { messageId: string; email: string; name: string; adminName: string; message: string }>;

/** Rates in units per US dollar; `from` is null for a currency that had none. */
export type ExchangeRatesChanged = Event<"settings.exchange_rates_changed", { changes: Record<string, { from: number | null; to: number }> }>;
/** `link` carries the one-time confirmation token: it goes into the mail and is never stored with the event. */
export type SubscriptionRequested = Event<"subscription.requested", { trackingId: string; email: string }> & { link: string };
export type SubscriptionConfirmed = Event<"subscription.confirmed", { trackingId: string; email: string }>;
export type SubscriptionCancelled = Event<"subscription.cancelled", { trackingId: string; email: string }>;

export type DomainEvent =
  | ShipmentCreated
  | ShipmentUpdated
  | ShipmentStatusChanged
  | ShipmentLocationChanged
  | ShipmentDeleted
  | ShipmentRated
  | AccountRegistered
  | AccountPasswordChanged
  | AccountPasswordReset
  | AccountDeletionRequested
  | PasswordResetRequested
  | NewsletterConfirmationRequested
  | NewsletterSubscribed
  | ContactReceived
  | ContactReplied
  | ChatAdminReplied
  | ExchangeRatesChanged
  | SubscriptionRequested
  | SubscriptionConfirmed
  | SubscriptionCancelled;

export type EventType = DomainEvent["type"];

const ENTITY_TYPES = {
  shipment: "shipment",
  account: "user",
  password: "user",
  newsletter: "newsletter",
  contact: "contact_message",
  chat: "chat_session",
  settings: "settings",
  subscription: "tracking_subscription",
} as const;

function entityTypeOf(type: EventType): string {
  return ENTITY_TYPES[type.slice(0, type.indexOf(".")) as keyof typeof ENTITY_TYPES];
}

/** A recorded event: the event with the id its row has. */
export type StoredEvent = DomainEvent & { id: string };

/**
 * The statements that record `list` and queue the mail composed from it. Spread them into the
 * batch of the change they describe.
 */
export async function recordEvents(
  context: Pick<ServiceContext, "db" | "origin">,
  actor: Actor,
  list: readonly DomainEvent[],
  now = Date.now(),
): Promise<BatchItem<"sqlite">[]> {
  const { db } = context;
  const stored: StoredEvent[] = list.map((event) => ({ ...event, id: crypto.randomUUID() }));
  const { mails, statements } = await composeMail(context, stored, now);
  return [
    ...stored.map((event) =>
      db.insert(events).values({
        id: event.id,
        type: event.type,
        entityType: entityTypeOf(event.type),
        entityId: event.entityId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        data: eventData(event),
        createdAt: now,
      }),
    ),
    ...mails.map((mail) =>
      db.insert(outbox).values({
        id: crypto.randomUUID(),
        eventId: mail.eventId,
        channel: "mail",
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.body,
        kind: mail.kind,
        nextAttemptAt: now,
        createdAt: now,
      }),
    ),
    ...statements,
  ];
}

/** An event's data as JSON; fields it reads at write time are set over it in SQL. */
function eventData(event: StoredEvent): string | SQL {
  const json = JSON.stringify(event.data);
  const fields = Object.entries(("readAtWrite" in event ? event.readAtWrite : undefined) ?? {}).filter((entry): entry is [string, SQL] => entry[1] !== undefined);
  if (fields.length === 0) return json;
  return sql`json_set(${json}, ${sql.join(
    fields.map(([field, value]) => sql`${`$.${field}`}, ${value}`),
    sql`, `,
  )})`;
}

/**
 * A shipment event recorded only for the shipments `where` matches at that moment of the batch
 * (an edit made from the current version, the rows a delete removes). Its data is SQL read from
 * the row. Events recorded this way have no deliveries.
 */
export function recordShipmentEventWhere(
  context: Pick<ServiceContext, "db">,
  actor: Actor,
  { type, data, where }: { type: ShipmentUpdated["type"] | ShipmentLocationChanged["type"] | ShipmentDeleted["type"]; data: SQL; where: SQL | undefined },
  now = Date.now(),
) {
  const { db } = context;
  return db.insert(events).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(16)))`.as("id"),
        type: sql<string>`${type}`.as("type"),
        entityType: sql<string>`'shipment'`.as("entity_type"),
        entityId: shipments.id,
        actorUserId: sql<string | null>`${actor.userId}`.as("actor_user_id"),
        actorEmail: sql<string | null>`${actor.email}`.as("actor_email"),
        data: data.as("data"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(shipments)
      .where(where),
  );
}
