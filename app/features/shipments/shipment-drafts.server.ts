// The customer's four-step shipment form: one draft per account, kept in D1 so that reload,
// back and forward never lose what was typed, and each step's button (Next, Previous, Add or
// Remove package, Create, Start over) applied to it. 'Create Shipment' checks every step again
// and turns the draft into the shipment.
import { parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { and, eq, sql } from "drizzle-orm";
import { shipmentDrafts } from "../../../drizzle/schema";
import { COUNTRIES, getCountry } from "~/domain/countries";
import { CURRENCIES } from "~/features/pricing/currencies";
import { draftCurrency, draftOptionFaults, estimateDraft, shipmentFromForm, type Estimate } from "~/features/shipments/customer-shipment";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import { keepSettings, listExchangeRates, selectSettings, type Settings } from "~/features/settings/settings.server";
import {
  draftBoundsFaults,
  draftFormData,
  DRAFT_MAX_BYTES,
  draftSize,
  EMPTY_PACKAGE,
  LIMITS,
  newDraft,
  parseStoredDraft,
  shipmentSchemas,
  stepUrl,
  withLocalPhoneNumbers,
  type CountryOption,
  type FieldErrors,
  type ShipmentDraft,
  type ShipmentFormValues,
  type StepNumber,
} from "~/features/shipments/shipment-steps";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { actorFor } from "~/.server/events";
import { refused, type Outcome, type Refused } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { voiceOf, type Voice } from "~/.server/answer-language";
import { createShipmentIf } from "./shipments.server";

export const COUNTRY_OPTIONS: CountryOption[] = COUNTRIES.map(({ code, name, phoneCode }) => ({ code, name, phoneCode }));
/** The server checks against the full lists; the browser gets the one its step needs. */
export const STEP_SCHEMAS = shipmentSchemas({ countries: COUNTRY_OPTIONS, currencies: CURRENCIES });

/** The account a draft belongs to: its name and e-mail start the sender's details. */
export type DraftOwner = { id: string; email: string; firstName: string; lastName: string };

export type StoredDraft = {
  values: ShipmentDraft;
  /** The furthest step the customer has reached by passing the steps before it. */
  reached: StepNumber;
  updatedAt: number;
};

function clampStep(step: number): StepNumber {
  return Math.min(4, Math.max(1, step)) as StepNumber;
}

/** The account's draft with what it is priced with: the settings and every exchange rate. */
export type DraftReading = StoredDraft & {
  /** False for a new draft, not stored yet (updatedAt 0). */
  stored: boolean;
  settings: Settings;
  rates: readonly ExchangeRate[];
};

/**
 * The account's draft, or a new one that starts from the account's name and e-mail and the
 * settings' default currency, with the settings and the rates, read together in one round trip.
 */
export async function getDraft(context: Pick<ServiceContext, "db">, user: DraftOwner): Promise<DraftReading> {
  const { db } = context;
  const [settingsRows, rows, rates] = await db.batch([
    selectSettings(db),
    db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, user.id)),
    listExchangeRates(db),
  ]);
  const settings = keepSettings(settingsRows);
  const fresh = newDraft({ name: `${user.firstName} ${user.lastName}`, email: user.email, currency: draftCurrency({ currency: settings.defaultCurrency }) });
  const row = rows[0];
  if (!row) return { settings, rates, stored: false, values: fresh, reached: 1, updatedAt: 0 };
  return { settings, rates, stored: true, values: parseStoredDraft(row.data, fresh), reached: clampStep(row.step), updatedAt: row.updatedAt };
}

/**
 * Merges one step's fields into the draft, in a single statement (json_patch), so that two
 * saves racing each other each keep their own fields. `reached` only ever moves forward.
 */
async function saveDraft(
  db: Db,
  userId: string,
  { values, base, reached = 1, now = Date.now() }: { values: Partial<ShipmentDraft>; base: ShipmentDraft; reached?: StepNumber; now?: number },
): Promise<void> {
  await db
    .insert(shipmentDrafts)
    .values({ userId, step: reached, data: JSON.stringify({ ...base, ...values }), updatedAt: now })
    .onConflictDoUpdate({
      target: shipmentDrafts.userId,
      set: {
        data: sql`json_patch(${shipmentDrafts.data}, ${JSON.stringify(values)})`,
        step: sql`max(${shipmentDrafts.step}, ${reached})`,
        updatedAt: now,
      },
    });
}

/**
 * Keeps what is on screen while it is typed (with JavaScript), leaving the draft's revision
 * alone: a shipment being made from the draft at that moment is not stopped. A page that showed
 * a draft not stored yet (revision 0: the first step of a new shipment) stores it; a page that
 * showed a stored draft only changes it while it exists, so a draft that has just become a
 * shipment is not followed by a stray new one.
 */
async function keepTyped(
  db: Db,
  userId: string,
  { values, base, revision, now }: { values: Partial<ShipmentDraft>; base: ShipmentDraft; revision: number | undefined; now: number },
): Promise<void> {
  const patch = sql`json_patch(${shipmentDrafts.data}, ${JSON.stringify(values)})`;
  if (revision === 0) {
    await db
      .insert(shipmentDrafts)
      .values({ userId, step: 1, data: JSON.stringify({ ...base, ...values }), updatedAt: now })
      .onConflictDoUpdate({ target: shipmentDrafts.userId, set: { data: patch } });
  } else {
    await db.update(shipmentDrafts).set({ data: patch }).where(eq(shipmentDrafts.userId, userId));
  }
}

/** The settings and every exchange rate, read together in one round trip. */
async function readPricing(context: Pick<ServiceContext, "db">): Promise<Pick<DraftReading, "settings" | "rates">> {
  const { db } = context;
  const [settingsRows, rates] = await db.batch([selectSettings(db), listExchangeRates(db)]);
  return { settings: keepSettings(settingsRows), rates };
}

/**
 * What `draft` is priced with: the rate of its currency among the rates read with it (null when
 * the settings have none) and the settings' tax rate, which its invoice will bill at.
 */
export function draftPricing(reading: Pick<DraftReading, "settings" | "rates">, draft: Pick<ShipmentDraft, "currency">): { rate: ExchangeRate | null; taxRateBasisPoints: number } {
  const currency = draftCurrency(draft);
  return { rate: reading.rates.find((rate) => rate.currency === currency) ?? null, taxRateBasisPoints: reading.settings.taxRateBasisPoints };
}

/**
 * Keeps the last step's fields in the draft and sends the customer back to an earlier step,
 * after the final check found a fault there.
 */
async function rewindDraft(db: Db, userId: string, { values, step, now }: { values: Partial<ShipmentDraft>; step: StepNumber; now: number }): Promise<void> {
  await db
    .update(shipmentDrafts)
    .set({ data: sql`json_patch(${shipmentDrafts.data}, ${JSON.stringify(values)})`, step, updatedAt: now })
    .where(eq(shipmentDrafts.userId, userId));
}

async function discardDraft(db: Db, userId: string): Promise<void> {
  await db.delete(shipmentDrafts).where(eq(shipmentDrafts.userId, userId));
}

/**
 * Takes the draft out of the table as the shipment is made from it, provided nothing has
 * changed it since it was checked; so one draft never becomes two shipments.
 */
async function claimDraft(db: Db, userId: string, updatedAt: number): Promise<boolean> {
  const claimed = await db
    .delete(shipmentDrafts)
    .where(and(eq(shipmentDrafts.userId, userId), eq(shipmentDrafts.updatedAt, updatedAt)))
    .returning({ userId: shipmentDrafts.userId });
  return claimed.length > 0;
}

/** Puts a claimed draft back when the shipment could not be stored. */
async function restoreDraft(db: Db, userId: string, draft: StoredDraft): Promise<void> {
  await db
    .insert(shipmentDrafts)
    .values({ userId, step: draft.reached, data: JSON.stringify(draft.values), updatedAt: draft.updatedAt })
    .onConflictDoNothing();
}

export type { FieldErrors };

function fieldErrorsOf(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
}

/** A step's faults in `draft`, or null when the step passes. */
export function stepFaults(draft: ShipmentDraft, step: StepNumber | "all"): FieldErrors | null {
  const check = parseWithZod(draftFormData(draft), { schema: STEP_SCHEMAS[step] });
  if (check.status === "success") return null;
  return fieldErrorsOf(check.error);
}

/**
 * The final check's schema with the form's coercion (parseWithZod's own) built once: parseWithZod
 * builds it anew on every call, which shows when thousands of drafts are checked (an import).
 */
const COERCED_ALL = coerceFormValue(STEP_SCHEMAS.all);

/**
 * A whole draft checked at once, as 'Create Shipment' checks it: every step's faults and those of
 * its options at `rate` (the rate of the draft's currency) together, or the checked values.
 */
export function checkedDraft(draft: ShipmentDraft, rate: ExchangeRate | null, voice: Voice): { ok: true; value: ShipmentFormValues } | { ok: false; fieldErrors: FieldErrors } {
  const check = parseWithZod(draftFormData(draft), { schema: COERCED_ALL, disableAutoCoercion: true });
  const options = draftOptionFaults(draft, rate, voice);
  if (check.status === "success" && !options) return { ok: true, value: check.value };
  return { ok: false, fieldErrors: { ...options, ...(check.status === "success" ? {} : fieldErrorsOf(check.error)) } };
}

/**
 * A step's faults with, on the package step, what its options need the addresses and `rate`
 * (that of the draft's currency, draftPricing) for (draftOptionFaults); null when the step passes.
 */
export function checkedStepFaults(draft: ShipmentDraft, step: StepNumber, rate: ExchangeRate | null, voice: Voice): FieldErrors | null {
  const faults = stepFaults(draft, step);
  if (step !== 3) return faults;
  const options = draftOptionFaults(draft, rate, voice);
  return faults || options ? { ...options, ...faults } : null;
}

/** A button of the form ('Start over' is discard), with the fields of the step it was pressed on, as typed. */
export type DraftStep = { step: StepNumber; values: Partial<ShipmentDraft> } & (
  | { intent: "next" | "previous" | "refresh" | "add-package" | "create" | "discard" }
  | { intent: "remove-package"; index: number }
  /** `revision`: the draft's as the page showed it (0 when none was stored yet; left out, only an existing draft is changed). */
  | { intent: "save"; revision?: number }
);

/** Where the form goes on to (none: a save as one types, the page shown again); once made, the shipment. */
export type DraftProgress = { redirectTo?: string; shipment?: { id: string; trackingId: string } };

/**
 * What a button of the form came to: Done, going on to `redirectTo` (the next step, the new
 * shipment's page, the dashboard) or, for a save as one types, staying; or Refused:
 * the step does not pass or is out of bounds ("invalid", with its fieldErrors: nothing moved on,
 * what was typed is kept), too many shipments lately ("rate-limited"), or the shipment could not
 * be stored ("unavailable").
 */
export type DraftOutcome = Outcome<DraftProgress>;

const toStep = (step: StepNumber, options?: { check?: boolean; anchor?: string }): DraftOutcome => ({ ok: true, redirectTo: stepUrl(step, options) });
const notPassing = (fieldErrors: FieldErrors): DraftOutcome => refused("invalid", undefined, fieldErrors);

/** The dialling code of a country on the list. */
export const phoneCodeOf = (code: string) => getCountry(code)?.phoneCode;

/** Who pressed the button, beyond the account: the client address shipments are counted by. */
export type DraftClient = { clientAddress: string; now?: number };

export const STEP_NOT_SAVED = "This step was not saved. Please correct the entries marked below.";
export const DRAFT_TOO_LARGE = "This draft is too large to save. Please shorten your entries.";

/**
 * Why `changes` may not be written into `draft` at all, or null: values out of bounds, or a
 * draft that would grow past DRAFT_MAX_BYTES (bounded values never get there; this is the
 * last guard before D1).
 */
function boundsRefusal(draft: ShipmentDraft, changes: Partial<ShipmentDraft>): Refused & { fieldErrors: FieldErrors } | null {
  const faults = draftBoundsFaults(changes);
  if (faults) return { ok: false, reason: "invalid", message: STEP_NOT_SAVED, fieldErrors: faults };
  if (draftSize({ ...draft, ...changes }) > DRAFT_MAX_BYTES) return { ok: false, reason: "invalid", message: DRAFT_TOO_LARGE, fieldErrors: {} };
  return null;
}

/**
 * Applies one button of the form to the account's draft. A refused step writes nothing (out of
 * bounds or faulty: the page shows what was typed with its errors); Previous, Add and Remove
 * keep what was typed, checked or not (back, forward and reload never lose what was typed).
 */
export async function applyDraftStep(
  context: ServiceContext,
  user: DraftOwner,
  command: DraftStep,
  { clientAddress, now = Date.now() }: DraftClient,
): Promise<DraftOutcome> {
  const { db } = context;
  if (command.intent === "discard") {
    await discardDraft(db, user.id);
    return { ok: true, tone: "info", message: "Draft discarded. You can start again.", redirectTo: stepUrl(1) };
  }
  const { step } = command;
  const values = withLocalPhoneNumbers(command.values, phoneCodeOf);
  const stored = await getDraft(context, user);
  const refusal = boundsRefusal(stored.values, values);
  if (refusal) {
    // With the step's other faults, so that one answer names them all.
    return { ...refusal, fieldErrors: { ...refusal.fieldErrors, ...stepFaults({ ...stored.values, ...values }, step) } };
  }
  if (command.intent === "create") {
    // A refused last step writes nothing: what was typed comes back on the page with its errors.
    const faults = stepFaults({ ...stored.values, ...values }, 4);
    if (faults) return notPassing(faults);
    return createShipmentFromDraft(context, user, { stored, values }, { clientAddress, now });
  }
  const save = (changes: Partial<ShipmentDraft>, reached?: StepNumber) => saveDraft(db, user.id, { values: changes, base: stored.values, reached, now });
  switch (command.intent) {
    case "save": {
      // With JavaScript: keeps what is on screen while it is typed; the page shown with it prices it.
      await keepTyped(db, user.id, { values, base: stored.values, revision: command.revision, now });
      return { ok: true };
    }
    case "previous":
      // Previous keeps what was typed, checked or not.
      await save(values);
      return toStep(Math.max(1, step - 1) as StepNumber);
    case "refresh":
      await save(values);
      return toStep(step);
    case "add-package": {
      const packages = [...(values.packages ?? stored.values.packages)];
      if (packages.length < LIMITS.packages) packages.push({ ...EMPTY_PACKAGE });
      await save({ ...values, packages });
      return toStep(3, { anchor: `package-${packages.length}` });
    }
    case "remove-package": {
      // At least one package always remains.
      const packages = (values.packages ?? stored.values.packages).filter((_, position) => position !== command.index);
      await save({ ...values, packages: packages.length > 0 ? packages : [{ ...EMPTY_PACKAGE }] });
      return toStep(3);
    }
    case "next": {
      // A refused step writes nothing (issue 10): what was typed comes back on the page with its errors.
      const checked = { ...stored.values, ...command.values };
      const faults = checkedStepFaults(checked, step, draftPricing(stored, checked).rate, await voiceOf(context));
      if (faults) return notPassing(faults);
      const next = Math.min(4, step + 1) as StepNumber;
      await save(values, next);
      return toStep(next);
    }
  }
}

/**
 * 'Create Shipment': the last step's fields over the stored draft, every step checked again (a
 * fault in an earlier one sends the customer back there, the last step kept), then the draft made
 * the shipment, once. Three round trips: the draft's reading (`stored`), the count against the
 * limit together with the draft's claim, the shipment's batch.
 */
async function createShipmentFromDraft(
  context: ServiceContext,
  user: DraftOwner,
  { stored, values }: { stored: DraftReading; values: Partial<ShipmentDraft> },
  { clientAddress, now = Date.now() }: DraftClient,
): Promise<DraftOutcome> {
  const { db } = context;
  if (!stored.stored) return { ok: true, tone: "info", message: "This shipment has already been created.", redirectTo: "/dashboard" };
  const draft: StoredDraft = { ...stored, values: { ...stored.values, ...values } };

  // The package step is checked at this rate, and the shipment priced at it.
  const pricing = draftPricing(stored, draft.values);
  const voice = await voiceOf(context);
  for (const step of [1, 2, 3, 4] as const) {
    const faults = checkedStepFaults(draft.values, step, pricing.rate, voice);
    if (!faults) continue;
    if (step === 4) return notPassing(faults);
    await rewindDraft(db, user.id, { values, step, now });
    return toStep(step, { check: true });
  }
  const checked = parseWithZod(draftFormData(draft.values), { schema: STEP_SCHEMAS.all });
  if (checked.status !== "success") return notPassing(stepFaults(draft.values, "all") ?? {});
  // The package step's check above refused a currency without a rate.
  const { taxRateBasisPoints } = pricing;
  const rate = pricing.rate!;
  // Each shipment mails its sender and recipient: counted per account and per client address.
  // Anything that changed the draft since it was read wins: this request then makes nothing.
  // Both go out beside the reads of the shipment's mail; the shipment is stored once both agree.
  const gate = Promise.all([limitAction(context, { action: "customer-shipment", clientAddress, account: user.id }), claimDraft(db, user.id, stored.updatedAt)]);
  const allowed = gate.then(([limited, claimed]) => !limited && claimed);
  const created = await storeShipment(context, user, checked.value, { rate, taxRateBasisPoints, settings: stored.settings, now, allowed });
  const [limited, claimed] = await gate;
  if (limited) {
    if (claimed) await restoreDraft(db, user.id, draft);
    return limited;
  }
  if (!claimed) return { ok: true, redirectTo: "/dashboard" };
  if (!created.ok) {
    await restoreDraft(db, user.id, draft);
    return created;
  }
  return { ...created, redirectTo: `/track/${created.shipment.trackingId}` };
}

/** Stores a checked shipment of the account, priced at `rate` and the tax rate its invoice bills at. */
async function storeShipment(
  context: ServiceContext,
  user: DraftOwner,
  values: ShipmentFormValues,
  {
    rate,
    taxRateBasisPoints,
    settings,
    now,
    allowed = true,
  }: { rate: ExchangeRate; taxRateBasisPoints: number; settings: Settings; now: number; /** createShipmentIf's: a no stores nothing. */ allowed?: Promise<boolean> | boolean },
): Promise<Outcome<{ shipment: { id: string; trackingId: string; invoiceId: string } }>> {
  try {
    const { shipment, packages } = shipmentFromForm(values, { userId: user.id, now, rate, taxRateBasisPoints });
    const created = await createShipmentIf(context, { shipment, packages, actor: actorFor(user), settings, now, allowed });
    if (!created) return refused("unavailable", "Failed to create shipment. Please try again.");
    return { ok: true, message: "Shipment created successfully!", shipment: created };
  } catch (error) {
    console.error("Creating a shipment failed", error);
    return refused("unavailable", "Failed to create shipment. Please try again.");
  }
}

/** A whole shipment as a JSON object: the form's fields by their names, numbers as numbers or as typed. */
function draftFromInput(input: Record<string, unknown>): ShipmentDraft {
  const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "");
  const draft: ShipmentDraft = { ...newDraft({ name: "", email: "", currency: "" }), serviceType: "", deliveryOption: "", packages: [] };
  for (const key of Object.keys(draft) as (keyof ShipmentDraft)[]) {
    if (key === "packages" || !(key in input)) continue;
    const value = input[key];
    if (typeof draft[key] === "boolean") (draft as Record<string, unknown>)[key] = value === true;
    else (draft as Record<string, unknown>)[key] = text(value);
  }
  if (Array.isArray(input.packages)) {
    draft.packages = input.packages.map((item) => {
      const row = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
      return { description: text(row.description), weight: text(row.weight), length: text(row.length), width: text(row.width), height: text(row.height), value: text(row.value), quantity: text(row.quantity ?? 1) };
    });
  }
  return draft;
}

/**
 * A shipment sent whole (the API): checked by every rule of the four-step form at once (each
 * step's schema, Same Day, the insurance cap, the currency's rate), every fault in one answer,
 * then counted and stored as the form's last step stores one.
 */
export async function createShipmentFromInput(
  context: ServiceContext,
  user: DraftOwner,
  input: Record<string, unknown>,
  { clientAddress, now = Date.now(), action = "customer-shipment" }: DraftClient & { action?: "customer-shipment" | "api-shipment" },
): Promise<Outcome<{ shipment: { id: string; trackingId: string; invoiceId: string } }>> {
  const draft = withLocalPhoneNumbers(draftFromInput(input), phoneCodeOf) as ShipmentDraft;
  const reading = await readPricing(context);
  const pricing = draftPricing(reading, draft);
  const faults = { ...draftOptionFaults(draft, pricing.rate, await voiceOf(context)), ...stepFaults(draft, "all") };
  if (Object.keys(faults).length > 0) return refused("invalid", STEP_NOT_SAVED, faults);
  const checked = parseWithZod(draftFormData(draft), { schema: STEP_SCHEMAS.all });
  if (checked.status !== "success" || !pricing.rate) return refused("invalid", STEP_NOT_SAVED, stepFaults(draft, "all") ?? {});
  const limited = await limitAction(context, { action, clientAddress, account: user.id });
  if (limited) return limited;
  return storeShipment(context, user, checked.value, { rate: pricing.rate, taxRateBasisPoints: pricing.taxRateBasisPoints, settings: reading.settings, now });
}

/** What a quote is asked with: the package step's fields and the two countries (cities for Same Day). */
export const QuoteSchema = STEP_SCHEMAS.all.pick({
  senderCountry: true,
  recipientCountry: true,
  senderCity: true,
  recipientCity: true,
  currency: true,
  packages: true,
  serviceType: true,
  deliveryOption: true,
  insurance: true,
  signatureRequired: true,
  fragile: true,
}).partial({ senderCity: true, recipientCity: true });

/**
 * The price and delivery estimate the form's step 4 would show for `input`, nothing stored:
 * the package step's rules and the two countries checked, every fault at once.
 */
export async function quoteFromInput(context: Pick<ServiceContext, "db" | "language">, input: Record<string, unknown>, now = Date.now()): Promise<Outcome<{ estimate: Estimate }>> {
  const draft = draftFromInput(input);
  const pricing = draftPricing(await readPricing(context), draft);
  const check = parseWithZod(draftFormData(draft), { schema: QuoteSchema });
  const faults = { ...draftOptionFaults(draft, pricing.rate, await voiceOf(context)), ...(check.status === "success" ? {} : check.error) } as FieldErrors;
  const listed = Object.fromEntries(Object.entries(faults).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
  if (Object.keys(listed).length > 0) return refused("invalid", "The quote could not be worked out: please correct the fields named.", listed);
  const estimate = estimateDraft(draft, { now, ...pricing });
  if (!estimate) return refused("invalid", "Enter a weight to see the cost estimate.");
  return { ok: true, estimate };
}
