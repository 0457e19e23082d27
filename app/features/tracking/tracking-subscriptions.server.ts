// "Keep me posted": anyone who can see a tracking page can have its status changes mailed to an
// address, once that address has confirmed through the link mailed to it (double opt-in, all
// through the events and the outbox). Every mail carries a link of its own to unsubscribe;
// links are random tokens of which only the SHA-256 is stored. A few confirmed subscribers per
// shipment at most, and subscribing is rate limited per client and per address.
//
// Only confirmed subscribers hold a shipment's places: unconfirmed sign-ups cannot keep the real
// recipient out. They are bounded (per shipment, and per address across shipments), expire
// within the hour, and the cron sweep removes them.
import { and, count, eq, gt, lt, ne, sql } from "drizzle-orm";
import { shipments, trackingSubscriptions, trackingSubscriptionTokens } from "../../../drizzle/schema";
import { normalizeEmail } from "~/domain/contact-details";
import { tryAgainIn } from "~/domain/waiting";
import { isSettled, normalizeStatus } from "~/features/shipments/shipment-status";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { recordEvents } from "~/.server/events";
import { refused, tooManyAttempts, type Done, type Refused } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { hashToken, randomToken } from "~/features/accounts/session.server";
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, tk, type Language } from "~/features/languages/languages";
import { subscriptionLinkUrl } from "./subscriber-links.server";

/** Confirmed subscribers one shipment may have. */
export const MAX_SUBSCRIBERS = 5;
/** Sign-ups waiting for confirmation one shipment may have at once. */
export const MAX_PENDING_PER_SHIPMENT = 20;
/** Sign-ups waiting for confirmation one address may have at once, across shipments. */
export const MAX_PENDING_PER_ADDRESS = 3;
/** How long a confirmation link works; a pending sign-up older than this counts for nothing and is swept. */
export const CONFIRM_LINK_MS = 3_600_000;

/** Once nothing more happens to a shipment, nobody is offered its updates any more. */
export function acceptsSubscribers(status: string): boolean {
  const known = normalizeStatus(status);
  return known !== null && !isSettled(known);
}

/**
 * Asks for a shipment's status changes at `email`: a pending subscription and its confirmation
 * mail. The answer is the same whether or not the address was subscribed already, so it tells
 * nobody who follows a parcel. The subscription keeps `language`, the page's, for its mail; the
 * answers are in it too.
 */
export async function subscribeToTracking(
  context: ServiceContext,
  {
    trackingId,
    email: typed,
    clientAddress,
    language = DEFAULT_LANGUAGE,
    now = Date.now(),
  }: { trackingId: string; email: string; clientAddress: string; language?: Language; now?: number },
): Promise<Done | Refused> {
  const email = normalizeEmail(typed);
  const t = translator(language, "messages");
  const SENT = (): Done => ({ ok: true, message: t("Almost done: we have sent a link to {{email}}. Open it to confirm, and we will e-mail each status change.", { email }) });
  const limited = await limitAction({ ...context, language: async () => language }, { action: "tracking-subscription", clientAddress, account: email });
  if (limited) return limited;
  const { db } = context;
  const shipment = await db
    .select({ id: shipments.id, status: shipments.status })
    .from(shipments)
    .where(eq(shipments.trackingId, trackingId))
    .get();
  if (!shipment) return refused("not-found", t("No tracking information found"));
  if (!acceptsSubscribers(shipment.status)) return refused("conflict", t("This shipment has reached its end: there are no more updates to send."));

  const live = gt(trackingSubscriptions.createdAt, now - CONFIRM_LINK_MS);
  const pending = eq(trackingSubscriptions.status, "pending");
  const [[existing], [confirmed], [pendingHere], [pendingForAddress]] = await db.batch([
    db
      .select({ id: trackingSubscriptions.id, status: trackingSubscriptions.status, createdAt: trackingSubscriptions.createdAt })
      .from(trackingSubscriptions)
      .where(and(eq(trackingSubscriptions.shipmentId, shipment.id), eq(trackingSubscriptions.email, email))),
    db
      .select({ places: count() })
      .from(trackingSubscriptions)
      .where(and(eq(trackingSubscriptions.shipmentId, shipment.id), eq(trackingSubscriptions.status, "confirmed"))),
    db
      .select({ count: count(), oldest: sql<number | null>`min(${trackingSubscriptions.createdAt})` })
      .from(trackingSubscriptions)
      .where(and(eq(trackingSubscriptions.shipmentId, shipment.id), pending, live, ne(trackingSubscriptions.email, email))),
    db
      .select({ count: count(), oldest: sql<number | null>`min(${trackingSubscriptions.createdAt})` })
      .from(trackingSubscriptions)
      .where(and(eq(trackingSubscriptions.email, email), pending, live, ne(trackingSubscriptions.shipmentId, shipment.id))),
  ]);
  if (existing?.status === "confirmed") return SENT();
  if ((confirmed?.places ?? 0) >= MAX_SUBSCRIBERS) return refused("conflict", fullMessage(language));
  // A fresh request for a sign-up already waiting only sends a new link; a new one must fit the bounds.
  const waitingAlready = existing !== undefined && existing.createdAt > now - CONFIRM_LINK_MS;
  if (!waitingAlready) {
    const full = pendingHere && pendingHere.count >= MAX_PENDING_PER_SHIPMENT ? pendingHere : null;
    const busy = pendingForAddress && pendingForAddress.count >= MAX_PENDING_PER_ADDRESS ? pendingForAddress : null;
    const crowd = full ?? busy;
    if (crowd) {
      // The wait: until the oldest of those sign-ups expires.
      const retryAfterSeconds = Math.max(1, Math.ceil(((crowd.oldest ?? now) + CONFIRM_LINK_MS - now) / 1000));
      const why = full
        ? t("Too many people are waiting to confirm updates for this shipment.")
        : t("This address already has {{count}} requests for updates waiting to be confirmed: open the links we mailed to it.", { count: MAX_PENDING_PER_ADDRESS });
      return tooManyAttempts({ retryAfterSeconds }, `${why} ${tryAgainIn(retryAfterSeconds, t)}`);
    }
  }

  const id = existing?.id ?? crypto.randomUUID();
  const token = randomToken();
  try {
    await commit(context, [
      existing
        ? db.update(trackingSubscriptions).set({ createdAt: now, language }).where(eq(trackingSubscriptions.id, id))
        : db.insert(trackingSubscriptions).values({ id, shipmentId: shipment.id, email, language, createdAt: now }),
      db.insert(trackingSubscriptionTokens).values({ tokenHash: await hashToken(token), subscriptionId: id, purpose: "confirm", expiresAt: now + CONFIRM_LINK_MS, createdAt: now }),
      recordEvents(
        context,
        { userId: null, email, label: "visitor" },
        [{ type: "subscription.requested", entityId: id, data: { trackingId, email }, link: subscriptionLinkUrl(context.origin, token), language }],
        now,
      ),
    ]);
  } catch (error) {
    // Two requests for the same address at once: the other one has mailed the link.
    if (String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error).includes("UNIQUE constraint failed")) return SENT();
    throw error;
  }
  return SENT();
}

/** For the cron trigger: sign-ups never confirmed within their link's hour (their links go with them). */
export function expiredPendingSubscriptionsQuery(db: Db, now: number) {
  return db
    .delete(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.status, "pending"), lt(trackingSubscriptions.createdAt, now - CONFIRM_LINK_MS)));
}

/** What a mailed link opens, as its page shows it. */
export type SubscriptionLink = {
  purpose: "confirm" | "unsubscribe";
  status: "pending" | "confirmed";
  email: string;
  trackingId: string;
};

async function findLink(db: Db, token: string, now: number) {
  if (token.length === 0 || token.length > 100) return null;
  return db
    .select({
      purpose: trackingSubscriptionTokens.purpose,
      subscriptionId: trackingSubscriptions.id,
      shipmentId: trackingSubscriptions.shipmentId,
      status: trackingSubscriptions.status,
      createdAt: trackingSubscriptions.createdAt,
      email: trackingSubscriptions.email,
      trackingId: shipments.trackingId,
    })
    .from(trackingSubscriptionTokens)
    .innerJoin(trackingSubscriptions, eq(trackingSubscriptions.id, trackingSubscriptionTokens.subscriptionId))
    .innerJoin(shipments, eq(shipments.id, trackingSubscriptions.shipmentId))
    .where(and(eq(trackingSubscriptionTokens.tokenHash, await hashToken(token)), gt(trackingSubscriptionTokens.expiresAt, now)))
    .get();
}

/** A sign-up not confirmed within its hour has lapsed, whatever link it came with. */
function lapsed(link: { status: string; createdAt: number }, now: number): boolean {
  return link.status === "pending" && link.createdAt <= now - CONFIRM_LINK_MS;
}

/** The subscription a mailed link belongs to, or null when the link is unknown, expired or its subscription has ended. Reads only. */
export async function getSubscriptionLink(db: Db, token: string, now = Date.now()): Promise<SubscriptionLink | null> {
  const link = await findLink(db, token, now);
  return link && !lapsed(link, now) ? { purpose: link.purpose, status: link.status, email: link.email, trackingId: link.trackingId } : null;
}

const LINK_GONE = tk("This link is no longer valid. Ask for updates again on the tracking page.");

/** The refusal when a shipment's subscriber places are taken, in `language`. */
function fullMessage(language: Language): string {
  return translator(language, "messages")("This shipment already has {{count}} subscribers, the most it can have.", { count: MAX_SUBSCRIBERS });
}

/** 'Confirm' on the confirmation link's page: status mail starts, while the shipment has a place left. Answers in `language`. */
export async function confirmSubscription(
  context: ServiceContext,
  { token, language = DEFAULT_LANGUAGE, now = Date.now() }: { token: string; language?: Language; now?: number },
): Promise<Done<{ trackingId: string }> | Refused> {
  const { db } = context;
  const t = translator(language, "messages");
  const link = await findLink(db, token, now);
  if (!link || link.purpose !== "confirm") return refused("not-found", t(LINK_GONE));
  const done = {
    trackingId: link.trackingId,
    message: t("Subscribed: we will e-mail {{email}} each time {{trackingId}} changes status.", { email: link.email, trackingId: link.trackingId }),
  };
  if (link.status === "confirmed") return { ok: true, tone: "info", ...done };
  if (lapsed(link, now)) return refused("not-found", t(LINK_GONE));
  const full = refused("conflict", fullMessage(language));
  const confirmedOnes = and(eq(trackingSubscriptions.shipmentId, link.shipmentId), eq(trackingSubscriptions.status, "confirmed"));
  const [{ confirmed } = { confirmed: 0 }] = await db.select({ confirmed: count() }).from(trackingSubscriptions).where(confirmedOnes);
  if (confirmed >= MAX_SUBSCRIBERS) return full;
  // The update counts again itself, so two confirmations at once never pass the limit together
  // (the later one then records its event without a change; the next status mail shows the truth).
  const placesLeft = sql`(SELECT count(*) FROM ${trackingSubscriptions} WHERE ${confirmedOnes}) < ${MAX_SUBSCRIBERS}`;
  const [changed] = await commit(context, [
    db
      .update(trackingSubscriptions)
      .set({ status: "confirmed", confirmedAt: now })
      .where(and(eq(trackingSubscriptions.id, link.subscriptionId), eq(trackingSubscriptions.status, "pending"), placesLeft))
      .returning({ id: trackingSubscriptions.id }),
    recordEvents(
      context,
      { userId: null, email: link.email, label: "visitor" },
      [{ type: "subscription.confirmed", entityId: link.subscriptionId, data: { trackingId: link.trackingId, email: link.email } }],
      now,
    ),
  ]);
  if (changed.length === 0) return full;
  return { ok: true, ...done };
}

/** 'Unsubscribe' (or 'No, thanks' on the confirmation page): the subscription and all its links end. Answers in `language`. */
export async function unsubscribe(
  context: ServiceContext,
  { token, language = DEFAULT_LANGUAGE, now = Date.now() }: { token: string; language?: Language; now?: number },
): Promise<Done<{ trackingId: string }> | Refused> {
  const { db } = context;
  const t = translator(language, "messages");
  const link = await findLink(db, token, now);
  if (!link) return refused("not-found", t(LINK_GONE));
  await commit(context, [
    db.delete(trackingSubscriptions).where(eq(trackingSubscriptions.id, link.subscriptionId)),
    recordEvents(
      context,
      { userId: null, email: link.email, label: "visitor" },
      [{ type: "subscription.cancelled", entityId: link.subscriptionId, data: { trackingId: link.trackingId, email: link.email } }],
      now,
    ),
  ]);
  return {
    ok: true,
    trackingId: link.trackingId,
    message: t("Unsubscribed: {{email}} gets no more e-mail about {{trackingId}}.", { email: link.email, trackingId: link.trackingId }),
  };
}
