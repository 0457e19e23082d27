// The customer's four-step shipment form (SPEC.md sections 3 and 5): the draft kept between
// steps, and the zod schemas that check each step on the server and, through Conform, in the
// browser. Browser-safe: the country and currency lists come in as arguments.
import { z } from "zod";
import { isEmail, normalizeEmail } from "./contact-details";
import { DELIVERY_OPTIONS, parseDeliveryOption, SERVICE_TYPES } from "./shipping-options";

export const STEPS = [
  { number: 1, title: "Sender" },
  { number: 2, title: "Recipient" },
  { number: 3, title: "Package" },
  { number: 4, title: "Review" },
] as const;

export type StepNumber = (typeof STEPS)[number]["number"];

export function parseStep(value: unknown): StepNumber | null {
  const step = Number(value);
  return step === 1 || step === 2 || step === 3 || step === 4 ? step : null;
}

/** Upper bounds (docs/decisions/021-customer-form-limits.md); SPEC.md sets only the lower ones. */
export const LIMITS = {
  packages: 20,
  quantity: 99,
  weightKg: 32,
  dimensionCm: 122,
  value: 1_000_000,
  phoneDigits: { min: 4, max: 14 },
} as const;

export type PackageDraft = {
  description: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  value: string;
  quantity: string;
};

/** What the customer has typed so far, as typed: a draft may be incomplete or invalid. */
export type ShipmentDraft = {
  senderName: string;
  senderEmail: string;
  senderPhone: string;
  senderAddress: string;
  senderCity: string;
  senderState: string;
  senderCountry: string;
  senderPostalCode: string;
  recipientName: string;
  recipientEmail: string;
  recipientPhone: string;
  recipientAddress: string;
  recipientCity: string;
  recipientState: string;
  recipientCountry: string;
  recipientPostalCode: string;
  packages: PackageDraft[];
  serviceType: string;
  deliveryOption: string;
  insurance: boolean;
  signatureRequired: boolean;
  currency: string;
  specialInstructions: string;
  referenceNumber: string;
};

type TextKey = { [K in keyof ShipmentDraft]: ShipmentDraft[K] extends string ? K : never }[keyof ShipmentDraft];
type FlagKey = "insurance" | "signatureRequired";

export const PARTY_FIELDS = ["Name", "Email", "Phone", "Address", "City", "State", "Country", "PostalCode"] as const;

const STEP_FIELDS: Record<StepNumber, { text: TextKey[]; flags: FlagKey[]; packages: boolean }> = {
  1: { text: PARTY_FIELDS.map((field) => `sender${field}` as const), flags: [], packages: false },
  2: { text: PARTY_FIELDS.map((field) => `recipient${field}` as const), flags: [], packages: false },
  3: { text: ["serviceType", "deliveryOption"], flags: ["insurance", "signatureRequired"], packages: true },
  4: { text: ["currency", "specialInstructions", "referenceNumber"], flags: [], packages: false },
};

export const EMPTY_PACKAGE: PackageDraft = { description: "", weight: "", length: "", width: "", height: "", value: "", quantity: "1" };

/** A new draft: sender name and e-mail from the account, SPEC.md's defaults for the rest. */
export function newDraft({ name, email, currency }: { name: string; email: string; currency: string }): ShipmentDraft {
  return {
    senderName: name,
    senderEmail: email,
    senderPhone: "",
    senderAddress: "",
    senderCity: "",
    senderState: "",
    senderCountry: "",
    senderPostalCode: "",
    recipientName: "",
    recipientEmail: "",
    recipientPhone: "",
    recipientAddress: "",
    recipientCity: "",
    recipientState: "",
    recipientCountry: "",
    recipientPostalCode: "",
    packages: [{ ...EMPTY_PACKAGE }],
    serviceType: "express",
    deliveryOption: "standard",
    insurance: false,
    signatureRequired: false,
    currency,
    specialInstructions: "",
    referenceNumber: "",
  };
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const flag = (value: unknown): boolean => value === true || value === "on";

function packageDraft(value: unknown): PackageDraft {
  const item = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  return {
    description: text(item.description),
    weight: text(item.weight),
    length: text(item.length),
    width: text(item.width),
    height: text(item.height),
    value: text(item.value),
    quantity: text(item.quantity),
  };
}

/**
 * The fields of one step out of a parsed form (Conform's payload), every one of them present,
 * so that saving a step also clears what was emptied or unticked. Unknown keys are dropped;
 * the text is kept as typed.
 */
export function stepValues(step: StepNumber, payload: Record<string, unknown>): Partial<ShipmentDraft> {
  const fields = STEP_FIELDS[step];
  const values: Partial<Record<keyof ShipmentDraft, unknown>> = {};
  for (const key of fields.text) values[key] = text(payload[key]);
  for (const key of fields.flags) values[key] = flag(payload[key]);
  if (fields.packages) {
    const packages = Array.isArray(payload.packages) ? payload.packages.map(packageDraft) : [];
    values.packages = packages.length > 0 ? packages.slice(0, LIMITS.packages) : [{ ...EMPTY_PACKAGE }];
  }
  return values as Partial<ShipmentDraft>;
}

/**
 * Step values as a draft keeps them: phone numbers keep only what SPEC.md lets them keep,
 * without the country's dialling code.
 */
export function withLocalPhoneNumbers(
  values: Partial<ShipmentDraft>,
  phoneCodeOf: (countryCode: string) => string | undefined = () => undefined,
): Partial<ShipmentDraft> {
  const local = { ...values };
  for (const prefix of ["sender", "recipient"] as const) {
    const phone = local[`${prefix}Phone`];
    if (typeof phone === "string") local[`${prefix}Phone`] = localPhoneNumber(phone, phoneCodeOf(local[`${prefix}Country`] ?? ""));
  }
  return local;
}

/** A step can be opened once the steps before it have passed (`reached` is the furthest). */
export function isStepOpen(step: StepNumber | null, reached: StepNumber): step is StepNumber {
  return step !== null && step <= reached;
}

/** A stored draft read back over `fallback`; anything malformed falls back field by field. */
export function parseStoredDraft(json: string, fallback: ShipmentDraft): ShipmentDraft {
  let stored: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    stored = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    stored = {};
  }
  const draft: ShipmentDraft = { ...fallback };
  for (const step of [1, 2, 3, 4] as const) {
    const { text: textKeys, flags } = STEP_FIELDS[step];
    for (const key of textKeys) if (typeof stored[key] === "string") draft[key] = stored[key];
    for (const key of flags) if (typeof stored[key] === "boolean") draft[key] = stored[key];
  }
  if (Array.isArray(stored.packages) && stored.packages.length > 0) {
    draft.packages = stored.packages.slice(0, LIMITS.packages).map(packageDraft);
  }
  return draft;
}

/** The draft as the form would post it, so a stored draft is checked by the same schemas. */
export function draftFormData(draft: ShipmentDraft): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(draft)) {
    if (key === "packages") continue;
    if (typeof value === "boolean") {
      if (value) form.set(key, "on");
    } else {
      form.set(key, String(value));
    }
  }
  draft.packages.forEach((item, index) => {
    for (const [key, value] of Object.entries(item)) form.set(`packages[${index}].${key}`, value);
  });
  return form;
}

function amount(value: string | number): number {
  const number = typeof value === "number" ? value : value.trim() === "" ? 0 : Number(value);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

type Countable = { weight: string | number; value: string | number; quantity: string | number };

/** A quantity as SPEC.md reads it: a whole number, and 1 when it is not a number. */
export function parseQuantity(value: unknown): number {
  const quantity = Number.parseInt(String(value ?? ""), 10);
  return Number.isNaN(quantity) ? 1 : quantity;
}

/**
 * Totals over the packages, each counted `quantity` times: weight in kg and declared value in
 * major units. Unreadable numbers count as 0, so a draft can be totalled while it is typed.
 */
export function packageTotals(packages: readonly Countable[]): { weightKg: number; value: number; items: number } {
  let weightKg = 0;
  let value = 0;
  let items = 0;
  for (const item of packages) {
    const quantity = Math.max(0, parseQuantity(item.quantity));
    weightKg += amount(item.weight) * quantity;
    value += amount(item.value) * quantity;
    items += quantity;
  }
  // Sums of decimals drift (0.1 + 0.2); grams and hundredths are precise enough.
  return { weightKg: Math.round(weightKg * 1000) / 1000, value: Math.round(value * 100) / 100, items };
}

/**
 * SPEC.md: the phone input keeps only digits, spaces and hyphens, and the country's dialling
 * code goes in front. A code typed in front anyway ("+49 30 ...") is not doubled.
 */
export function localPhoneNumber(raw: string, phoneCode: string | undefined): string {
  let value = raw.trim();
  if (phoneCode && value.startsWith(phoneCode)) value = value.slice(phoneCode.length);
  return value
    .replace(/[^\d\s-]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function fullPhoneNumber(raw: string, phoneCode: string | undefined): string {
  const local = localPhoneNumber(raw, phoneCode);
  return phoneCode ? `${phoneCode} ${local}` : local;
}

export type CountryOption = { code: string; name: string; phoneCode: string };
export type CurrencyOption = { code: string; name: string; symbol: string };
export type FormReference = { countries: readonly CountryOption[]; currencies: readonly CurrencyOption[] };

/** A local number: the dialling code goes in front, so 4 to 14 digits are left for it. */
function isPhoneDigits(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return digits >= LIMITS.phoneDigits.min && digits <= LIMITS.phoneDigits.max;
}

function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ required_error: message }).trim().min(1, message).max(max, tooLong);
}

function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).optional();
}

function partyShape(label: "Sender" | "Recipient", countryCodes: ReadonlySet<string>) {
  return {
    Name: requiredText(`${label} name is required`, 100, `${label} name must be at most 100 characters`),
    Email: z
      .string({ required_error: `${label} email is required` })
      .trim()
      .min(1, `${label} email is required`)
      .transform(normalizeEmail)
      .refine(isEmail, "Please enter a valid email address"),
    Phone: z
      .string({ required_error: `${label} phone is required` })
      .trim()
      .min(1, `${label} phone is required`)
      .pipe(z.string().refine(isPhoneDigits, "Please enter a valid phone number")),
    Address: requiredText(`${label} address is required`, 200, `${label} address must be at most 200 characters`),
    City: requiredText(`${label} city is required`, 100, `${label} city must be at most 100 characters`),
    State: optionalText(100, "State or province must be at most 100 characters"),
    Country: z
      .string({ required_error: `${label} country is required` })
      .refine((code) => countryCodes.has(code), "Please choose a country from the list"),
    PostalCode: requiredText(`${label} postal code is required`, 20, `${label} postal code must be at most 20 characters`),
  };
}

type PartyShape = ReturnType<typeof partyShape>;
type Prefixed<P extends string> = { [K in keyof PartyShape as `${P}${K}`]: PartyShape[K] };

function prefixed<P extends "sender" | "recipient">(prefix: P, shape: PartyShape): Prefixed<P> {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [`${prefix}${key}`, schema])) as Prefixed<P>;
}

function measure(field: string, max: number, tooLarge: string) {
  const message = `Valid ${field} is required`;
  return z.number({ required_error: message, invalid_type_error: message }).gt(0, message).max(max, tooLarge);
}

export const PackageSchema = z.object({
  description: requiredText("Description is required", 200, "Description must be at most 200 characters"),
  weight: measure("weight", LIMITS.weightKg, `Each package can weigh at most ${LIMITS.weightKg} kg`),
  length: measure("length", LIMITS.dimensionCm, `Length must be at most ${LIMITS.dimensionCm} cm`),
  width: measure("width", LIMITS.dimensionCm, `Width must be at most ${LIMITS.dimensionCm} cm`),
  height: measure("height", LIMITS.dimensionCm, `Height must be at most ${LIMITS.dimensionCm} cm`),
  value: measure("value", LIMITS.value, "Declared value must be at most 1,000,000"),
  quantity: z.preprocess(
    parseQuantity,
    z.number().int().min(1, "Quantity must be at least 1").max(LIMITS.quantity, `Quantity must be at most ${LIMITS.quantity}`),
  ),
});

const packageStepShape = {
  packages: z
    .array(PackageSchema, { required_error: "At least one package is required" })
    .min(1, "At least one package is required")
    .max(LIMITS.packages, `A shipment can hold at most ${LIMITS.packages} packages`),
  serviceType: z.enum(SERVICE_TYPES, { errorMap: () => ({ message: "Please choose a service" }) }),
  deliveryOption: z.preprocess(
    (value) => (typeof value === "string" ? (parseDeliveryOption(value) ?? value) : value),
    z.enum(DELIVERY_OPTIONS, { errorMap: () => ({ message: "Please choose a delivery option" }) }),
  ),
  insurance: z.boolean().default(false),
  signatureRequired: z.boolean().default(false),
};

function reviewShape(currencyCodes: ReadonlySet<string>) {
  return {
    currency: z
      .string({ required_error: "Please choose a currency" })
      .refine((code) => currencyCodes.has(code), "Please choose a currency"),
    specialInstructions: optionalText(500, "Special instructions must be at most 500 characters"),
    referenceNumber: optionalText(50, "Reference number must be at most 50 characters"),
  };
}

/** One schema per step, and `all` for the final check before the shipment is created. */
export function shipmentSchemas(reference: FormReference) {
  const countryCodes = new Set(reference.countries.map((country) => country.code));
  const currencyCodes = new Set(reference.currencies.map((currency) => currency.code));
  const sender = prefixed("sender", partyShape("Sender", countryCodes));
  const recipient = prefixed("recipient", partyShape("Recipient", countryCodes));
  const review = reviewShape(currencyCodes);
  return {
    1: z.object(sender),
    2: z.object(recipient),
    3: z.object(packageStepShape),
    4: z.object(review),
    all: z.object({ ...sender, ...recipient, ...packageStepShape, ...review }),
  };
}

export type ShipmentSchemas = ReturnType<typeof shipmentSchemas>;
export type ShipmentFormValues = z.output<ShipmentSchemas["all"]>;
