// Domain events: the typed record of what happened. A service describes its change as events
// (`recordEvents`, `recordShipmentEventsWhere`) and hands them to `commit` (./dispatch.ts) with
// the change's statements: one db.batch writes the change, the event rows and the outbox rows
// built from them together or not at all, and the dispatcher then delivers what committed.
// Nothing is sent from inside a write, and no service calls a channel itself.
import type { BatchItem } from "drizzle-orm/batch";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { events, shipments } from "../../drizzle/schema";
import type { ShipmentStatus } from "~/features/shipments/shipment-status";
import type { Language } from "~/features/languages/languages";
import { insertWhere, type Db } from "./db";

/** Who made a change: a signed-in person, or the system. */
export type Actor = { userId: string | null; email: string | null; label: string };

export const SYSTEM_ACTOR: Actor = { userId: null, email: null, label: "system" };

export function actorFor(user: { id: string; email: string; firstName: string; lastName: string }): Actor {
  return { userId: user.id, email: user.email, label: `${user.firstName} ${user.lastName}` };
}

export type Party = { name: string; email: string | null };
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * `language`: the language of the mail the event brings, when the change knows the person's (their
 * saved choice, the page they wrote or subscribed on); never stored. Without it, parcel mail
 * follows the recipient account's saved choice, and other mail is English.
 */
type Event<Type extends string, Data> = { type: Type; entityId: string; data: Data; language?: Language };

/** `importId`: made by a CSV import, whose importer is told once for all its shipments (import.completed). */
export type ShipmentCreated = Event<"shipment.created", { trackingId: string; sender: Party; recipient: Party & { city: string }; importId?: string }>;
/** A CSV import created its shipments (the entity is the import); its importer is told how many, once. */
export type ImportCompleted = Event<"import.completed", { email: string; firstName: string; fileName: string; created: number; leftOut: number; listPath: string }>;
export type ShipmentUpdated = Event<"shipment.updated", { changes: FieldChanges }>;
/** Who took a delivered parcel and when, and whether a photo and a signature were taken. */
export type DeliveryProofFacts = { receivedBy: string; takenAt: number; photo: boolean; signed: boolean };
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
    /** A courier's proof of delivery (events before it have none): only the owner's mail names who took the parcel. */
    proof?: DeliveryProofFacts;
  }
> & {
  readAtWrite?: ReadAtWrite<"from">;
  /** On delivery: the rating link (app/features/ratings/ratings.server.ts), which goes into the mail and is never stored with the event. */
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
/** An admin gave the shipment to a courier for a day (`to`), or took it off one (`to` null); names as they were. */
export type ShipmentAssigned = Event<"shipment.assigned", { trackingId: string; from: string | null; to: string | null; courierId: string | null; day: string | null }>;
export type ShipmentDeleted = Event<"shipment.deleted", { trackingId: string; status: string; senderName: string; recipientName: string }>;
export type AccountRegistered = Event<"account.registered", { email: string; firstName: string }>;
export type AccountPasswordChanged = Event<"account.password_changed", Record<string, never>>;
export type AccountPasswordReset = Event<"account.password_reset", Record<string, never>>;
export type AccountDeletionRequested = Event<"account.deletion_requested", { email: string; firstName: string; lastName: string }>;
/** An admin changed the account's name, phone or role (a role change ends its sessions). */
export type AccountUpdated = Event<"account.updated", { changes: FieldChanges }>;
/** Suspended: its sessions ended, it cannot sign in until reactivated. */
export type AccountSuspended = Event<"account.suspended", Record<string, never>>;
export type AccountReactivated = Event<"account.reactivated", Record<string, never>>;
/** An admin ended every session of the account. */
export type AccountSessionsEnded = Event<"account.sessions_ended", Record<string, never>>;
/** An admin declined the account's deletion request. */
export type AccountDeletionDismissed = Event<"account.deletion_dismissed", Record<string, never>>;
/**
 * Deleted by an admin. No personal data: the event outlives the account, whose shipments were
 * kept with their sender's details anonymised (docs/decisions/110-managing-users.md).
 */
export type AccountDeleted = Event<"account.deleted", { role: string; shipmentsKept: number }>;
/** A new admin or courier account (events before couriers have no role: admins); `link` (to choose a password) carries a one-time token, never stored. */
export type AccountInvited = Event<"account.invited", { email: string; firstName: string; invitedBy: string; role?: "admin" | "courier" }> & { link: string };
/**
 * Asked for at the sign-in page while the account's password sign-ins are on hold
 * (docs/decisions/078); `link` carries the one-time token, never stored with the event.
 */
export type SignInLinkRequested = Event<"account.sign_in_link_requested", { email: string; firstName: string }> & { link: string };
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
/** An admin marked an invoice paid, unpaid or void. */
export type InvoiceStatusChanged = Event<"invoice.status_changed", { number: string; from: string; to: string }>;
/** An unpaid invoice followed its shipment's new price. */
export type InvoiceUpdated = Event<"invoice.updated", { number: string; changes: FieldChanges }>;
/** An API key was made (the entity is the key); never the key itself, only its visible prefix. */
export type ApiKeyCreated = Event<"api_key.created", { name: string; prefix: string; kind: "customer" | "service"; scopes: string; ownerId: string }>;
/** An API key was revoked: it is refused from the next call on. */
export type ApiKeyRevoked = Event<"api_key.revoked", { name: string; prefix: string; kind: "customer" | "service"; ownerId: string }>;
/** The operator settings changed (entity id "1", the settings row). */
export type SettingsUpdated = Event<"settings.updated", { changes: FieldChanges }>;

/** Rates in units per US dollar; `from` is null for a currency that had none. */
export type ExchangeRatesChanged = Event<"settings.exchange_rates_changed", { changes: Record<string, { from: number | null; to: number }> }>;
/** `link` carries the one-time confirmation token: it goes into the mail and is never stored with the event. */
export type SubscriptionRequested = Event<"subscription.requested", { trackingId: string; email: string }> & { link: string };
export type SubscriptionConfirmed = Event<"subscription.confirmed", { trackingId: string; email: string }>;
export type SubscriptionCancelled = Event<"subscription.cancelled", { trackingId: string; email: string }>;
/** An address unsubscribed from non-essential mail through a mail's link (the entity is the address). */
export type MailUnsubscribed = Event<"mail.unsubscribed", { email: string }>;
/** The mail provider reported that an address marked one of our mails as spam (the entity is the address). */
export type MailComplained = Event<"mail.complained", { email: string }>;
/** A webhook endpoint failing for days was turned off; its owner is mailed (the entity is the endpoint). */
export type WebhookEndpointDisabled = Event<"webhook.endpoint_disabled", { url: string; email: string; firstName: string; failingSince: number; pagePath: string }>;

export type DomainEvent =
  | ShipmentCreated
  | ShipmentUpdated
  | ShipmentStatusChanged
  | ShipmentLocationChanged
  | ShipmentDeleted
  | ShipmentAssigned
  | ShipmentRated
  | ImportCompleted
  | AccountRegistered
  | AccountPasswordChanged
  | AccountPasswordReset
  | AccountDeletionRequested
  | AccountUpdated
  | AccountSuspended
  | AccountReactivated
  | AccountSessionsEnded
  | AccountDeletionDismissed
  | AccountDeleted
  | AccountInvited
  | SignInLinkRequested
  | PasswordResetRequested
  | NewsletterConfirmationRequested
  | NewsletterSubscribed
  | ContactReceived
  | ContactReplied
  | ChatAdminReplied
  | ExchangeRatesChanged
  | SubscriptionRequested
  | SubscriptionConfirmed
  | SubscriptionCancelled
  | MailUnsubscribed
  | MailComplained
  | WebhookEndpointDisabled
  | InvoiceStatusChanged
  | InvoiceUpdated
  | SettingsUpdated
  | ApiKeyCreated
  | ApiKeyRevoked;

export type EventType = DomainEvent["type"];

const ENTITY_TYPES = {
  shipment: "shipment",
  import: "shipment_import",
  account: "user",
  password: "user",
  newsletter: "newsletter",
  contact: "contact_message",
  chat: "chat_session",
  invoice: "invoice",
  settings: "settings",
  subscription: "tracking_subscription",
  mail: "mail_suppression",
  api_key: "api_key",
  webhook: "webhook_endpoint",
} as const;

function entityTypeOf(type: EventType): string {
  return ENTITY_TYPES[type.slice(0, type.indexOf(".")) as keyof typeof ENTITY_TYPES];
}

/** A recorded event: the event with the id its row has. */
export type StoredEvent = DomainEvent & { id: string };

/** An event as its row was written: what the dispatcher gets once the batch has committed. */
export type CommittedEvent = { id: string; type: EventType; entityId: string };

/** The `events` row of a recorded event. */
function eventRow(event: StoredEvent, actor: Actor, now: number): typeof events.$inferInsert {
  // `data` may be SQL (fields read at write time): inserts take SQL for any value.
  return {
    id: event.id,
    type: event.type,
    entityType: entityTypeOf(event.type),
    entityId: event.entityId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    data: eventData(event) as string,
    createdAt: now,
  };
}

/** A condition the records wait for: a row of `from` that `where` matches at that point of the batch. */
export type OnlyIf = { from: SQLiteTable; where: SQL | undefined };

const COMMITTED = { id: events.id, type: events.type, entityId: events.entityId };

/**
 * Events to record with a change: give it to `commit` (./dispatch.ts) among the change's
 * statements, at the place their rows are to be written. Its place in commit's answer holds the
 * events that were written.
 */
export type Recording = {
  readonly kind: typeof RECORDING;
  /** The events as the service described them: mail is composed from these. */
  readonly events: readonly StoredEvent[];
  readonly actor: Actor;
  readonly now: number;
  readonly onlyIf?: OnlyIf;
  /** The inserts of the event rows, each returning the rows it wrote (CommittedEvent). */
  readonly statements: readonly BatchItem<"sqlite">[];
};

const RECORDING = "domain-events";

export function isRecording(item: unknown): item is Recording {
  return typeof item === "object" && item !== null && (item as { kind?: unknown }).kind === RECORDING;
}

/**
 * Records `list` with the change it describes. With `onlyIf` (a guarded change: a
 * compare-and-set on a version or a status, the last admin), the events and their mail are
 * written only when its condition holds at their point of the batch: put the recording before
 * the change, with the change's own condition.
 */
export function recordEvents(
  context: { db: Db },
  actor: Actor,
  list: readonly DomainEvent[],
  now = Date.now(),
  onlyIf?: OnlyIf,
): Recording {
  const { db } = context;
  const stored: StoredEvent[] = list.map((event) => ({ ...event, id: crypto.randomUUID() }));
  return {
    kind: RECORDING,
    events: stored,
    actor,
    now,
    ...(onlyIf ? { onlyIf } : {}),
    statements: stored.map((event) =>
      onlyIf ? insertWhere(db, events, eventRow(event, actor, now), onlyIf).returning(COMMITTED) : db.insert(events).values(eventRow(event, actor, now)).returning(COMMITTED),
    ),
  };
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
 * One shipment event for each shipment `where` matches at that moment of the batch (an edit
 * made from the current version, the rows a delete removes), its data SQL read from the row.
 * These types bring no mail; the dispatcher delivers them like any other (the admin feed, the
 * tracking cache, the audit trail).
 */
export function recordShipmentEventsWhere(
  context: { db: Db },
  actor: Actor,
  { type, data, where }: { type: ShipmentUpdated["type"] | ShipmentLocationChanged["type"] | ShipmentDeleted["type"]; data: SQL; where: SQL | undefined },
  now = Date.now(),
): Recording {
  const { db } = context;
  const insert = db
    .insert(events)
    .select(
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
    )
    .returning(COMMITTED);
  return { kind: RECORDING, events: [], actor, now, statements: [insert] };
}

/**
 * `event` recorded only when `where` matches a row of `from` at that point of the batch: put it
 * before a guarded change (the last admin, a status compare-and-set) with the change's own
 * condition, so the record and the change are written together or not at all.
 */
export function recordEventWhere(
  context: { db: Db },
  actor: Actor,
  { event, from, where }: { event: DomainEvent; from: SQLiteTable; where: SQL | undefined },
  now = Date.now(),
): Recording {
  return recordEvents(context, actor, [event], now, { from, where });
}
