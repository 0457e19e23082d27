// The admin shipment form's services: the country and currency lists, the price (shared
// pricing module) and delivery estimate of what has been typed so far, and the shipment a
// valid form creates or updates.
import { eq } from "drizzle-orm";
import { shipments } from "../../../drizzle/schema";
import { COUNTRIES, isCountryCode } from "~/domain/countries";
import { formEstimatedDelivery, type EstimateInputs } from "~/features/shipments/delivery-estimate";
import { RANGE } from "~/domain/field-limits";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import { toMinorUnits } from "~/domain/format";
import { insuranceCapFault, quote, type Quote } from "~/features/pricing/pricing";
import { chargeFor, type Charge } from "~/features/pricing/charge";
import { getZodConstraint } from "@conform-to/zod";
import { EditShipmentFormSchema, ShipmentFormSchema, type EditShipmentFormValue, type ShipmentFormValue } from "~/features/shipments/admin-shipment-form";
import { FORM_ERRORS_TOAST } from "~/features/shipments/shipment-form-messages";
import { DELIVERY_OPTIONS, parsePackageType, parseServiceType, type DeliveryOption } from "~/features/shipments/shipping-options";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import type { Actor } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { voiceOf, type Voice } from "~/.server/answer-language";
import { readForEdit, updateShipment } from "./shipment-changes.server";
import { getExchangeRate, getSettings, listExchangeRates } from "~/features/settings/settings.server";
import { createShipmentIf, type NewShipment } from "./shipments.server";

export type Option = { value: string; label: string };

/**
 * The fields' HTML constraints (required, lengths, ranges) from the form's rules: the page renders
 * them before the rules themselves load in the browser (shipment-form-check.ts).
 */
export function shipmentFormConstraint(edit: boolean): ReturnType<typeof getZodConstraint> {
  return getZodConstraint(edit ? EditShipmentFormSchema : ShipmentFormSchema);
}

export function countryOptions(): Option[] {
  return COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
}

const CURRENCY_NAMES = new Map(COUNTRIES.map((country) => [country.currency, country.currencyName]));

/** The currencies the settings have an exchange rate for (a price can only be given in those), by code. */
export async function currencyOptions(db: Db): Promise<Option[]> {
  return (await listExchangeRates(db))
    .filter((rate) => CURRENCY_NAMES.has(rate.currency))
    .map(({ currency }) => ({ value: currency, label: `${currency} - ${CURRENCY_NAMES.get(currency)}` }));
}

/** Codes the form's lists did not offer (a hand-made request, or a currency without a rate): errors on those fields. */
export function listErrors(
  value: Pick<ShipmentFormValue, "senderCountry" | "recipientCountry" | "currency">,
  rate: ExchangeRate | null,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!isCountryCode(value.senderCountry)) errors.senderCountry = ["Please choose a country from the list"];
  if (!isCountryCode(value.recipientCountry)) errors.recipientCountry = ["Please choose a country from the list"];
  if (!rate || !CURRENCY_NAMES.has(value.currency)) errors.currency = ["Please choose a currency from the list"];
  return errors;
}

/**
 * Insurance the form may not sell: at most $50,000 declared, converted at the rate of the
 * form's currency (Same Day's one city is the schema's rule).
 */
function insuranceErrors(value: Pick<ShipmentFormValue, "insurance" | "value" | "currency">, rate: ExchangeRate | null, voice: Voice): Record<string, string[]> {
  const fault = value.insurance && rate && rate.currency === value.currency ? insuranceCapFault(toMinorUnits(value.value ?? 0, rate.currency), rate, voice) : null;
  return fault ? { insurance: [fault] } : {};
}

/** The rate of the currency a form names, when the settings have one. */
function rateOf(db: Db, currency: string): Promise<ExchangeRate | null> {
  return /^[A-Z]{3}$/.test(currency) ? getExchangeRate(db, currency) : Promise.resolve(null);
}

/** `charge`: the quote's total with tax, as the shipment's invoice bills it. */
export type CostSummary = { quote: Quote | null; charge: Charge | null; estimatedDelivery: number | null };

/** The tax rate a form is priced at: a saved shipment's own (its invoice's), a new one the settings'. */
async function taxRateFor(db: Db, shipmentId: string | undefined): Promise<number> {
  if (!shipmentId) return (await getSettings(db)).taxRateBasisPoints;
  const row = await db.select({ taxRateBasisPoints: shipments.taxRateBasisPoints }).from(shipments).where(eq(shipments.id, shipmentId)).get();
  return row?.taxRateBasisPoints ?? 0;
}

type PreviousEstimate = Parameters<typeof formEstimatedDelivery>[2];

/** What the price and the estimate depend on; amounts null when not (validly) given. */
type PricingInputs = {
  senderCountry: string;
  recipientCountry: string;
  serviceType: string;
  packageType: string;
  deliveryOption: string;
  currency: string;
  weight: number | null;
  value: number | null;
  basePrice: number | null;
  insurance: boolean;
  signatureRequired: boolean;
  fragile: boolean;
  customDeliveryDays: string | null;
};

/**
 * The cost summary: nothing to price until the weight and both countries are known, unless a
 * base price was set by hand; nor without the rate of the currency chosen (`rate`).
 */
function summarize(inputs: PricingInputs, now: number, rate: ExchangeRate | null, taxRateBasisPoints: number, previous?: PreviousEstimate): CostSummary {
  const fromCountry = isCountryCode(inputs.senderCountry) ? inputs.senderCountry : null;
  const toCountry = isCountryCode(inputs.recipientCountry) ? inputs.recipientCountry : null;
  const serviceType = parseServiceType(inputs.serviceType) ?? "standard";
  const estimateInputs: EstimateInputs = { customDeliveryDays: inputs.customDeliveryDays, serviceType, fromCountry, toCountry };
  const estimatedDelivery = formEstimatedDelivery(estimateInputs, now, previous);

  const weightKg = inputs.weight ?? 0;
  const { basePrice } = inputs;
  if (!rate || rate.currency !== inputs.currency) return { quote: null, charge: null, estimatedDelivery };
  if (basePrice === null && (weightKg <= 0 || !fromCountry || !toCountry)) return { quote: null, charge: null, estimatedDelivery };
  const { currency } = rate;
  const quoted = quote({
      serviceType,
      packageType: parsePackageType(inputs.packageType) ?? "package",
      weightKg,
      fromCountry: fromCountry ?? "",
      toCountry: toCountry ?? "",
      rate,
      deliveryOption: (DELIVERY_OPTIONS as readonly string[]).includes(inputs.deliveryOption) ? (inputs.deliveryOption as DeliveryOption) : "standard",
      insurance: inputs.insurance,
      signatureRequired: inputs.signatureRequired,
      fragile: inputs.fragile,
      declaredValue: toMinorUnits(inputs.value ?? 0, currency),
      basePriceOverride: basePrice === null ? null : toMinorUnits(basePrice, currency),
    });
  return { quote: quoted, charge: chargeFor({ cost: quoted.total, currency, taxRateBasisPoints }), estimatedDelivery };
}

type Draft = Record<string, unknown>;

function text(draft: Draft, name: string): string {
  const value = draft[name];
  return typeof value === "string" ? value.trim() : "";
}

/** A checkbox as sent: "on" when ticked. */
function ticked(draft: Draft, name: string): boolean {
  return draft[name] === "on" || draft[name] === true;
}

/** A number as typed, when it is in the range the form takes; else null, priced as not given. */
function amount(draft: Draft, name: string, range: { min: number; max: number }): number | null {
  const raw = text(draft, name);
  const value = Number(raw);
  return raw !== "" && value >= range.min && value <= range.max ? value : null;
}

/** The cost summary of a form as typed so far (its fields as strings), valid or not, at `rate` (that of its currency). */
function costSummary(draft: Draft, now: number, rate: ExchangeRate | null, taxRateBasisPoints: number, previous?: PreviousEstimate): CostSummary {
  return summarize(
    {
      senderCountry: text(draft, "senderCountry"),
      recipientCountry: text(draft, "recipientCountry"),
      serviceType: text(draft, "serviceType"),
      packageType: text(draft, "packageType"),
      deliveryOption: text(draft, "deliveryOption"),
      currency: text(draft, "currency"),
      weight: amount(draft, "weight", RANGE.shipmentWeightKg),
      value: amount(draft, "value", RANGE.money),
      basePrice: amount(draft, "basePrice", RANGE.money),
      insurance: ticked(draft, "insurance"),
      signatureRequired: ticked(draft, "signatureRequired"),
      fragile: ticked(draft, "fragile"),
      customDeliveryDays: text(draft, "customDeliveryDays") || null,
    },
    now,
    rate,
    taxRateBasisPoints,
    previous,
  );
}

/** The cost summary of a valid form. */
function checkedCostSummary(value: ShipmentFormValue, now: number, rate: ExchangeRate | null, taxRateBasisPoints: number, previous?: PreviousEstimate): CostSummary {
  return summarize(
    {
      ...value,
      value: value.value ?? null,
      basePrice: value.basePrice ?? null,
      insurance: value.insurance ?? false,
      signatureRequired: value.signatureRequired ?? false,
      fragile: value.fragile ?? false,
      customDeliveryDays: value.customDeliveryDays || null,
    },
    now,
    rate,
    taxRateBasisPoints,
    previous,
  );
}

/**
 * The cost summary while the form is typed, at the current rate of its currency; an edit's
 * estimate keeps the saved one while its inputs do (`previous`, read for `shipmentId` unless given).
 */
export async function priceShipmentForm(
  context: Pick<ServiceContext, "db">,
  { form, shipmentId, previous, now = Date.now() }: { form: Draft; shipmentId?: string; previous?: PreviousEstimate; now?: number },
): Promise<CostSummary> {
  const [rate, saved, taxRateBasisPoints] = await Promise.all([
    rateOf(context.db, text(form, "currency")),
    previous ?? (shipmentId ? loadSavedEstimate(context.db, shipmentId) : undefined),
    taxRateFor(context.db, shipmentId),
  ]);
  return costSummary(form, now, rate, taxRateBasisPoints, saved);
}

/** The create form's starting values (the currency from the settings) and their cost summary. */
export async function newShipmentForm(context: Pick<ServiceContext, "db">, now = Date.now()) {
  const { defaultCurrency } = await getSettings(context.db);
  const defaultValue = { currency: defaultCurrency, serviceType: "standard", packageType: "package", deliveryOption: "standard" };
  return { defaultValue, summary: await priceShipmentForm(context, { form: defaultValue, now }) };
}

/** A form that saved nothing, with the summary of what was typed for the page to show again. */
export type ShipmentFormRefusal = Refused & { summary: CostSummary };

function refusedForm(summary: CostSummary, reason: Refused["reason"], message: string, fieldErrors?: Record<string, string[]>): ShipmentFormRefusal {
  return { ...refused(reason, message, fieldErrors), summary };
}

/**
 * Checks what the schema cannot (the codes come from the lists, the form can be priced) and
 * prices the form at `rate` and the tax rate given: the refusal, or the columns to save.
 */
function checkedColumns(
  value: ShipmentFormValue,
  now: number,
  { rate, taxRateBasisPoints, voice }: { rate: ExchangeRate | null; taxRateBasisPoints: number; voice: Voice },
  previous?: PreviousEstimate,
) {
  const summary = checkedCostSummary(value, now, rate, taxRateBasisPoints, previous);
  const fieldErrors = { ...insuranceErrors(value, rate, voice), ...listErrors(value, rate) };
  if (Object.keys(fieldErrors).length > 0 || !summary.quote) return { refusal: refusedForm(summary, "invalid", FORM_ERRORS_TOAST, fieldErrors) };
  return { summary, columns: { ...shipmentColumns(value, summary.quote, summary.estimatedDelivery), taxRateBasisPoints } };
}

/** 'Create Shipment' in the admin portal: a shipment for no customer account, priced from the form. */
export async function createShipmentFromForm(
  context: ServiceContext,
  { value, actor, clientAddress, now = Date.now() }: { value: ShipmentFormValue; actor: Actor; clientAddress: string; now?: number },
): Promise<Done<{ id: string }> | ShipmentFormRefusal> {
  // The settings read here are the shipment's too (its tracking prefix, its invoice's tax rate).
  const [rate, settings, voice] = await Promise.all([rateOf(context.db, value.currency), getSettings(context.db), voiceOf(context)]);
  const checked = checkedColumns(value, now, { rate, taxRateBasisPoints: settings.taxRateBasisPoints, voice });
  if (checked.refusal) return checked.refusal;
  // Each shipment mails its sender and recipient: counted per admin and per client address.
  // The count goes out beside the reads of the shipment's mail; the shipment is stored once it allows.
  const counted = limitAction(context, { action: "admin-shipment", clientAddress, account: actor.userId ?? undefined });
  const created = await createShipmentIf(context, { shipment: checked.columns, actor, settings, now, allowed: counted.then((limited) => !limited) });
  const limited = await counted;
  // Stored exactly when the count allowed it.
  if (limited) return { ...limited, summary: checked.summary };
  return { ok: true, message: "Shipment created successfully", id: created!.id };
}

/** A delivery date is stored at noon UTC, so it reads as the same day in every time zone. */
const NOON_MS = 12 * 3_600_000;

/**
 * The edit form saved, provided nobody changed the shipment since the version it was made
 * from; otherwise nothing is written and the refusal says so (updateShipment). What the edit
 * reads (the shipment, its parcels, its invoice, the form currency's rate) goes out at once.
 */
export async function updateShipmentFromForm(
  context: ServiceContext,
  { shipmentId, value, actor, now = Date.now() }: { shipmentId: string; value: EditShipmentFormValue; actor: Actor; now?: number },
): Promise<Done | ShipmentFormRefusal | Refused> {
  const read = readForEdit(context.db, shipmentId);
  const [{ current }, rate, voice] = await Promise.all([read, rateOf(context.db, value.currency), voiceOf(context)]);
  if (!current) return refused("not-found", "Failed to update shipment");
  // Priced at the shipment's own tax rate (its invoice's).
  const checked = checkedColumns(value, now, { rate, taxRateBasisPoints: current.taxRateBasisPoints ?? 0, voice }, savedEstimate(current));
  if (checked.refusal) return checked.refusal;
  const outcome = await updateShipment(context, {
    read,
    shipmentId,
    expectedVersion: value.version,
    values: {
      ...checked.columns,
      // An empty box keeps the place: where the parcel was stays in its history.
      ...(value.currentLocation ? { currentLocation: value.currentLocation } : {}),
      actualDelivery: value.actualDelivery ? Date.parse(value.actualDelivery) + NOON_MS : null,
    },
    actor,
    now,
  });
  if (outcome.ok || outcome.reason === "not-found") return outcome;
  return { ...outcome, summary: checked.summary };
}

const orNull = (value: string | undefined) => (value ? value : null);

/** The columns a valid form saves, priced with the shared pricing module. */
export function shipmentColumns(value: ShipmentFormValue, priced: Quote, estimatedDelivery: number | null) {
  const columns = {
    senderName: value.senderName,
    senderEmail: value.senderEmail.toLowerCase(),
    senderPhone: value.senderPhone,
    senderCompany: orNull(value.senderCompany),
    senderAddress: value.senderAddress,
    senderCity: value.senderCity,
    senderState: orNull(value.senderState),
    senderCountry: value.senderCountry,
    senderPostalCode: orNull(value.senderPostalCode),
    recipientName: value.recipientName,
    recipientEmail: value.recipientEmail.toLowerCase(),
    recipientPhone: value.recipientPhone,
    recipientCompany: orNull(value.recipientCompany),
    recipientAddress: value.recipientAddress,
    recipientCity: value.recipientCity,
    recipientState: orNull(value.recipientState),
    recipientCountry: value.recipientCountry,
    recipientPostalCode: orNull(value.recipientPostalCode),
    serviceType: value.serviceType,
    packageType: value.packageType,
    deliveryOption: value.deliveryOption,
    insurance: value.insurance ?? false,
    signatureRequired: value.signatureRequired ?? false,
    fragile: value.fragile ?? false,
    description: value.description,
    weightKg: value.weight,
    lengthCm: value.length ?? null,
    widthCm: value.width ?? null,
    heightCm: value.height ?? null,
    currency: value.currency,
    declaredValue: toMinorUnits(value.value ?? 0, value.currency),
    cost: priced.total,
    costBreakdown: JSON.stringify(priced),
    specialInstructions: orNull(value.specialInstructions),
    notes: orNull(value.notes),
    estimatedDelivery,
    customDeliveryDays: orNull(value.customDeliveryDays),
  } satisfies NewShipment;
  return columns;
}

type EstimateSource = {
  customDeliveryDays: string | null;
  serviceType: string;
  senderCountry: string;
  recipientCountry: string;
  estimatedDelivery: number | null;
};

/** What an edit compares the new estimate inputs with (see formEstimatedDelivery). */
export function savedEstimate(shipment: EstimateSource): Parameters<typeof formEstimatedDelivery>[2] {
  return {
    customDeliveryDays: shipment.customDeliveryDays,
    serviceType: parseServiceType(shipment.serviceType) ?? "standard",
    fromCountry: shipment.senderCountry,
    toCountry: shipment.recipientCountry,
    estimatedDelivery: shipment.estimatedDelivery,
  };
}

export async function loadSavedEstimate(db: Db, shipmentId: string) {
  const saved = await db
    .select({
      customDeliveryDays: shipments.customDeliveryDays,
      serviceType: shipments.serviceType,
      senderCountry: shipments.senderCountry,
      recipientCountry: shipments.recipientCountry,
      estimatedDelivery: shipments.estimatedDelivery,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .get();
  return saved ? savedEstimate(saved) : undefined;
}
