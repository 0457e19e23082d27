// The whole data model. Times are integer milliseconds since the epoch; money is integer
// minor units beside an ISO 4217 code; countries are ISO 3166-1 alpha-2 codes.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
// The languages the site speaks (app/features/languages/languages.ts).
const LANGUAGE_CODES = ["en", "es", "fr"] as const;
/** The language a person chose or used, in which their mail is written. */
const language = () => text("language", { enum: LANGUAGE_CODES }).notNull().default("en");

const updatedAt = () =>
  integer("updated_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    country: text("country"),
    postalCode: text("postal_code"),
    // A courier signs in at the customer sign-in and sees only the run sheet of their own stops.
    role: text("role", { enum: ["user", "admin", "courier"] }).notNull().default("user"),
    status: text("status", { enum: ["active", "suspended"] }).notNull().default("active"),
    emailNotifications: integer("email_notifications", { mode: "boolean" }).notNull().default(true),
    smsNotifications: integer("sms_notifications", { mode: "boolean" }).notNull().default(false),
    pushNotifications: integer("push_notifications", { mode: "boolean" }).notNull().default(true),
    marketingEmails: integer("marketing_emails", { mode: "boolean" }).notNull().default(false),
    deletionRequestedAt: integer("deletion_requested_at", { mode: "number" }),
    // The business plan chosen on /pricing when registering, and how it is billed; none: pay per shipment.
    plan: text("plan", { enum: ["basic", "standard", "premium"] }),
    planBilling: text("plan_billing", { enum: ["monthly", "yearly"] }),
    // The language chosen in the profile or the switcher; null: none yet (the browser's is used).
    language: text("language", { enum: LANGUAGE_CODES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_role_created").on(t.role, t.createdAt)],
);

// The cookie carries a random token; only its SHA-256 is stored, so a leaked table opens no session.
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

// An account's one-time links (app/features/accounts/account-links.server.ts): "password" to choose a password
// (a reset, an invited admin's first one), "sign-in" to sign in while the account's password
// sign-ins are on hold (docs/decisions/078). Any change of password uses them all up.
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password", "sign-in"] }).notNull().default("password"),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user").on(t.userId)],
);

// Forms and APIs may name many fields two ways (receiver*/recipient*, origin*/sender*,
// zip/postal code, cost/totalCost); this project says recipient, sender, postal code and cost
// everywhere: schema, domain, forms, mail and UI.
export const shipments = sqliteTable(
  "shipments",
  {
    id: text("id").primaryKey(),
    trackingId: text("tracking_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),

    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email"),
    senderPhone: text("sender_phone"),
    senderCompany: text("sender_company"),
    senderAddress: text("sender_address"),
    senderCity: text("sender_city").notNull(),
    senderState: text("sender_state"),
    senderCountry: text("sender_country").notNull(),
    senderPostalCode: text("sender_postal_code"),

    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email"),
    recipientPhone: text("recipient_phone"),
    recipientCompany: text("recipient_company"),
    recipientAddress: text("recipient_address"),
    recipientCity: text("recipient_city").notNull(),
    recipientState: text("recipient_state"),
    recipientCountry: text("recipient_country").notNull(),
    recipientPostalCode: text("recipient_postal_code"),

    serviceType: text("service_type").notNull().default("standard"),
    packageType: text("package_type").notNull().default("package"),
    deliveryOption: text("delivery_option").notNull().default("standard"),
    insurance: integer("insurance", { mode: "boolean" }).notNull().default(false),
    signatureRequired: integer("signature_required", { mode: "boolean" }).notNull().default(false),
    fragile: integer("fragile", { mode: "boolean" }).notNull().default(false),

    description: text("description"),
    weightKg: real("weight_kg").notNull().default(0),
    lengthCm: real("length_cm"),
    widthCm: real("width_cm"),
    heightCm: real("height_cm"),

    currency: text("currency").notNull().default("USD"),
    declaredValue: integer("declared_value").notNull().default(0),
    cost: integer("cost").notNull().default(0),
    // The quote the cost came from (base, weight, route, package, options, insurance), as JSON.
    costBreakdown: text("cost_breakdown"),
    // The tax rate the shipment was priced with (the settings' rate when it was created, the
    // rate its invoice bills at): the cost above is before tax (app/features/pricing/charge.ts).
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),

    specialInstructions: text("special_instructions"),
    referenceNumber: text("reference_number"),
    notes: text("notes"),

    estimatedDelivery: integer("estimated_delivery", { mode: "number" }),
    actualDelivery: integer("actual_delivery", { mode: "number" }),
    customDeliveryDays: text("custom_delivery_days"),
    currentLocation: text("current_location"),
    customDestination: text("custom_destination"),

    // The courier who carries it on `courierDay` (YYYY-MM-DD, UTC) and its place on their run
    // sheet in the admin's order; all null while unassigned (app/features/couriers).
    courierId: text("courier_id").references(() => users.id, { onDelete: "set null" }),
    courierDay: text("courier_day"),
    courierPosition: integer("courier_position"),

    // Bumped by every write; an edit made from an older copy is refused instead of overwriting.
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipments_tracking_id_unique").on(t.trackingId),
    index("shipments_user_created").on(t.userId, t.createdAt),
    index("shipments_status_created").on(t.status, t.createdAt),
    index("shipments_created").on(t.createdAt),
    index("shipments_sender_email").on(t.senderEmail),
    index("shipments_courier_day").on(t.courierId, t.courierDay, t.courierPosition),
    // The analytics screen reads a period's shipments from these alone (covering indexes), so
    // its cost follows the period's shipments, never the table's (app/features/analytics/analytics.server.ts).
    index("shipments_created_analytics").on(
      t.createdAt,
      t.status,
      t.currency,
      t.cost,
      t.senderCountry,
      t.recipientCountry,
      t.userId,
      t.senderEmail,
    ),
    index("shipments_delivered_analytics").on(t.actualDelivery, t.createdAt, t.estimatedDelivery, t.id),
    // Customer retention over long periods reads the customers in order from this index alone,
    // with no sort (decision 120): the customer is the account, else the sender's address.
    index("shipments_customer_created").on(sql`coalesce(${t.userId}, lower(${t.senderEmail}))`, t.createdAt, t.userId, t.senderEmail),
  ],
);

// The text an admin's search finds a shipment by (names, e-mails, cities), one row per
// shipment, kept by triggers on shipments. It is the content of shipment_search, an FTS5 index
// with the trigram tokenizer (in the migration: drizzle cannot say virtual tables), whose rowid
// is this table's id: an INTEGER PRIMARY KEY, which no VACUUM renumbers.
export const shipmentSearchText = sqliteTable("shipment_search_text", {
  id: integer("id").primaryKey(),
  shipmentId: text("shipment_id").notNull().unique(),
  body: text("body").notNull(),
});

// Status updates a courier sent, by the id their page or phone gave each: a replay of the same
// update finds its id taken and changes nothing.
export const courierUpdates = sqliteTable("courier_updates", {
  id: text("id").primaryKey(),
  shipmentId: text("shipment_id")
    .notNull()
    .references(() => shipments.id, { onDelete: "cascade" }),
  courierId: text("courier_id").references(() => users.id, { onDelete: "set null" }),
  status: text("status").notNull(),
  // Where the phone was when the courier allowed it to say (WGS 84 degrees), else null.
  latitude: real("latitude"),
  longitude: real("longitude"),
  createdAt: createdAt(),
});

// The proof of a delivery a courier recorded at the door, written with the update that marked it
// delivered (its id): who took the parcel, and the photo's and the drawn signature's keys in the
// PROOFS bucket (private: app/features/couriers/proofs.server.ts), or the name the recipient
// typed as their signature. The keys derive from the update id, so a replay writes the same objects.
export const deliveryProofs = sqliteTable(
  "delivery_proofs",
  {
    updateId: text("update_id")
      .primaryKey()
      .references(() => courierUpdates.id, { onDelete: "cascade" }),
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    courierId: text("courier_id").references(() => users.id, { onDelete: "set null" }),
    receivedBy: text("received_by").notNull(),
    photoKey: text("photo_key"),
    signatureKey: text("signature_key"),
    typedSignature: text("typed_signature"),
    takenAt: integer("taken_at").notNull(),
  },
  (t) => [index("delivery_proofs_shipment").on(t.shipmentId, t.takenAt)],
);

// How the delivery went, 1 to 5, at most one rating per shipment, given once it is delivered by
// its owner (signed in) or by whoever opened the rating link mailed to the sender and the
// recipient at delivery (app/features/ratings/ratings.server.ts).
export const shipmentRatings = sqliteTable(
  "shipment_ratings",
  {
    shipmentId: text("shipment_id")
      .primaryKey()
      .references(() => shipments.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    comment: text("comment"),
    source: text("source", { enum: ["owner", "mail_link"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("shipment_ratings_created_score").on(t.createdAt, t.score),
    check("shipment_ratings_score_range", sql`${t.score} BETWEEN 1 AND 5`),
  ],
);

// Analytics rollups (docs/decisions/120): sums of the shipments, deliveries and ratings by
// time piece, so that a period's figures read a few thousand rows at most, whatever the table holds.
// A row covers `span` hours (1, 24 or 384) from `hour` (hours since the epoch, a multiple of
// `span`); every shipment counts once at each span. SQLite triggers (migration 0012) keep them
// in step with every write to shipments, tracking_events and shipment_ratings, in the same
// statement; nothing in the app writes them. WITHOUT ROWID, which drizzle cannot say, is in
// the migration.
const rollupKey = () => ({ span: integer("span").notNull(), hour: integer("hour").notNull() });

/** Shipments by creation time, status now and currency: counts and cost. */
export const shipmentCreatedStats = sqliteTable(
  "shipment_created_stats",
  {
    ...rollupKey(),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    shipments: integer("shipments").notNull(),
    revenue: integer("revenue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.hour, t.status, t.currency] })],
);

/** Shipments by creation time and route (sender's country to recipient's) and currency. */
export const shipmentRouteStats = sqliteTable(
  "shipment_route_stats",
  {
    ...rollupKey(),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    currency: text("currency").notNull(),
    shipments: integer("shipments").notNull(),
    revenue: integer("revenue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.hour, t.origin, t.destination, t.currency] })],
);

/** Shipments by creation time, recipient's country and currency: Regional Performance. */
export const shipmentDestinationStats = sqliteTable(
  "shipment_destination_stats",
  {
    ...rollupKey(),
    destination: text("destination").notNull(),
    currency: text("currency").notNull(),
    shipments: integer("shipments").notNull(),
    revenue: integer("revenue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.hour, t.destination, t.currency] })],
);

/** Shipments by creation time and currency: the Revenue Trend. */
export const shipmentCurrencyStats = sqliteTable(
  "shipment_currency_stats",
  {
    ...rollupKey(),
    currency: text("currency").notNull(),
    shipments: integer("shipments").notNull(),
    revenue: integer("revenue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.hour, t.currency] })],
);

/** Deliveries by their time: counts, on time, and business days from creation and from pickup. */
export const shipmentDeliveryStats = sqliteTable(
  "shipment_delivery_stats",
  {
    ...rollupKey(),
    delivered: integer("delivered").notNull(),
    withEstimate: integer("with_estimate").notNull(),
    onTime: integer("on_time").notNull(),
    businessDays: integer("business_days").notNull(),
    pickedUp: integer("picked_up").notNull(),
    transitDays: integer("transit_days").notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.hour] })],
);

/** Ratings by the time they were given: how many and their scores' sum. */
export const shipmentRatingStats = sqliteTable(
  "shipment_rating_stats",
  {
    ...rollupKey(),
    ratings: integer("ratings").notNull(),
    scoreSum: integer("score_sum").notNull(),
  },
  (t) => [primaryKey({ columns: [t.span, t.hour] })],
);

// One row per parcel in a shipment (the customer form sends several).
export const shipmentPackages = sqliteTable(
  "shipment_packages",
  {
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    weightKg: real("weight_kg").notNull(),
    lengthCm: real("length_cm").notNull(),
    widthCm: real("width_cm").notNull(),
    heightCm: real("height_cm").notNull(),
    value: integer("value").notNull(),
    quantity: integer("quantity").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.position] })],
);

// Append-only: rows are inserted, never updated.
export const trackingEvents = sqliteTable(
  "tracking_events",
  {
    id: text("id").primaryKey(),
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    location: text("location"),
    description: text("description").notNull(),
    occurredAt: integer("occurred_at", { mode: "number" }).notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    // Who did it, kept even after the account is gone: "system", "customer" or a person's name.
    actorLabel: text("actor_label").notNull().default("system"),
    createdAt: createdAt(),
  },
  (t) => [index("tracking_events_shipment_time").on(t.shipmentId, t.occurredAt)],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    number: text("number").notNull(),
    // An invoice is a record: it outlives its shipment (null once the shipment is deleted), which
    // leaves what the invoice shows of it in `shipmentSnapshot`.
    shipmentId: text("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    // JSON: the shipment's tracking ID, service, contents, bill-to and destination as they were
    // when it was deleted; null while the shipment exists.
    shipmentSnapshot: text("shipment_snapshot"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // Who issued it, from the settings at the moment it was issued; a later change of the
    // settings never rewrites an issued invoice.
    issuerName: text("issuer_name").notNull().default(""),
    issuerAddress: text("issuer_address").notNull().default(""),
    issuerPhone: text("issuer_phone").notNull().default(""),
    issuerTaxNumber: text("issuer_tax_number").notNull().default(""),
    currency: text("currency").notNull(),
    // The rate the price was converted at from the base currency (units of `currency` per one of
    // `base_currency`) and when that rate was set; null for invoices priced before conversion.
    baseCurrency: text("base_currency").notNull().default("USD"),
    exchangeRate: real("exchange_rate"),
    exchangeRateSetAt: integer("exchange_rate_set_at", { mode: "number" }),
    // [{ label, amount }] in minor units, as JSON.
    lineItems: text("line_items").notNull(),
    subtotal: integer("subtotal").notNull(),
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),
    tax: integer("tax").notNull().default(0),
    total: integer("total").notNull(),
    status: text("status", { enum: ["unpaid", "paid", "void"] }).notNull().default("unpaid"),
    issuedAt: integer("issued_at", { mode: "number" }).notNull(),
    paidAt: integer("paid_at", { mode: "number" }),
    // Who set the current status, and when (an admin marking it paid, unpaid or void); the
    // name is kept after that account is gone. Every change is also an invoice.status_changed event.
    statusChangedAt: integer("status_changed_at", { mode: "number" }),
    statusChangedBy: text("status_changed_by").references(() => users.id, { onDelete: "set null" }),
    statusChangedByName: text("status_changed_by_name"),
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    uniqueIndex("invoices_shipment_unique").on(t.shipmentId),
    index("invoices_user_issued").on(t.userId, t.issuedAt),
    index("invoices_status_issued").on(t.status, t.issuedAt),
    index("invoices_issued").on(t.issuedAt),
  ],
);

// The customer's four-step form, kept between steps so reload and back never lose it.
export const shipmentDrafts = sqliteTable("shipment_drafts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  step: integer("step").notNull().default(1),
  data: text("data").notNull(),
  updatedAt: updatedAt(),
});

// A single row (id 1) of operator settings.
export const settings = sqliteTable("settings", {
  id: integer("id").primaryKey(),
  companyName: text("company_name").notNull(),
  trackingPrefix: text("tracking_prefix").notNull(),
  supportEmail: text("support_email").notNull(),
  supportPhone: text("support_phone").notNull(),
  supportAddress: text("support_address").notNull(),
  defaultCurrency: text("default_currency").notNull().default("USD"),
  taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),
  // The company's tax (VAT) number, printed on invoices issued from then on; "" when none.
  taxNumber: text("tax_number").notNull().default(""),
  updatedAt: updatedAt(),
});

// Exchange rates of the operator settings: how many units of `currency` one US dollar (the
// base currency every tariff is in) buys, and when the rate was set.
export const exchangeRates = sqliteTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  rate: real("rate").notNull(),
  setAt: integer("set_at", { mode: "number" }).notNull(),
});

// "Keep me posted": e-mail addresses that asked for a shipment's status changes. Pending until
// the address confirms through the link mailed to it (double opt-in); unsubscribing deletes the row.
export const trackingSubscriptions = sqliteTable(
  "tracking_subscriptions",
  {
    id: text("id").primaryKey(),
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "confirmed"] }).notNull().default("pending"),
    confirmedAt: integer("confirmed_at", { mode: "number" }),
    // The language of the page the person subscribed on.
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tracking_subscriptions_shipment_email").on(t.shipmentId, t.email)],
);

// The links mailed about a subscription: one per mail (the confirmation, each status update),
// so every mail's unsubscribe link works. Only the token's SHA-256 is stored.
export const trackingSubscriptionTokens = sqliteTable(
  "tracking_subscription_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => trackingSubscriptions.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm", "unsubscribe"] }).notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("tracking_subscription_tokens_subscription").on(t.subscriptionId)],
);

// What happened, append-only: every write records its events in the same D1 batch as the
// change itself. The audit trail is read from here, and the outbox's deliveries are built
// from these rows. `data` is the event's typed payload (app/.server/events.ts) as JSON.
// No foreign keys: the record outlives what it describes.
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    data: text("data").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [index("events_entity").on(t.entityType, t.entityId, t.createdAt), index("events_type_created").on(t.type, t.createdAt)],
);

// Deliveries of events to channels (mail today), written in the same batch as their event and
// handed to the events queue after the commit (`handedOverAt`; the cron sweeps rows a request
// failed to hand over). A mail's subject and body are composed when it is written, by the
// notifications module, so what an admin reads in the mailbox is what is sent. Status: pending
// (not sent yet), sent, failed (the last attempt failed; the queue tries again), dead (no more
// attempts until an admin retries it), suppressed (its address asked for no more such mail).
// Mail that carries an unsubscribe address (`unsubscribeUrl`) is the non-essential kind.
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id"),
    channel: text("channel", { enum: ["mail"] }).notNull().default("mail"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    // The language the mail is written in (its HTML says so).
    language: language(),
    unsubscribeUrl: text("unsubscribe_url"),
    status: text("status", { enum: ["pending", "sent", "failed", "dead", "suppressed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "number" }).notNull(),
    handedOverAt: integer("handed_over_at", { mode: "number" }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_status_created").on(t.status, t.createdAt),
    index("outbox_to_created").on(t.toAddress, t.createdAt),
    index("outbox_event").on(t.eventId),
  ],
);

// Addresses that get no more non-essential mail (parcel updates, newsletters): they unsubscribed
// through a mail's one-click link, or complained to their mail provider about one of ours.
export const mailSuppressions = sqliteTable("mail_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason", { enum: ["unsubscribed", "complained"] }).notNull(),
  createdAt: createdAt(),
});

// Fixed-window counters: one row per (key, window start).
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// Failed sign-ins per lane (a client address, an account from untrusted clients, one device
// cookie) and how long the lane must wait before its next attempt (app/features/accounts/sign-in-throttle.server.ts).
export const signInFailures = sqliteTable("sign_in_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: integer("last_failure_at", { mode: "number" }).notNull(),
  blockedUntil: integer("blocked_until", { mode: "number" }).notNull().default(0),
});

// Messages sent with the contact form. An admin opening one marks it read; answering it stores
// the reply and who sent it (the name is kept even after that account is gone).
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    type: text("type").notNull().default("general"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: integer("read_at", { mode: "number" }),
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "number" }),
    repliedBy: text("replied_by").references(() => users.id, { onDelete: "set null" }),
    repliedByName: text("replied_by_name"),
    // The language the person wrote in: the reply's mail is in it.
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created").on(t.createdAt), index("contact_messages_read_created").on(t.readAt, t.createdAt)],
);

// Double opt-in: an address is "pending" until the link mailed to it is confirmed. Only the
// link token's SHA-256 is stored; it is cleared once used.
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    email: text("email").primaryKey(),
    status: text("status", { enum: ["pending", "confirmed"] }).notNull().default("pending"),
    tokenHash: text("token_hash"),
    tokenExpiresAt: integer("token_expires_at", { mode: "number" }),
    confirmedAt: integer("confirmed_at", { mode: "number" }),
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_token_hash_unique").on(t.tokenHash)],
);

// The index of chat sessions for the admin list; messages live in each session's Durable Object.
export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull().default("Anonymous"),
    messageCount: integer("message_count").notNull().default(0),
    lastMessage: text("last_message"),
    needsResponse: integer("needs_response", { mode: "boolean" }).notNull().default(false),
    hasAdminResponse: integer("has_admin_response", { mode: "boolean" }).notNull().default(false),
    // The language the person chatted in: the assistant answers and mail follow it.
    language: language(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("chat_sessions_needs_updated").on(t.needsResponse, t.updatedAt)],
);

// API keys (app/features/api/api-keys.server.ts): a customer's keys act on their own shipments
// and invoices; an admin's service keys act on all of them within their scopes. Only the
// SHA-256 of a key is stored; `prefix` is its visible start ("sp_live_ab12cd34"), shown in lists.
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    hash: text("hash").notNull(),
    prefix: text("prefix").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["customer", "service"] }).notNull(),
    // Comma-separated: read, write, status (status updates: service keys only).
    scopes: text("scopes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: integer("revoked_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("api_keys_hash_unique").on(t.hash), index("api_keys_user_created").on(t.userId, t.createdAt), index("api_keys_kind_created").on(t.kind, t.createdAt)],
);

// When a key was last used, written at most once a minute per key (a usage counter, like rate_limits).
export const apiKeyUsage = sqliteTable("api_key_usage", {
  keyId: text("key_id")
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: "cascade" }),
  lastUsedAt: integer("last_used_at", { mode: "number" }).notNull(),
});

// An Idempotency-Key claimed by a POST of the API: the row is claimed before the work (one
// request wins), holds the answer once it succeeded (replayed for 24 hours), and is removed
// when the request was refused, so it can be sent again corrected.
export const apiIdempotency = sqliteTable(
  "api_idempotency",
  {
    keyId: text("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    // Null while the first request is still being answered.
    status: integer("status"),
    body: text("body"),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index("api_idempotency_created").on(t.createdAt)],
);

// Webhook endpoints (docs/decisions/164): where a customer's shipment events (scope "own") or,
// for an admin, every shipment's events (scope "all") are sent, signed per Standard Webhooks.
// `eventTypes` is a JSON array of webhook event types (app/features/webhooks/webhook-events.ts).
// A rotated secret keeps signing beside the new one until `previousSecretUntil`. `failingSince`:
// the first failed attempt since the last success; an endpoint failing for days is disabled.
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["own", "all"] }).notNull(),
    url: text("url").notNull(),
    eventTypes: text("event_types").notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: integer("previous_secret_until", { mode: "number" }),
    status: text("status", { enum: ["active", "disabled"] }).notNull().default("active"),
    failingSince: integer("failing_since", { mode: "number" }),
    disabledAt: integer("disabled_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_user_created").on(t.userId, t.createdAt), index("webhook_endpoints_status_scope").on(t.status, t.scope)],
);

// One message to one endpoint: a webhook event of a recorded domain event (unique per endpoint,
// event and type, so fanning an event out twice sends nothing twice), or a test event (no event).
// `id` is the message's webhook-id on every attempt. Status: pending (not attempted yet), failed
// (the last attempt failed; `nextAttemptAt` says when the sweep hands it over again), succeeded,
// dead (every attempt failed). `attemptingUntil`: an attempt under way holds the row till then.
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id"),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "failed", "succeeded", "dead"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "number" }),
    attemptingUntil: integer("attempting_until", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_type").on(t.endpointId, t.eventId, t.eventType),
    index("webhook_deliveries_endpoint_created").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_status_next").on(t.status, t.nextAttemptAt),
  ],
);

// Each attempt of a delivery, for the endpoint's log: when, the answer's status code (null when
// none came: a timeout, a refused connection), how long it took, and what went wrong.
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    attemptedAt: integer("attempted_at", { mode: "number" }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_attempted").on(t.deliveryId, t.attemptedAt)],
);

// A CSV of shipments uploaded for preview (app/features/shipments/shipment-import.server.ts):
// kept until it is created or expires, so the preview survives reloads and works without
// JavaScript, and a repeated confirm finds what it did already. `ownerId` is the account the
// shipments will belong to (null: the back office's, for no account); only `createdBy` may open it.
export const shipmentImports = sqliteTable(
  "shipment_imports",
  {
    id: text("id").primaryKey(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    rowCount: integer("row_count").notNull(),
    validCount: integer("valid_count").notNull(),
    // How many of its rows have become shipments so far (the progress a confirm shows).
    createdCount: integer("created_count").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    finishedAt: integer("finished_at", { mode: "number" }),
  },
  (t) => [index("shipment_imports_expires").on(t.expiresAt)],
);

// One data row of an import: its cells as read (bounded), its errors (JSON, null when it passes)
// and, once created, its shipment. `line` is its row in a spreadsheet (the header is row 1).
export const shipmentImportRows = sqliteTable(
  "shipment_import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => shipmentImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    cells: text("cells").notNull(),
    errors: text("errors"),
    shipmentId: text("shipment_id"),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
