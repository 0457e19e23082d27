// Delivery ratings: once a shipment is delivered, its owner (signed in) or whoever opened the
// rating link mailed to the sender and the recipient at delivery may rate it once, 1 to 5 with
// an optional comment. The link's token is an HMAC of the shipment id under SESSION_SECRET:
// nothing is stored for it, it cannot be made from the tracking ID, and it is spent by the one
// rating a shipment may have (decision 120).
import { eq, sql } from "drizzle-orm";
import { shipmentRatings, shipments } from "../../../drizzle/schema";
import { normalizeStatus, isDelivered, type ShipmentStatus } from "~/features/shipments/shipment-status";
import type { ServiceContext } from "~/load-context";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEvents, SYSTEM_ACTOR } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { signedToken, signedTokenMatches } from "~/.server/signed-tokens";
import type { SessionUser } from "~/features/accounts/session.server";

const RATING = "shipment-rating";

/** The link the delivery mail carries: the rating page with the shipment's token. */
export async function ratingLink(context: Pick<ServiceContext, "cloudflare" | "origin">, shipment: { id: string; trackingId: string }): Promise<string> {
  const token = await signedToken(context.cloudflare.env, RATING, shipment.id);
  return `${context.origin}/track/${encodeURIComponent(shipment.trackingId)}/rate?token=${token}`;
}

/** A rating as its owner and admins see it. */
export type GivenRating = { score: number; comment: string | null; createdAt: number };

/**
 * What the tracking and rating pages offer the viewer: nothing before delivery; the rating
 * once given (its score and comment to the owner and admins only); the form to the owner or
 * to a holder of the mailed link; otherwise a note that the mailed link or signing in rates it.
 */
export type RatingPrompt =
  | { state: "not-delivered" }
  | { state: "rated"; rating: GivenRating | null }
  | { state: "invited"; via: "owner" | "mail_link"; token: string | null }
  | { state: "link-needed" };

type ShipmentForRating = { id: string; userId: string | null; status: ShipmentStatus; trackingId: string };

/**
 * Whether the shipment row of the query has a rating: a column the tracking page's batch and
 * the edge cache's version read select with the shipment, so an anonymous reader's query never
 * touches a rating's score, comment or author.
 */
export const isRated = sql<number>`exists (select 1 from ${shipmentRatings} where ${shipmentRatings.shipmentId} = ${shipments.id})`;

async function findShipment(context: Pick<ServiceContext, "db">, trackingId: string) {
  const [shipment, rating] = await context.db.batch([
    context.db
      .select({ id: shipments.id, userId: shipments.userId, status: shipments.status, trackingId: shipments.trackingId })
      .from(shipments)
      .where(eq(shipments.trackingId, trackingId)),
    context.db
      .select({ score: shipmentRatings.score, comment: shipmentRatings.comment, createdAt: shipmentRatings.createdAt })
      .from(shipmentRatings)
      .innerJoin(shipments, eq(shipments.id, shipmentRatings.shipmentId))
      .where(eq(shipments.trackingId, trackingId)),
  ]);
  const row = shipment[0];
  if (!row) return null;
  return { shipment: { ...row, status: normalizeStatus(row.status) ?? "pending" } satisfies ShipmentForRating, rating: rating[0] ?? null };
}

function isOwner(shipment: Pick<ShipmentForRating, "userId">, viewer: SessionUser | null): boolean {
  return viewer !== null && shipment.userId !== null && viewer.id === shipment.userId;
}

/**
 * The prompt for a viewer without a mailed link (the tracking page): `rating.given` is the
 * rating as read for the owner or an admin (null when it was not read for this viewer; only
 * theirs is shown). Pure: the caller has read the shipment and its rating.
 */
export function ratingPromptFor(
  shipment: Pick<ShipmentForRating, "userId" | "status">,
  rating: { rated: boolean; given: GivenRating | null },
  viewer: SessionUser | null,
): RatingPrompt {
  if (!isDelivered(shipment.status)) return { state: "not-delivered" };
  if (rating.rated) return { state: "rated", rating: isOwner(shipment, viewer) || viewer?.role === "admin" ? rating.given : null };
  if (isOwner(shipment, viewer)) return { state: "invited", via: "owner", token: null };
  return { state: "link-needed" };
}

/** The viewer's rating prompt (the rating page: with the mailed link's token, if any) for the shipment `trackingId` names; null when there is no such shipment. Reads only. */
export async function getRatingPrompt(
  context: Pick<ServiceContext, "db" | "cloudflare">,
  { trackingId, viewer, token }: { trackingId: string; viewer: SessionUser | null; token?: string },
): Promise<RatingPrompt | null> {
  const found = await findShipment(context, trackingId);
  if (!found) return null;
  const { shipment, rating } = found;
  const prompt = ratingPromptFor(shipment, { rated: rating !== null, given: rating }, viewer);
  if (prompt.state === "link-needed" && (await signedTokenMatches(context.cloudflare.env, RATING, shipment.id, token))) {
    return { state: "invited", via: "mail_link", token: token! };
  }
  return prompt;
}

export const ALREADY_RATED = "This delivery has already been rated.";
export const NOT_DELIVERED = "Only a delivered shipment can be rated.";
export const NOT_INVITED = "Only the shipment's owner (signed in) or the rating link from the delivery e-mail can rate this delivery.";

/**
 * Stores the one rating of a delivered shipment with its shipment.rated event. Refused, and
 * nothing written, for an unknown or undelivered shipment, a viewer who is neither the owner
 * nor holding the mailed link, a second rating, or too many ratings from one client.
 */
export async function rateDelivery(
  context: ServiceContext,
  {
    trackingId,
    score,
    comment,
    token,
    viewer,
    clientAddress,
    now = Date.now(),
  }: { trackingId: string; score: number; comment?: string; token?: string; viewer: SessionUser | null; clientAddress: string; now?: number },
): Promise<Done | Refused> {
  const limited = await limitAction(context, { action: "rating", clientAddress, account: viewer?.id });
  if (limited) return limited;
  const found = await findShipment(context, trackingId);
  if (!found) return refused("not-found", "Shipment not found");
  const { shipment, rating } = found;
  if (!isDelivered(shipment.status)) return refused("conflict", NOT_DELIVERED);
  const source = isOwner(shipment, viewer) ? "owner" : (await signedTokenMatches(context.cloudflare.env, RATING, shipment.id, token)) ? "mail_link" : null;
  if (!source) return refused("forbidden", NOT_INVITED);
  if (rating) return refused("conflict", ALREADY_RATED);
  const text = comment?.trim() ? comment.trim() : null;
  try {
    await commit(context, [
      context.db.insert(shipmentRatings).values({
        shipmentId: shipment.id,
        score,
        comment: text,
        source,
        userId: source === "owner" ? viewer!.id : null,
        createdAt: now,
      }),
      recordEvents(
        context,
        source === "owner" ? actorFor(viewer!) : { ...SYSTEM_ACTOR, label: "rating link" },
        [{ type: "shipment.rated", entityId: shipment.id, data: { trackingId: shipment.trackingId, score, source } }],
        now,
      ),
    ]);
  } catch (error) {
    // Two ratings sent at once: the second finds the first's row (the primary key) and writes nothing.
    if (String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error).includes("UNIQUE constraint failed")) {
      return refused("conflict", ALREADY_RATED);
    }
    throw error;
  }
  return { ok: true, message: "Thank you for rating your delivery!" };
}
