// Webhook endpoints as their owners manage them: a customer's endpoints hear of their own
// shipments and invoices (scope "own"); the admins' endpoints, which every admin manages in the
// back office, hear of all of them (scope "all"). Every query names the owner, so anyone else's
// endpoint is simply not found. Addresses are checked as written (webhook-url.ts) and, outside
// local development, by what their host resolves to (webhook-dns.server.ts).
import { and, count, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { isLocalDevelopment } from "~/.server/deployment";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { resolvedAddressProblem } from "./webhook-dns.server";
import { deliveryRow, endpointPath, handOverDeliveries, ROTATION_OVERLAP_MS, type WebhookContext } from "./webhook-delivery.server";
import { isWebhookEventType, testMessage, type WebhookEventType } from "./webhook-events";
import { MAX_ENDPOINTS } from "./webhook-forms";
import { generateSecret } from "./webhook-signature";
import { endpointUrlProblem } from "./webhook-url";

/** Who manages endpoints, and which: a customer their own, an admin the back office's. */
export type EndpointOwner = { userId: string; scope: "own" | "all" };

/** Deliveries the endpoint's log shows, newest first, each with its attempts. */
export const LOG_LENGTH = 25;

export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
const DELIVERY_NOT_FOUND = "That delivery is not in this endpoint's log";

function owned(owner: EndpointOwner): SQL {
  return owner.scope === "all" ? eq(webhookEndpoints.scope, "all") : and(eq(webhookEndpoints.scope, "own"), eq(webhookEndpoints.userId, owner.userId))!;
}

function eventTypesOf(json: string): WebhookEventType[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is WebhookEventType => typeof item === "string" && isWebhookEventType(item)) : [];
  } catch {
    return [];
  }
}

const LISTED = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  eventTypes: webhookEndpoints.eventTypes,
  status: webhookEndpoints.status,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

/** The owner's endpoints, newest first. */
export async function listEndpoints(db: Db, owner: EndpointOwner) {
  const rows = await db.select(LISTED).from(webhookEndpoints).where(owned(owner)).orderBy(desc(webhookEndpoints.createdAt)).limit(MAX_ENDPOINTS);
  return rows.map((row) => ({ ...row, eventTypes: eventTypesOf(row.eventTypes) }));
}

export type EndpointView = NonNullable<Awaited<ReturnType<typeof getEndpoint>>>;

/** One of the owner's endpoints with its secrets and its log, or null. */
export async function getEndpoint(db: Db, owner: EndpointOwner, id: string, now = Date.now()) {
  const endpoint = await db
    .select({ ...LISTED, scope: webhookEndpoints.scope, secret: webhookEndpoints.secret, previousSecretUntil: webhookEndpoints.previousSecretUntil, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), owned(owner)))
    .get();
  if (!endpoint) return null;
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(LOG_LENGTH);
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.attempt));
  return {
    ...endpoint,
    eventTypes: eventTypesOf(endpoint.eventTypes),
    rotating: endpoint.previousSecretUntil !== null && endpoint.previousSecretUntil > now,
    deliveries: deliveries.map((delivery) => ({ ...delivery, attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id), attemptCount: delivery.attempts })),
  };
}

async function addressRefusal(context: WebhookContext, url: string): Promise<Refused | null> {
  const problem = endpointUrlProblem(url, isLocalDevelopment(context.cloudflare.env)) ?? (await resolvedAddressProblem(context.cloudflare.env, url, "registering"));
  return problem ? refused("invalid", undefined, { url: [problem] }) : null;
}

/** Adds an endpoint with a new secret; answers its page. */
export async function createEndpoint(
  context: WebhookContext,
  { owner, url, eventTypes, now = Date.now() }: { owner: EndpointOwner; url: string; eventTypes: readonly WebhookEventType[]; now?: number },
): Promise<Done<{ id: string; redirectTo: string }> | Refused> {
  const { db } = context;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(webhookEndpoints).where(owned(owner));
  if (total >= MAX_ENDPOINTS) return refused("conflict", `You can have at most ${MAX_ENDPOINTS} webhook endpoints: please delete one first.`);
  const refusal = await addressRefusal(context, url);
  if (refusal) return refusal;
  const id = crypto.randomUUID();
  await db.insert(webhookEndpoints).values({
    id,
    userId: owner.userId,
    scope: owner.scope,
    url,
    eventTypes: JSON.stringify(eventTypes),
    secret: generateSecret(),
    createdAt: now,
    updatedAt: now,
  });
  return { ok: true, id, redirectTo: endpointPath({ id, scope: owner.scope }), message: "Webhook endpoint added. Its signing secret is on this page." };
}

type EndpointChange = { owner: EndpointOwner; id: string; now?: number };

function notFound(): Refused {
  return refused("not-found", ENDPOINT_NOT_FOUND);
}

/** Changes an endpoint's address and events. */
export async function updateEndpoint(
  context: WebhookContext,
  { owner, id, url, eventTypes, now = Date.now() }: EndpointChange & { url: string; eventTypes: readonly WebhookEventType[] },
): Promise<Done | Refused> {
  const refusal = await addressRefusal(context, url);
  if (refusal) return refusal;
  const saved = await context.db
    .update(webhookEndpoints)
    .set({ url, eventTypes: JSON.stringify(eventTypes), updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), owned(owner)))
    .returning({ id: webhookEndpoints.id });
  return saved.length === 0 ? notFound() : { ok: true, message: "Webhook endpoint saved." };
}

/** A new secret; the current one keeps signing beside it for a day, so receivers can change over. */
export async function rotateSecret(context: WebhookContext, { owner, id, now = Date.now() }: EndpointChange): Promise<Done | Refused> {
  const rotated = await context.db
    .update(webhookEndpoints)
    .set({ previousSecret: webhookEndpoints.secret, previousSecretUntil: now + ROTATION_OVERLAP_MS, secret: generateSecret(), updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), owned(owner)))
    .returning({ id: webhookEndpoints.id });
  return rotated.length === 0 ? notFound() : { ok: true, message: "New signing secret made. For the next 24 hours each delivery is signed with the old one too." };
}

/** Turns an endpoint off or on; on again, it starts with a clean record. */
export async function setEndpointEnabled(context: WebhookContext, { owner, id, enabled, now = Date.now() }: EndpointChange & { enabled: boolean }): Promise<Done | Refused> {
  const changed = await context.db
    .update(webhookEndpoints)
    .set(enabled ? { status: "active", failingSince: null, disabledAt: null, updatedAt: now } : { status: "disabled", disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), owned(owner), ne(webhookEndpoints.status, enabled ? "active" : "disabled")))
    .returning({ id: webhookEndpoints.id });
  if (changed.length === 0) {
    const exists = await context.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), owned(owner))).get();
    return exists ? { ok: true, tone: "info", message: enabled ? "The endpoint is already on." : "The endpoint is already off." } : notFound();
  }
  return { ok: true, message: enabled ? "Webhook endpoint turned on." : "Webhook endpoint turned off: it is sent nothing until you turn it on." };
}

/** Deletes an endpoint with its log. */
export async function deleteEndpoint(context: WebhookContext, { owner, id }: EndpointChange): Promise<Done<{ redirectTo: string }> | Refused> {
  const deleted = await context.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), owned(owner)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length === 0 ? notFound() : { ok: true, message: "Webhook endpoint deleted.", redirectTo: owner.scope === "all" ? "/admin/webhooks" : "/profile/webhooks" };
}

const OFF_MESSAGE = "This endpoint is off: turn it on first.";

/** What the toast says of a test event or a redelivery: on its way now, or queued for the sweep. Whole sentences, one per case, so each is a catalog key. */
const QUEUED_MESSAGES = {
  test: { taken: "Test event on its way: its attempts appear in the log below.", queued: "Test event queued: it goes out within a few minutes." },
  redelivery: { taken: "Redelivery on its way: its attempts appear in the log below.", queued: "Redelivery queued: it goes out within a few minutes." },
} as const;

function queuedMessage(taken: boolean, what: keyof typeof QUEUED_MESSAGES): string {
  return QUEUED_MESSAGES[what][taken ? "taken" : "queued"];
}

async function activeEndpoint(db: Db, owner: EndpointOwner, id: string): Promise<Refused | null> {
  const endpoint = await db.select({ status: webhookEndpoints.status }).from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), owned(owner))).get();
  if (!endpoint) return notFound();
  return endpoint.status === "active" ? null : refused("conflict", OFF_MESSAGE);
}

/** "Send test event": a `webhook.test` message to this endpoint alone, delivered like any other. */
export async function sendTestEvent(context: WebhookContext, { owner, id, now = Date.now() }: EndpointChange): Promise<Done | Refused> {
  const refusal = await activeEndpoint(context.db, owner, id);
  if (refusal) return refusal;
  const row = deliveryRow(id, testMessage(now), null, now);
  await context.db.insert(webhookDeliveries).values(row);
  return { ok: true, message: queuedMessage(await handOverDeliveries(context, [row.id!], now), "test") };
}

/**
 * "Redeliver": one logged delivery is sent again under its own id (a receiver that keeps the ids
 * it has seen takes it once), as one more attempt; it is retried on failure while its attempts last.
 */
export async function redeliver(context: WebhookContext, { owner, id, deliveryId, now = Date.now() }: EndpointChange & { deliveryId: string }): Promise<Done | Refused> {
  const refusal = await activeEndpoint(context.db, owner, id);
  if (refusal) return refusal;
  const again = await context.db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
    .returning({ id: webhookDeliveries.id });
  if (again.length === 0) return refused("not-found", DELIVERY_NOT_FOUND);
  return { ok: true, message: queuedMessage(await handOverDeliveries(context, [deliveryId], now), "redelivery") };
}
