// The support assistant on live data: the tracking IDs a question names are looked up as an
// anonymous viewer would see them (public fields only, with each shipment's latest history
// entry), a price question gets what the shipment form prices a new shipment with (the
// currency it starts in and the settings' tax rate), then the built-in answerer
// (app/features/chat/support-assistant.ts) replies. With a Workers AI binding (`AI`, off by default;
// README "Support chat") a model rephrases that reply, grounded on it and nothing else; an
// escalation is never rephrased, and any model failure falls back to the built-in reply.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { deliveryProofs, shipments, trackingEvents } from "../../../drizzle/schema";
import {
  asksAboutPrices,
  builtInAnswer,
  trackingIdsAsked,
  type AssistantReply,
  type LatestEntry,
  type OwnerProof,
} from "~/features/chat/support-assistant";
import type { FormPricing } from "~/features/chat/price-answer";
import type { Db } from "~/.server/db";
import type { ServiceContext } from "~/load-context";
import type { SessionUser } from "~/features/accounts/session.server";
import { BASE_RATE } from "~/features/pricing/exchange-rates";
import { normalizeStatus } from "~/features/shipments/shipment-status";
import { draftCurrency } from "~/features/shipments/customer-shipment";
import { getExchangeRate, getSettings } from "~/features/settings/settings.server";
import { lookUpMany } from "~/features/tracking/tracking.server";
import { LOCATION_CHANGED } from "~/features/tracking/tracking-history";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from "~/features/languages/languages";

/** The model used when the AI binding is configured. */
export const AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";
const AI_TIMEOUT_MS = 8000;

/** Who asks, when signed in: their own shipments' proofs of delivery are theirs to hear, in their time zone. */
export type Asker = { userId: string; timeZone: string };

/** The signed-in customer asking (admins and couriers own no shipments), in the time zone their browser gave. */
export function askerOf(user: SessionUser | null, timeZone: string): Asker | null {
  return user?.role === "user" ? { userId: user.id, timeZone } : null;
}

export async function answerQuestion(
  context: Pick<ServiceContext, "db" | "cloudflare">,
  question: string,
  { now = Date.now(), asker = null, language = DEFAULT_LANGUAGE }: { now?: number; asker?: Asker | null; language?: Language } = {},
): Promise<AssistantReply> {
  const ids = trackingIdsAsked(question);
  // What anyone with the tracking IDs may know (public fields only), the asker's own proofs, and what a new shipment is priced with.
  const [found, latest, proofs, pricing] = await Promise.all([
    lookUpMany(context.db, ids),
    latestHistoryEntries(context.db, ids),
    asker ? ownProofs(context.db, ids, asker.userId) : new Map<string, OwnerProof>(),
    asksAboutPrices(question) ? formPricing(context.db) : undefined,
  ]);
  const tracking = new Map(found.map(({ trackingId, shipment }) => [trackingId, shipment && { ...shipment, latestEntry: latest.get(trackingId) ?? null }]));
  const reply = builtInAnswer(question, { tracking, proofs, pricing, now, timeZone: asker?.timeZone ?? "UTC", language });
  const ai = context.cloudflare.env.AI;
  if (!ai || reply.escalate) return reply;
  return { ...reply, message: (await rephrase(ai, question, reply.message, language)) ?? reply.message };
}

/**
 * Each named shipment's latest stored history entry of a status change (the last to happen; of
 * two at once, the last written), by tracking ID: a new place's entry says only where it is.
 */
async function latestHistoryEntries(db: Db, trackingIds: readonly string[]): Promise<Map<string, LatestEntry>> {
  if (trackingIds.length === 0) return new Map();
  const latest = db
    .select({ id: sql`latest.id` })
    .from(sql`${trackingEvents} AS latest`)
    .where(sql`latest.shipment_id = ${shipments.id} AND latest.description <> ${LOCATION_CHANGED}`)
    .orderBy(sql`latest.occurred_at DESC`, sql`latest.created_at DESC`, sql`latest.rowid DESC`)
    .limit(1);
  const rows = await db
    .select({
      trackingId: shipments.trackingId,
      status: trackingEvents.status,
      location: trackingEvents.location,
      description: trackingEvents.description,
      occurredAt: trackingEvents.occurredAt,
    })
    .from(shipments)
    .innerJoin(trackingEvents, eq(trackingEvents.id, sql`(${latest})`))
    .where(inArray(shipments.trackingId, [...trackingIds]));
  return new Map(rows.map(({ trackingId, status, ...entry }) => [trackingId, { ...entry, status: normalizeStatus(status) ?? "pending" }]));
}

/** The latest proof of delivery of each named shipment that `userId` owns, by tracking ID. */
async function ownProofs(db: Db, trackingIds: readonly string[], userId: string): Promise<Map<string, OwnerProof>> {
  if (trackingIds.length === 0) return new Map();
  const rows = await db
    .select({ trackingId: shipments.trackingId, receivedBy: deliveryProofs.receivedBy, takenAt: deliveryProofs.takenAt, photoKey: deliveryProofs.photoKey })
    .from(deliveryProofs)
    .innerJoin(shipments, eq(shipments.id, deliveryProofs.shipmentId))
    .where(and(inArray(shipments.trackingId, [...trackingIds]), eq(shipments.userId, userId)))
    .orderBy(desc(deliveryProofs.takenAt));
  const proofs = new Map<string, OwnerProof>();
  for (const row of rows) if (!proofs.has(row.trackingId)) proofs.set(row.trackingId, { receivedBy: row.receivedBy, takenAt: row.takenAt, photo: row.photoKey !== null });
  return proofs;
}

/** The currency a new shipment starts in (the settings' default when the form offers it) at its stored rate, and the settings' tax rate. */
async function formPricing(db: Db): Promise<FormPricing> {
  const { defaultCurrency, taxRateBasisPoints } = await getSettings(db);
  const rate = await getExchangeRate(db, draftCurrency({ currency: defaultCurrency }));
  // A currency without a stored rate cannot be chosen in the form; the tariff's own currency can.
  return { rate: rate ?? BASE_RATE, taxRateBasisPoints };
}

async function rephrase(ai: Ai, question: string, facts: string, language: Language): Promise<string | null> {
  try {
    const result = (await Promise.race([
      ai.run(AI_MODEL, {
        messages: [
          {
            role: "system",
            content: `You are a parcel delivery company's support assistant. Answer the customer's question using only the facts given; add no other facts, numbers, names or promises. Keep every link exactly as written. Be brief and friendly. Answer in the language of the facts (${LANGUAGE_NAMES[language]}).`,
          },
          { role: "user", content: `Facts:\n${facts}\n\nQuestion:\n${question}` },
        ],
        max_tokens: 400,
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), AI_TIMEOUT_MS)),
    ])) as { response?: unknown } | null;
    const text = typeof result?.response === "string" ? result.response.trim() : "";
    return text === "" ? null : text.slice(0, 4000);
  } catch (error) {
    console.error("Workers AI failed; the built-in answer is used", error);
    return null;
  }
}
