// The confirmed "Keep me posted" subscribers of shipments, each with a fresh unsubscribe link:
// what a status mail needs (app/features/mail/notifications.server.ts). Subscribing,
// confirming and unsubscribing are in tracking-subscriptions.server.ts.
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { trackingSubscriptions, trackingSubscriptionTokens } from "../../../drizzle/schema";
import { inParts, type Db } from "~/.server/db";
import { hashToken, randomToken } from "~/features/accounts/session.server";
import type { Language } from "~/features/languages/languages";

/** How long a status mail's unsubscribe link works. */
const UNSUBSCRIBE_LINK_MS = 365 * 86_400_000;

/** Where a mailed token is opened: a page with a button, so a link scanner opening it changes nothing. */
export function subscriptionLinkUrl(origin: string, token: string): string {
  return `${origin}/tracking-updates/${token}`;
}

/** A confirmed subscriber of a shipment, the language they subscribed in, and the unsubscribe link for the mail about to be sent. */
export type SubscriberLink = { email: string; language: Language; unsubscribeUrl: string };

/**
 * The confirmed subscribers of `shipmentIds`, each with a fresh unsubscribe link, and the
 * statements that store those links: the status mail's template puts the links in, the
 * statements go into the batch that queues the mail.
 */
export async function subscriberLinks(
  context: { db: Db; origin: string },
  shipmentIds: readonly string[],
  now: number,
): Promise<{ byShipment: Map<string, SubscriberLink[]>; statements: BatchItem<"sqlite">[] }> {
  const byShipment = new Map<string, SubscriberLink[]>();
  const statements: BatchItem<"sqlite">[] = [];
  if (shipmentIds.length === 0) return { byShipment, statements };
  const { db } = context;
  const rows = [];
  for (const part of inParts([...new Set(shipmentIds)])) {
    rows.push(
      ...(await db
        .select({ id: trackingSubscriptions.id, shipmentId: trackingSubscriptions.shipmentId, email: trackingSubscriptions.email, language: trackingSubscriptions.language })
        .from(trackingSubscriptions)
        .where(and(inArray(trackingSubscriptions.shipmentId, part), eq(trackingSubscriptions.status, "confirmed")))),
    );
  }
  for (const row of rows) {
    const token = randomToken();
    statements.push(
      db.insert(trackingSubscriptionTokens).values({
        tokenHash: await hashToken(token),
        subscriptionId: row.id,
        purpose: "unsubscribe",
        expiresAt: now + UNSUBSCRIBE_LINK_MS,
        createdAt: now,
      }),
    );
    byShipment.set(row.shipmentId, [...(byShipment.get(row.shipmentId) ?? []), { email: row.email, language: row.language, unsubscribeUrl: subscriptionLinkUrl(context.origin, token) }]);
  }
  return { byShipment, statements };
}
