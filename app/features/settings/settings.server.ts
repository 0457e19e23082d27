// The operator settings and exchange rates as stored: read by writes and prices (always from
// D1) and by the page chrome and mail's site name (this isolate's copy, at most SETTINGS_CACHE_MS old). Saving
// them is settings-changes.server.ts.
import { and, asc, desc, eq } from "drizzle-orm";
import { events, exchangeRates, settings } from "../../../drizzle/schema";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import type { Db } from "~/.server/db";
import type { FieldChanges } from "~/.server/events";
import { remember } from "~/.server/isolate-state";

export type Settings = typeof settings.$inferSelect;

/** How long an isolate shows the settings it last read on its pages (docs/decisions/131). */
export const SETTINGS_CACHE_MS = 60_000;

/** This isolate's copy of the settings row for the page chrome (app/.server/isolate-state.ts). */
const chrome = remember<{ copy: { settings: Settings; readAt: number } | null }>("settings", () => ({ copy: null }));

/**
 * The operator settings row, written by the first migrations and edited by admins, read from
 * D1. Writes and mail use it, so they always see the current figures; each read also refreshes
 * this isolate's copy for `cachedSettings` (a service that saves settings reads them back with
 * this, so the admin's own isolate shows the change at once).
 */
export async function getSettings(db: Db): Promise<Settings> {
  return keepSettings(await selectSettings(db));
}

/** The settings row's query, to send in a db.batch with others; keepSettings takes its answer. */
export function selectSettings(db: Db) {
  return db.select().from(settings).where(eq(settings.id, 1));
}

/** The settings row from selectSettings's answer, as getSettings gives it (this isolate's copy refreshed). */
export function keepSettings(rows: readonly Settings[]): Settings {
  const row = rows[0];
  if (!row) throw new Error("The settings row is missing: run the migrations (npm run db:migrate)");
  chrome.copy = { settings: row, readAt: Date.now() };
  return row;
}

/** The rate of `currency` (units per US dollar, the base currency) and when it was set, or null when the settings have none. */
export async function getExchangeRate(db: Db, currency: string): Promise<ExchangeRate | null> {
  const row = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, currency)).get();
  return row ?? null;
}

/** Every rate of the settings, by currency code: a query to await, or to send in a db.batch with others. */
export function listExchangeRates(db: Db) {
  return db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
}

const HISTORY_SHOWN = 10;

/** The latest settings changes, newest first: who changed what, and when. */
export async function settingsHistory(db: Db) {
  const rows = await db
    .select({ id: events.id, actorEmail: events.actorEmail, data: events.data, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.type, "settings.updated"), eq(events.entityType, "settings")))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(HISTORY_SHOWN);
  return rows.map(({ data, ...row }) => ({ ...row, changes: (JSON.parse(data) as { changes: FieldChanges }).changes }));
}

/**
 * The settings for what every page shows (company name, support contacts): this isolate's copy
 * when it is younger than SETTINGS_CACHE_MS, so most page views send no query for them.
 */
export async function cachedSettings(db: Db, now = Date.now()): Promise<Settings> {
  const { copy } = chrome;
  if (copy && now - copy.readAt < SETTINGS_CACHE_MS) return copy.settings;
  return getSettings(db);
}
