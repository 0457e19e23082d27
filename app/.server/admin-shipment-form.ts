// What the admin shipment form needs from the server: the country and currency lists, the
// price (shared pricing module) and delivery estimate of what has been typed so far, and the
// columns a valid form saves.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { shipments } from "../../drizzle/schema";
import { COUNTRIES, isCountryCode } from "~/domain/countries";
import { formEstimatedDelivery, type EstimateInputs } from "~/domain/delivery-estimate";
import { toMinorUnits } from "~/domain/format";
import { quote, type Quote } from "~/domain/pricing";
import { FORM_ERRORS_TOAST, type ShipmentFormValue } from "~/domain/admin-shipment-form";
import { DELIVERY_OPTIONS, parsePackageType, parseServiceType, type DeliveryOption } from "~/domain/shipping-options";
import type { Db } from "./db";
import type { NewShipment } from "./shipments";

export type Option = { value: string; label: string };

export function countryOptions(): Option[] {
  return COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
}

/** Each currency used by a country of the list, once, by code. */
export function currencyOptions(): Option[] {
  const names = new Map<string, string>();
  for (const country of COUNTRIES) if (!names.has(country.currency)) names.set(country.currency, country.currencyName);
  return [...names]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({ value: code, label: `${code} - ${name}` }));
}

const CURRENCIES = new Set(currencyOptions().map((option) => option.value));

/** Codes the form's lists did not offer (a hand-made request): errors on those fields. */
export function listErrors(value: Pick<ShipmentFormValue, "senderCountry" | "recipientCountry" | "currency">): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!isCountryCode(value.senderCountry)) errors.senderCountry = ["Please choose a country from the list"];
  if (!isCountryCode(value.recipientCountry)) errors.recipientCountry = ["Please choose a country from the list"];
  if (!CURRENCIES.has(value.currency)) errors.currency = ["Please choose a currency from the list"];
  return errors;
}

export type CostSummary = { quote: Quote | null; estimatedDelivery: number | null };

type Draft = Record<string, unknown>;

function text(draft: Draft, name: string): string {
  const value = draft[name];
  return typeof value === "string" ? value.trim() : "";
}

function amount(draft: Draft, name: string): number | null {
  const raw = text(draft, name);
  const value = Number(raw);
  return raw !== "" && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The cost summary of a form as typed so far, valid or not: nothing to price until the
 * weight and both countries are known, unless a base price was set by hand.
 */
export function costSummary(draft: Draft, now: number, previous?: Parameters<typeof formEstimatedDelivery>[2]): CostSummary {
  const from = text(draft, "senderCountry");
  const to = text(draft, "recipientCountry");
  const fromCountry = isCountryCode(from) ? from : null;
  const toCountry = isCountryCode(to) ? to : null;
  const serviceType = parseServiceType(text(draft, "serviceType")) ?? "standard";
  const estimateInputs: EstimateInputs = { customDeliveryDays: text(draft, "customDeliveryDays") || null, serviceType, fromCountry, toCountry };
  const estimatedDelivery = formEstimatedDelivery(estimateInputs, now, previous);

  const currency = CURRENCIES.has(text(draft, "currency")) ? text(draft, "currency") : "USD";
  const weightKg = amount(draft, "weight") ?? 0;
  const basePrice = amount(draft, "basePrice");
  if (basePrice === null && (weightKg <= 0 || !fromCountry || !toCountry)) return { quote: null, estimatedDelivery };
  const deliveryOption = text(draft, "deliveryOption");
  return {
    quote: quote({
      serviceType,
      packageType: parsePackageType(text(draft, "packageType")) ?? "package",
      weightKg,
      fromCountry: fromCountry ?? "",
      toCountry: toCountry ?? "",
      currency,
      deliveryOption: (DELIVERY_OPTIONS as readonly string[]).includes(deliveryOption) ? (deliveryOption as DeliveryOption) : "standard",
      insurance: draft.insurance === "on" || draft.insurance === true,
      declaredValue: toMinorUnits(amount(draft, "value") ?? 0, currency),
      basePriceOverride: basePrice === null ? null : toMinorUnits(basePrice, currency),
    }),
    estimatedDelivery,
  };
}

/** What the form shows after a post that saved nothing: the fields as typed, the price, a banner. */
export type FormAnswer = { result: SubmissionResult<string[]>; summary: CostSummary; formError: string | null };

/**
 * The first steps of the create and edit actions: price what was typed, answer 'Calculate
 * cost' (asked without JavaScript) and check the form. Either `answer` (send it back with
 * `status`, save nothing) or the valid value with its price.
 */
export function readShipmentForm<Schema extends z.ZodTypeAny>(
  formData: FormData,
  schema: Schema,
  now: number,
  previous?: Parameters<typeof formEstimatedDelivery>[2],
) {
  const submission = parseWithZod(formData, { schema });
  const summary = costSummary(submission.payload, now, previous);
  const answer = (result: SubmissionResult<string[]>, status: number, formError: string | null) => ({
    answer: { result, summary, formError } satisfies FormAnswer,
    status,
  });
  if (formData.get("intent") === "quote") return answer({ initialValue: submission.reply().initialValue }, 200, null);
  if (submission.status !== "success") return answer(submission.reply(), 400, FORM_ERRORS_TOAST);
  const value = submission.value as z.output<Schema> & ShipmentFormValue;
  const fieldErrors = listErrors(value);
  if (Object.keys(fieldErrors).length > 0 || !summary.quote) return answer(submission.reply({ fieldErrors }), 400, FORM_ERRORS_TOAST);
  return { submission, value, quote: summary.quote, estimatedDelivery: summary.estimatedDelivery, summary };
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
