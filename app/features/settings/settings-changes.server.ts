// Saving the operator settings and exchange rates, each save one batch with its event (the
// settings page's history and the admins' recent activity read them).
import { eq } from "drizzle-orm";
import { exchangeRates, settings } from "../../../drizzle/schema";
import { COUNTRIES } from "~/domain/countries";
import { BASE_CURRENCY, isValidRate, RATE_LIMITS, roundRate } from "~/features/pricing/exchange-rates";
import { taxRateToBasisPoints, SETTINGS_MESSAGES, type SettingsInput } from "~/features/settings/settings-form";
import type { ServiceContext } from "~/load-context";
import { commit } from "~/.server/dispatch";
import { recordEvents, type Actor, type FieldChanges } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { getSettings, listExchangeRates } from "./settings.server";

/** Currencies a rate may be set for: those of the country table. */
const RATE_CURRENCIES: ReadonlySet<string> = new Set(COUNTRIES.map((country) => country.currency));
/** More rates than there are currencies is no settings form. */
const MAX_RATES = 200;

export type ExchangeRatesSaved = Done<{ changed: string[] }>;

/**
 * Sets exchange rates (units of each currency per US dollar). `rates` may hold some or all of
 * them; a currency not given keeps its rate, and a rate equal to the stored one keeps its date.
 * Every rate is checked first and nothing is saved unless all pass: the refusal's fieldErrors
 * are keyed by currency code. The change is one batch with its settings.exchange_rates_changed
 * event (the audit trail). Rates are never deleted: prices in the form's currencies need one.
 */
export async function setExchangeRates(
  context: ServiceContext,
  rates: readonly { currency: string; rate: number }[],
  actor: Actor,
  now = Date.now(),
): Promise<ExchangeRatesSaved | Refused> {
  if (rates.length === 0) return refused("invalid", "Enter at least one exchange rate.");
  if (rates.length > MAX_RATES) return refused("invalid", `Enter at most ${MAX_RATES} exchange rates at a time.`);
  const fieldErrors: Record<string, string[]> = {};
  const wanted = new Map<string, number>();
  for (const { currency, rate } of rates) {
    const code = currency.trim().toUpperCase();
    if (!RATE_CURRENCIES.has(code)) fieldErrors[currency] = ["Choose a currency from the list"];
    else if (code === BASE_CURRENCY && rate !== 1) fieldErrors[code] = [`${BASE_CURRENCY} is the base currency: its rate is always 1`];
    else if (!isValidRate(rate)) fieldErrors[code] = [`Enter a rate between ${RATE_LIMITS.min} and ${RATE_LIMITS.max.toLocaleString("en-US")}`];
    else if (wanted.has(code)) fieldErrors[code] = ["This currency is given twice"];
    else wanted.set(code, roundRate(rate));
  }
  if (Object.keys(fieldErrors).length > 0) return refused("invalid", "Please correct the exchange rates", fieldErrors);

  const current = new Map((await listExchangeRates(context.db)).map((row) => [row.currency, row.rate]));
  const changes: Record<string, { from: number | null; to: number }> = {};
  for (const [currency, rate] of wanted) {
    if (current.get(currency) !== rate) changes[currency] = { from: current.get(currency) ?? null, to: rate };
  }
  const changed = Object.keys(changes).sort();
  if (changed.length === 0) return { ok: true, tone: "info", message: "The exchange rates are unchanged", changed };
  const { db } = context;
  await commit(context, [
    ...changed.map((currency) =>
      db
        .insert(exchangeRates)
        .values({ currency, rate: changes[currency]!.to, setAt: now })
        .onConflictDoUpdate({ target: exchangeRates.currency, set: { rate: changes[currency]!.to, setAt: now } }),
    ),
    recordEvents(context, actor, [{ type: "settings.exchange_rates_changed", entityId: "exchange_rates", data: { changes } }], now),
  ]);
  return { ok: true, message: "Exchange rates saved", changed };
}

const EDITABLE = ["companyName", "trackingPrefix", "supportEmail", "supportPhone", "supportAddress", "defaultCurrency", "taxRateBasisPoints"] as const;

/**
 * Saves the settings form. They apply from the next request on, everywhere they appear (the
 * header and footer, mail, receipts and invoices issued from now, new tracking IDs, the
 * default currency of new shipments); other isolates' header and footer follow within
 * SETTINGS_CACHE_MS (decision 131). Every change is a `settings.updated` record with the
 * old and new values; saving what is there changes nothing.
 */
export async function updateSettings(
  context: ServiceContext,
  { actor, input, now = Date.now() }: { actor: Actor; input: SettingsInput; now?: number },
): Promise<Done | Refused> {
  const { db } = context;
  const taxRateBasisPoints = taxRateToBasisPoints(input.taxRate);
  if (taxRateBasisPoints === null) return refused("invalid", SETTINGS_MESSAGES.failed, { taxRate: [SETTINGS_MESSAGES.taxRate] });
  const current = await getSettings(db);
  const next = {
    companyName: input.companyName,
    trackingPrefix: input.trackingPrefix,
    supportEmail: input.supportEmail,
    supportPhone: input.supportPhone,
    supportAddress: input.supportAddress,
    defaultCurrency: input.defaultCurrency,
    taxRateBasisPoints,
  };
  const changes: FieldChanges = {};
  for (const field of EDITABLE) if (current[field] !== next[field]) changes[field] = { from: current[field], to: next[field] };
  if (Object.keys(changes).length === 0) return { ok: true, tone: "info", message: SETTINGS_MESSAGES.unchanged };
  await commit(context, [
    db.update(settings).set({ ...next, updatedAt: now }).where(eq(settings.id, 1)),
    recordEvents(context, actor, [{ type: "settings.updated", entityId: "1", data: { changes } }], now),
  ]);
  // Read back, so this isolate's copy for the page chrome (cachedSettings) is the new one at once.
  await getSettings(db);
  return { ok: true, message: SETTINGS_MESSAGES.saved };
}

