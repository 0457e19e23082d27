// The admins' recent activity: the latest events of the kinds that nothing else shows (account,
// invoice, settings, "Keep me posted" and unsubscribe changes), read from the events table for the
// notifications page. It is those events' consumer (app/.server/deliveries.ts, "admin-activity").
import { desc, inArray } from "drizzle-orm";
import { events } from "../../drizzle/schema";
import type { Db } from "./db";
import { typesFor, type TypesFor } from "./deliveries";
import { tk } from "~/features/languages/languages";

/** What each event says on the notifications page (catalog keys of `admin`, translated there). */
const WHAT: Record<TypesFor<"admin-activity">, string> = {
  "account.password_changed": tk("Password changed by its owner"),
  "account.password_reset": tk("Password reset through a link"),
  "account.deletion_requested": tk("Account deletion requested"),
  "account.updated": tk("Account details changed"),
  "account.suspended": tk("Account suspended"),
  "account.reactivated": tk("Account reactivated"),
  "account.sessions_ended": tk("Account signed out everywhere"),
  "account.deletion_dismissed": tk("Deletion request declined"),
  "account.deleted": tk("Account deleted"),
  "account.invited": tk("Admin or courier invited"),
  "settings.exchange_rates_changed": tk("Exchange rates changed"),
  "settings.updated": tk("Settings changed"),
  "subscription.confirmed": tk("Parcel updates confirmed by a subscriber"),
  "subscription.cancelled": tk("Parcel updates cancelled by a subscriber"),
  "mail.unsubscribed": tk("Address unsubscribed from parcel mail and newsletters"),
  "mail.complained": tk("Address marked our mail as spam (no more parcel mail or newsletters)"),
  "invoice.status_changed": tk("Invoice status changed"),
  "invoice.updated": tk("Invoice repriced with its shipment"),
  "api_key.created": tk("API key created"),
  "api_key.revoked": tk("API key revoked"),
};

const ACTIVITY_SHOWN = 20;

export type Activity = { id: string; what: string; entityId: string; actorEmail: string | null; createdAt: number };

/** The latest admin-activity events, newest first. */
export async function recentActivity(db: Db): Promise<Activity[]> {
  const rows = await db
    .select({ id: events.id, type: events.type, entityId: events.entityId, actorEmail: events.actorEmail, createdAt: events.createdAt })
    .from(events)
    .where(inArray(events.type, typesFor("admin-activity")))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(ACTIVITY_SHOWN);
  return rows.map(({ type, ...row }) => ({ ...row, what: WHAT[type as TypesFor<"admin-activity">] ?? type }));
}
