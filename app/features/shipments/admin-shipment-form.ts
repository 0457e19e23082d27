// The admin shipment form (create and edit): its fields, their rules and
// messages, and how a saved shipment fills it again. Shared by the server, which decides,
// and the browser, which checks the same rules as the admin types.
import { z } from "zod";
import { isPhone } from "~/domain/contact-details";
import { isCalendarDate, MAX_LENGTH, RANGE } from "~/domain/field-limits";
import { boundedText, emailAddress, measure, optionalText, placeName, requiredText } from "~/domain/form-fields";
import { forIntent, isGiven, withCrossFieldRules, type CrossFieldRule } from "~/domain/form-rules";
import { minorUnitsInput } from "~/domain/format";
import { sameDayRouteFault } from "./same-day";
import { LOCATION_REQUIRED } from "./shipment-places";
import { DELIVERY_OPTIONS, PACKAGE_TYPES, SERVICE_TYPES } from "./shipping-options";

export const REQUIRED = "This field is required";
export const STALE_EDIT_MESSAGE =
  "Someone else changed this shipment while you were editing it. Your changes were not saved: reload the page to see the current version, then make them again.";

const required = (label: string, max: number, multiline = false) => requiredText(label, max, REQUIRED, { multiline });
const phone = (label: string) =>
  requiredText(label, MAX_LENGTH.phone, REQUIRED).refine((value) => value === "" || isPhone(value), "Please enter a valid phone number");
const country = () => z.string({ required_error: REQUIRED }).trim().min(1, REQUIRED).regex(/^[A-Z]{2}$/, "Please choose a country from the list");
const choice = <T extends [string, ...string[]]>(values: T) => z.enum(values, { errorMap: () => ({ message: REQUIRED }) });

const VALUE_ERROR = "Please enter a valid value";
const DIMENSION_ERROR = "Please enter a valid dimension";
const WEIGHT_ERROR = "Please enter a valid weight";
const PRICE_ERROR = "Please enter a valid price";
const DATE_ERROR = "Please enter a valid date";

const { shipmentWeightKg: WEIGHT, shipmentDimensionCm: DIMENSION, money: MONEY, customDeliveryDays: CUSTOM_DAYS } = RANGE;
const amount = (value: number) => value.toLocaleString("en-US");

const dimension = (label: string) =>
  measure(DIMENSION, {
    invalid: DIMENSION_ERROR,
    tooSmall: `${label} must be at least ${DIMENSION.min} cm`,
    tooLarge: `${label} must be at most ${amount(DIMENSION.max)} cm`,
  }).optional();
const money = (label: string, invalid: string) =>
  measure(MONEY, {
    invalid,
    tooLarge: `${label} must be at most ${amount(MONEY.max)}`,
    cents: `${label} can have at most 2 decimal places`,
  }).optional();

/** Free text (a range, a word) or a whole number of days, which sets the estimate and must be a sane one. */
const customDeliveryDays = () =>
  boundedText("Custom delivery days", MAX_LENGTH.customDeliveryDays)
    .refine(
      (value) => !/^\d+$/.test(value) || (Number(value) >= CUSTOM_DAYS.min && Number(value) <= CUSTOM_DAYS.max),
      `A number of custom delivery days must be from ${CUSTOM_DAYS.min} to ${CUSTOM_DAYS.max}`,
    )
    .optional();

const fields = {
  senderName: required("Sender name", MAX_LENGTH.name),
  senderEmail: emailAddress(REQUIRED),
  senderPhone: phone("Sender phone"),
  senderCompany: optionalText("Sender company", MAX_LENGTH.company),
  senderAddress: required("Sender address", MAX_LENGTH.address),
  senderCity: required("Sender city", MAX_LENGTH.city),
  senderState: optionalText("Sender state or province", MAX_LENGTH.state),
  senderCountry: country(),
  senderPostalCode: optionalText("Sender postal code", MAX_LENGTH.postalCode),
  recipientName: required("Recipient name", MAX_LENGTH.name),
  recipientEmail: emailAddress(REQUIRED),
  recipientPhone: phone("Recipient phone"),
  recipientCompany: optionalText("Recipient company", MAX_LENGTH.company),
  recipientAddress: required("Recipient address", MAX_LENGTH.address),
  recipientCity: required("Recipient city", MAX_LENGTH.city),
  recipientState: optionalText("Recipient state or province", MAX_LENGTH.state),
  recipientCountry: country(),
  recipientPostalCode: optionalText("Recipient postal code", MAX_LENGTH.postalCode),
  packageType: choice([...PACKAGE_TYPES]),
  weight: measure(WEIGHT, {
    invalid: WEIGHT_ERROR,
    required: REQUIRED,
    tooSmall: `Weight must be at least ${WEIGHT.min} kg`,
    tooLarge: `Weight must be at most ${amount(WEIGHT.max)} kg`,
  }),
  length: dimension("Length"),
  width: dimension("Width"),
  height: dimension("Height"),
  value: money("Declared value", VALUE_ERROR),
  description: required("Description", MAX_LENGTH.description, true),
  serviceType: choice([...SERVICE_TYPES]),
  deliveryOption: choice([...DELIVERY_OPTIONS]).default("standard"),
  insurance: z.boolean().optional(),
  signatureRequired: z.boolean().optional(),
  fragile: z.boolean().optional(),
  currency: z.string({ required_error: REQUIRED }).trim().min(1, REQUIRED).regex(/^[A-Z]{3}$/, "Please choose a currency from the list"),
  basePrice: money("Base price", PRICE_ERROR),
  customDeliveryDays: customDeliveryDays(),
  specialInstructions: optionalText("Special instructions", MAX_LENGTH.specialInstructions, { multiline: true }),
  notes: optionalText("Notes", MAX_LENGTH.notes, { multiline: true }),
};

/**
 * When the package type is package, length, width and height are each above 0. A
 * dimension that is given is checked by its own field; this rule adds the missing ones, on an
 * empty form too.
 */
const dimensionsGiven: CrossFieldRule = (sent, context) => {
  if (sent.packageType !== "package") return;
  for (const key of ["length", "width", "height"] as const) {
    if (!isGiven(sent[key])) context.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: DIMENSION_ERROR });
  }
};

/** Same Day only within one city: said on the service field, with the other fields' messages. */
const sameDayWithinOneCity: CrossFieldRule = (sent, context) => {
  if (sent.serviceType !== "same_day") return;
  const text = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const fault = sameDayRouteFault({
    fromCity: text("senderCity"),
    fromCountry: text("senderCountry"),
    toCity: text("recipientCity"),
    toCountry: text("recipientCountry"),
  });
  if (fault) context.addIssue({ code: z.ZodIssueCode.custom, path: ["serviceType"], message: fault });
};

const createObject = z.object(fields);
const editObject = createObject.extend({
  version: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  // Cleared here if need be; when given, a real place (the row action's rule).
  currentLocation: placeName("Current location", MAX_LENGTH.location, LOCATION_REQUIRED).optional(),
  actualDelivery: z.string().trim().refine(isCalendarDate, DATE_ERROR).optional(),
});

export const ShipmentFormSchema = withCrossFieldRules(createObject, dimensionsGiven, sameDayWithinOneCity);
export const EditShipmentFormSchema = withCrossFieldRules(editObject, dimensionsGiven, sameDayWithinOneCity);

/** 'Calculate cost' (without JavaScript): price what was typed, check and save nothing. */
const QuoteRequest = z.object({ intent: z.literal("quote") });

/** The form as its two buttons send it: 'Calculate cost' (quote) and 'Save' (save). */
export const ShipmentFormActionSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [QuoteRequest, createObject.extend({ intent: z.literal("save") })]),
  forIntent("save", dimensionsGiven),
  forIntent("save", sameDayWithinOneCity),
);
export const EditShipmentFormActionSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [QuoteRequest, editObject.extend({ intent: z.literal("save") })]),
  forIntent("save", dimensionsGiven),
  forIntent("save", sameDayWithinOneCity),
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
  fragile: boolean;
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
    fragile: shipment.fragile ? "on" : undefined,
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
