// Webhook deliveries (docs/decisions/164). After a commit the dispatcher hands the events queue
// one cue naming the committed events of the "webhook" channel; the consumer fans them out (one
// delivery row per endpoint that subscribes to the event's webhook type and may see it: its
// owner's shipments and invoices, or everything for an admin's endpoint) and attempts each at
// once. A failed attempt sets when the next is due (webhook-retries.ts); the cron's sweep hands
// the queue every delivery that is due, and fans out again the last minutes' events, in case a
// cue was lost (fanning out is idempotent: one row per endpoint, event and type). An attempt
// holds its row (`attemptingUntil`), so two messages for one delivery send it once at a time;
// an endpoint failing for days is disabled and its owner mailed, through commit.
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { events, invoices, shipments, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../drizzle/schema";
import { inParts, type Db } from "~/.server/db";
import { typesFor } from "~/.server/deliveries";
import { commit, handOver, type DispatchContext } from "~/.server/dispatch";
import { recordEventWhere, SYSTEM_ACTOR } from "~/.server/events";
import { resolvedAddressProblem } from "./webhook-dns.server";
import { webhookMessagesOf, type WebhookMessage } from "./webhook-events";
import { failingTooLong, retryDelayMs } from "./webhook-retries";
import { messageId, signedHeaders } from "./webhook-signature";
import type { Language } from "~/features/languages/languages";

/** What delivering needs: the database, the queue and the request's (or the consumer's) waitUntil, the site's address, the environment. */
export type WebhookContext = DispatchContext & { cloudflare: { env: Pick<Env, "ENVIRONMENT"> } };

/** A queue message of the webhook channel: the events a commit wrote, or one delivery that is due. */
export type WebhookCue = { channel: "webhook"; eventIds: string[] } | { channel: "webhook"; id: string };

/** A queue message about webhooks, as the consumer acts on it. */
export type WebhookQueueMessage = { body: WebhookCue; attempts: number; ack(): void; retry(options?: { delaySeconds?: number }): void };

const MINUTE_MS = 60_000;
/** An attempt waits this long for the endpoint's answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** An attempt holds its delivery this long (longer than its timeout). */
const HOLD_MS = MINUTE_MS;
/** A delivery handed to the queue is handed over again if it has not been attempted this long after. */
const LOST_AFTER_MS = 15 * MINUTE_MS;
/** The sweep fans out again the events recorded in this window before it (a cue lost on its way to the queue). */
const REFAN_FROM_MS = 10 * MINUTE_MS;
const REFAN_TO_MS = MINUTE_MS;
/** A sweep hands over at most this many deliveries; the next minute's takes the rest. */
const SWEEP_LIMIT = 1000;
/** What the log keeps of an error. */
const MAX_ERROR_LENGTH = 200;
/** How long a rotated secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * MINUTE_MS;

/** The endpoint's page, for its owner (an admin's endpoint is in the back office). */
export function endpointPath(endpoint: { id: string; scope: "own" | "all" }): string {
  return `${endpoint.scope === "all" ? "/admin/webhooks" : "/profile/webhooks"}/${encodeURIComponent(endpoint.id)}`;
}

/** Active endpoints whose owner may still have them: an active account, and an admin for an endpoint of every shipment. */
function activeEndpoints(db: Db) {
  return db
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, scope: webhookEndpoints.scope, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(and(eq(webhookEndpoints.status, "active"), eq(users.status, "active"), or(eq(webhookEndpoints.scope, "own"), eq(users.role, "admin"))));
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function parseData(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Writes the deliveries the events `eventIds` call for (none twice) and answers the ids of the
 * rows it wrote, which are handed over: their next hand-over is due only if they are lost.
 */
export async function fanOut(db: Db, eventIds: readonly string[], now = Date.now()): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const endpoints = (await activeEndpoints(db)).map((endpoint) => ({ ...endpoint, types: new Set(parseList(endpoint.eventTypes)) }));
  if (endpoints.length === 0) return [];
  const webhookTypes = typesFor("webhook");
  const recorded = (
    await Promise.all(
      inParts([...new Set(eventIds)]).map((part) =>
        db
          .select({ id: events.id, type: events.type, entityId: events.entityId, data: events.data, createdAt: events.createdAt })
          .from(events)
          .where(and(inArray(events.id, part), inArray(events.type, webhookTypes))),
      ),
    )
  ).flat();
  if (recorded.length === 0) return [];
  const shipmentIds = [...new Set(recorded.filter((event) => event.type.startsWith("shipment.")).map((event) => event.entityId))];
  const invoiceIds = [...new Set(recorded.filter((event) => event.type.startsWith("invoice.")).map((event) => event.entityId))];
  const [shipmentRows, invoiceRows] = await Promise.all([
    Promise.all(inParts(shipmentIds).map((part) => db.select({ id: shipments.id, trackingId: shipments.trackingId, userId: shipments.userId }).from(shipments).where(inArray(shipments.id, part)))),
    Promise.all(inParts(invoiceIds).map((part) => db.select({ id: invoices.id, shipmentId: invoices.shipmentId, userId: invoices.userId }).from(invoices).where(inArray(invoices.id, part)))),
  ]);
  const shipmentOf = new Map(shipmentRows.flat().map((row) => [row.id, row]));
  const invoiceOf = new Map(invoiceRows.flat().map((row) => [row.id, row]));
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const event of recorded) {
    const shipment = shipmentOf.get(event.entityId);
    const invoice = invoiceOf.get(event.entityId);
    // A shipment deleted since, or an invoice gone: its owner is no longer known, so only admins' endpoints hear of it.
    const owner = event.type.startsWith("invoice.") ? (invoice?.userId ?? null) : (shipment?.userId ?? null);
    const messages = webhookMessagesOf({ ...event, data: parseData(event.data), trackingId: shipment?.trackingId ?? null, shipmentId: invoice?.shipmentId ?? null });
    for (const message of messages) {
      for (const endpoint of endpoints) {
        if (!endpoint.types.has(message.type) || (endpoint.scope !== "all" && endpoint.userId !== owner)) continue;
        rows.push(deliveryRow(endpoint.id, message, event.id, now));
      }
    }
  }
  if (rows.length === 0) return [];
  // Nine values a row, under D1's hundred bound parameters a statement.
  const inserts: BatchItem<"sqlite">[] = inParts(rows, 10).map((part) => db.insert(webhookDeliveries).values(part).onConflictDoNothing().returning({ id: webhookDeliveries.id }));
  const written: unknown[] = await db.batch(inserts as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (written as { id: string }[][]).flat().map((row) => row.id);
}

/** A new delivery of `message` to an endpoint, handed over as it is written. */
export function deliveryRow(endpointId: string, message: WebhookMessage, eventId: string | null, now: number): typeof webhookDeliveries.$inferInsert {
  return {
    id: messageId(),
    endpointId,
    eventId,
    eventType: message.type,
    payload: JSON.stringify(message),
    status: "pending",
    attempts: 0,
    nextAttemptAt: now + LOST_AFTER_MS,
    createdAt: now,
  };
}

/**
 * Hands deliveries to the events queue. Refused, they are due at once, so the next sweep hands
 * them over; answers whether the queue took them.
 */
export async function handOverDeliveries(context: WebhookContext, ids: readonly string[], now = Date.now()): Promise<boolean> {
  if (ids.length === 0) return true;
  try {
    await handOver(
      context,
      ids.map((id) => ({ channel: "webhook" as const, id })),
    );
    return true;
  } catch (error) {
    console.error("webhook hand-over: the queue refused", error);
    const dueNow: BatchItem<"sqlite">[] = inParts([...ids]).map((part) => context.db.update(webhookDeliveries).set({ nextAttemptAt: now }).where(inArray(webhookDeliveries.id, part)));
    await context.db.batch(dueNow as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return false;
  }
}

/** What an attempt got: the answer's status (none when no answer came), how long it took, what went wrong. */
type AttemptResult = { statusCode: number | null; durationMs: number; error: string | null };

async function post(context: WebhookContext, url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
  const started = Date.now();
  const refused = await resolvedAddressProblem(context.cloudflare.env, url, "delivering");
  if (refused) return { statusCode: null, durationMs: Date.now() - started, error: refused };
  try {
    // Never follows a redirect: a redirect's target was never checked, and it counts as a failure.
    const response = await fetch(url, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { ...headers, "Content-Type": "application/json", "User-Agent": "SwiftParcel-Webhooks/1" },
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, durationMs: Date.now() - started, error: ok ? null : `The endpoint answered ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const message = timedOut ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds` : `Could not connect: ${error instanceof Error ? error.message : String(error)}`;
    return { statusCode: null, durationMs: Date.now() - started, error: message.slice(0, MAX_ERROR_LENGTH) };
  }
}

/**
 * One attempt of one delivery, if it is still to be sent and no other attempt holds it: signed
 * with the endpoint's secret (and, during a rotation, the previous one), logged, and followed by
 * its next due time, success, or giving up. An endpoint that is off is not sent to.
 */
export async function attemptDelivery(context: WebhookContext, id: string, now = Date.now()): Promise<void> {
  const { db } = context;
  const held = await db
    .update(webhookDeliveries)
    .set({ attemptingUntil: now + HOLD_MS })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        inArray(webhookDeliveries.status, ["pending", "failed"]),
        or(isNull(webhookDeliveries.attemptingUntil), lt(webhookDeliveries.attemptingUntil, now)),
      ),
    )
    .returning()
    .get();
  if (!held) return;
  const endpoint = await db
    .select({ endpoint: webhookEndpoints, email: users.email, firstName: users.firstName, language: users.language })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(eq(webhookEndpoints.id, held.endpointId))
    .get();
  if (!endpoint || endpoint.endpoint.status !== "active") {
    // Waits for its endpoint to be turned on again and a redelivery.
    await db.update(webhookDeliveries).set({ attemptingUntil: null, nextAttemptAt: null }).where(eq(webhookDeliveries.id, id));
    return;
  }
  const { secret, previousSecret, previousSecretUntil, url, failingSince } = endpoint.endpoint;
  const secrets = previousSecret && previousSecretUntil !== null && previousSecretUntil > now ? [secret, previousSecret] : [secret];
  // The timestamp is the real time of sending: receivers refuse old ones.
  const headers = await signedHeaders(secrets, held.id, Math.floor(Date.now() / 1000), held.payload);
  const result = await post(context, url, headers, held.payload);
  const attempt = held.attempts + 1;
  const succeeded = result.error === null;
  const delay = succeeded ? null : retryDelayMs(attempt);
  const statements: BatchItem<"sqlite">[] = [
    db.insert(webhookAttempts).values({ id: crypto.randomUUID(), deliveryId: id, attempt, attemptedAt: now, ...result }),
    db
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        attemptingUntil: null,
        status: succeeded ? "succeeded" : delay === null ? "dead" : "failed",
        nextAttemptAt: delay === null ? null : now + delay,
      })
      .where(eq(webhookDeliveries.id, id)),
    db
      .update(webhookEndpoints)
      .set({ failingSince: succeeded ? null : sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
      .where(eq(webhookEndpoints.id, held.endpointId)),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (!succeeded && failingTooLong(failingSince ?? now, now)) {
    await disableEndpoint(context, { ...endpoint.endpoint, email: endpoint.email, firstName: endpoint.firstName, language: endpoint.language, failingSince: failingSince ?? now }, now);
  }
}

/** Turns off an endpoint that has failed for days, and mails its owner (once: only an active endpoint is turned off). */
async function disableEndpoint(
  context: WebhookContext,
  endpoint: { id: string; url: string; scope: "own" | "all"; email: string; firstName: string; language: Language | null; failingSince: number },
  now: number,
): Promise<void> {
  const stillActive = and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.status, "active"));
  await commit(context, [
    recordEventWhere(
      context,
      SYSTEM_ACTOR,
      {
        event: {
          type: "webhook.endpoint_disabled",
          entityId: endpoint.id,
          data: { url: endpoint.url, email: endpoint.email, firstName: endpoint.firstName, failingSince: endpoint.failingSince, pagePath: endpointPath(endpoint) },
          language: endpoint.language ?? undefined,
        },
        from: webhookEndpoints,
        where: stillActive,
      },
      now,
    ),
    context.db.update(webhookEndpoints).set({ status: "disabled", disabledAt: now, updatedAt: now }).where(stillActive),
  ]);
}

/**
 * The consumer of the webhook channel's messages: fans out the events of each cue and attempts
 * what that wrote, attempts each delivery named, and acknowledges them. Should the database fail,
 * the queue delivers the message again later.
 */
export async function deliverWebhooks(context: WebhookContext, messages: readonly WebhookQueueMessage[], now = Date.now()): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      try {
        const ids = "eventIds" in message.body ? await fanOut(context.db, message.body.eventIds, now) : [message.body.id];
        await Promise.all(ids.map((id) => attemptDelivery(context, id, now)));
        message.ack();
      } catch (error) {
        console.error("webhook delivery failed", error);
        message.retry({ delaySeconds: Math.min(60 * message.attempts, 3600) });
      }
    }),
  );
}

/**
 * The cron's sweep: the events of the last minutes are fanned out again (what a lost cue left
 * out), and every delivery that is due goes to the queue. Returns how many were handed over.
 */
export async function sweepWebhooks(context: WebhookContext, now: number): Promise<number> {
  const { db } = context;
  const hasEndpoints = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.status, "active")).limit(1).get();
  const recent = hasEndpoints
    ? await db
        .select({ id: events.id })
        .from(events)
        .where(and(inArray(events.type, typesFor("webhook")), gte(events.createdAt, now - REFAN_FROM_MS), lte(events.createdAt, now - REFAN_TO_MS)))
        .orderBy(asc(events.createdAt))
        .limit(SWEEP_LIMIT)
    : [];
  const fresh = await fanOut(
    db,
    recent.map((row) => row.id),
    now,
  );
  const waiting = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ["pending", "failed"]),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.attemptingUntil), lt(webhookDeliveries.attemptingUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(SWEEP_LIMIT);
  const due = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now + LOST_AFTER_MS })
    .where(inArray(webhookDeliveries.id, waiting))
    .returning({ id: webhookDeliveries.id });
  const ids = [...fresh, ...due.map((row) => row.id)];
  return (await handOverDeliveries(context, ids, now)) ? ids.length : 0;
}
