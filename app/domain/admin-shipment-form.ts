// The admin shipment form (create and edit): its fields, SPEC.md section 5's rules and
// messages, and how a saved shipment fills it again. Shared by the server, which decides,
// and the browser, which checks the same rules as the admin types.
import { z } from "zod";
import { isEmail, isPhone } from "./contact-details";
import { forIntent, isGiven, withCrossFieldRules, type CrossFieldRule } from "./form-rules";
import { minorUnitsInput } from "./format";
import { DELIVERY_OPTIONS, PACKAGE_TYPES, SERVICE_TYPES } from "./shipping-options";

export const REQUIRED = "This field is required";
export const FORM_ERRORS_TOAST = "Please fix the errors in the form";
export const STALE_EDIT_MESSAGE =
  "Someone else changed this shipment while you were editing it. Your changes were not saved: reload the page to see the current version, then make them again.";

const required = () => z.string({ required_error: REQUIRED }).trim().min(1, REQUIRED);
const optional = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).optional();
const email = () => required().max(254, "Please enter a valid email address").refine(isEmail, "Please enter a valid email address");
const phone = () => required().refine(isPhone, "Please enter a valid phone number");
const country = () => required().regex(/^[A-Z]{2}$/, "Please choose a country from the list");
const choice = <T extends [string, ...string[]]>(values: T) => z.enum(values, { errorMap: () => ({ message: REQUIRED }) });

const VALUE_ERROR = "Please enter a valid value";
const DIMENSION_ERROR = "Please enter a valid dimension";
const WEIGHT_ERROR = "Please enter a valid weight";
const PRICE_ERROR = "Please enter a valid price";
const DATE_ERROR = "Please enter a valid date";

const dimension = () => z.number({ invalid_type_error: DIMENSION_ERROR }).gt(0, DIMENSION_ERROR).max(10_000, DIMENSION_ERROR).optional();
const money = (message: string) => z.number({ invalid_type_error: message }).min(0, message).max(100_000_000, message).optional();

const name = () => required().max(120, "Use at most 120 characters");
const address = () => required().max(200, "Use at most 200 characters");
const city = () => required().max(100, "Use at most 100 characters");

const fields = {
  senderName: name(),
  senderEmail: email(),
  senderPhone: phone(),
  senderCompany: optional(120),
  senderAddress: address(),
  senderCity: city(),
  senderState: optional(100),
  senderCountry: country(),
  senderPostalCode: optional(20),
  recipientName: name(),
  recipientEmail: email(),
  recipientPhone: phone(),
  recipientCompany: optional(120),
  recipientAddress: address(),
  recipientCity: city(),
  recipientState: optional(100),
  recipientCountry: country(),
  recipientPostalCode: optional(20),
  packageType: choice([...PACKAGE_TYPES]),
  weight: z.number({ required_error: REQUIRED, invalid_type_error: WEIGHT_ERROR }).gt(0, WEIGHT_ERROR).max(100_000, WEIGHT_ERROR),
  length: dimension(),
  width: dimension(),
  height: dimension(),
  value: money(VALUE_ERROR),
  description: required().max(500, "Use at most 500 characters"),
  serviceType: choice([...SERVICE_TYPES]),
  deliveryOption: choice([...DELIVERY_OPTIONS]).default("standard"),
  insurance: z.boolean().optional(),
  signatureRequired: z.boolean().optional(),
  currency: required().regex(/^[A-Z]{3}$/, "Please choose a currency from the list"),
  basePrice: money(PRICE_ERROR),
  customDeliveryDays: optional(40),
  specialInstructions: optional(1000),
  notes: optional(1000),
};

/**
 * SPEC.md: when the package type is package, length, width and height are each above 0. A
 * dimension that is given is checked by its own field; this rule adds the missing ones, on an
 * empty form too.
 */
const dimensionsGiven: CrossFieldRule = (sent, context) => {
  if (sent.packageType !== "package") return;
  for (const key of ["length", "width", "height"] as const) {
    if (!isGiven(sent[key])) context.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: DIMENSION_ERROR });
  }
};

const createObject = z.object(fields);
const editObject = createObject.extend({
  version: z.number().int().positive(),
  currentLocation: optional(120),
  actualDelivery: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_ERROR).optional(),
});

export const ShipmentFormSchema = withCrossFieldRules(createObject, dimensionsGiven);
export const EditShipmentFormSchema = withCrossFieldRules(editObject, dimensionsGiven);

/** 'Calculate cost' (without JavaScript): price what was typed, check and save nothing. */
const QuoteRequest = z.object({ intent: z.literal("quote") });

/** The form as its two buttons send it: 'Calculate cost' (quote) and 'Save' (save). */
export const ShipmentFormActionSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [QuoteRequest, createObject.extend({ intent: z.literal("save") })]),
  forIntent("save", dimensionsGiven),
);
export const EditShipmentFormActionSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [QuoteRequest, editObject.extend({ intent: z.literal("save") })]),
  forIntent("save", dimensionsGiven),
);

export type ShipmentFormValue = z.infer<typeof createObject>;
export type EditShipmentFormValue = z.infer<typeof editObject>;

/** The saved shipment's columns the form shows. */
export type ShipmentFormSource = {
  senderName: string;
  senderEmail: string | null;
  senderPhone: string | null;
  senderCompany: string | null;
  senderAddress: string | null;
  senderCity: string;
  senderState: string | null;
  senderCountry: string;
  senderPostalCode: string | null;
  recipientName: string;
  recipientEmail: string | null;
  recipientPhone: string | null;
  recipientCompany: string | null;
  recipientAddress: string | null;
  recipientCity: string;
  recipientState: string | null;
  recipientCountry: string;
  recipientPostalCode: string | null;
  packageType: string;
  weightKg: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  declaredValue: number;
  description: string | null;
  serviceType: string;
  deliveryOption: string;
  insurance: boolean;
  signatureRequired: boolean;
  currency: string;
  costBreakdown: string | null;
  cost: number;
  customDeliveryDays: string | null;
  specialInstructions: string | null;
  notes: string | null;
  currentLocation: string | null;
  actualDelivery: number | null;
  version: number;
};

/** A base price the admin typed is kept in the stored quote, so the form shows it again. */
export function storedBasePriceOverride(costBreakdown: string | null): number | null {
  if (!costBreakdown) return null;
  try {
    const lines = (JSON.parse(costBreakdown) as { lines?: { key: string; amount: number }[] }).lines ?? [];
    return lines.find((line) => line.key === "override")?.amount ?? null;
  } catch {
    return null;
  }
}

/** The edit form's starting values, as the inputs show them (money in major units). */
export function formValuesFromShipment(shipment: ShipmentFormSource): Record<string, string | boolean | number | undefined> {
  const text = (value: string | null) => value ?? "";
  const number = (value: number | null) => (value === null ? "" : String(value));
  const override = storedBasePriceOverride(shipment.costBreakdown);
  const values: Record<string, string | boolean | number | undefined> = {};
  for (const party of ["sender", "recipient"] as const) {
    for (const field of ["Name", "Email", "Phone", "Company", "Address", "City", "State", "Country", "PostalCode"] as const) {
      values[`${party}${field}`] = text(shipment[`${party}${field}`]);
    }
  }
  return {
    ...values,
    packageType: shipment.packageType,
    weight: String(shipment.weightKg),
    length: number(shipment.lengthCm),
    width: number(shipment.widthCm),
    height: number(shipment.heightCm),
    value: minorUnitsInput(shipment.declaredValue, shipment.currency),
    description: text(shipment.description),
    serviceType: shipment.serviceType,
    deliveryOption: shipment.deliveryOption,
    insurance: shipment.insurance ? "on" : undefined,
    signatureRequired: shipment.signatureRequired ? "on" : undefined,
    currency: shipment.currency,
    basePrice: override === null ? "" : minorUnitsInput(override, shipment.currency),
    customDeliveryDays: text(shipment.customDeliveryDays),
    specialInstructions: text(shipment.specialInstructions),
    notes: text(shipment.notes),
    currentLocation: text(shipment.currentLocation),
    actualDelivery: shipment.actualDelivery === null ? "" : new Date(shipment.actualDelivery).toISOString().slice(0, 10),
    version: String(shipment.version),
  };
}
