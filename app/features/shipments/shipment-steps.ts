// The customer's four-step shipment form (sender, recipient, packages, review): the draft kept between
// steps, and the zod schemas that check each step on the server and, through Conform, in the
// browser. Browser-safe: the country and currency lists come in as arguments.
import { z } from "zod";
import { hasControlCharacters, MAX_LENGTH, MAX_PACKAGES, RANGE } from "~/domain/field-limits";
import { emailAddress, measure, optionalText, requiredText } from "~/domain/form-fields";
import { DELIVERY_OPTIONS, parseDeliveryOption, SERVICE_TYPES } from "./shipping-options";
import { localPhoneNumber } from "./phone-number";

export { fullPhoneNumber, localPhoneNumber } from "./phone-number";

export const STEPS = [
  { number: 1, title: "Sender" },
  { number: 2, title: "Recipient" },
  { number: 3, title: "Package" },
  { number: 4, title: "Review" },
] as const;

export type StepNumber = (typeof STEPS)[number]["number"];

export const CREATE_SHIPMENT_PAGE = "/dashboard/create-shipment";

/** The form's address at `step`; `check`: show that step's faults at once; `anchor`: a package. */
export function stepUrl(step: StepNumber, { check = false, anchor }: { check?: boolean; anchor?: string } = {}): string {
  return `${CREATE_SHIPMENT_PAGE}?step=${step}${check ? "&check=1" : ""}${anchor ? `#${anchor}` : ""}`;
}

export function parseStep(value: unknown): StepNumber | null {
  const step = Number(value);
  return step === 1 || step === 2 || step === 3 || step === 4 ? step : null;
}

/** Upper bounds on the customer's form (docs/decisions/021); the schemas hold the lower ones. */
export const LIMITS = {
  packages: MAX_PACKAGES,
  quantity: RANGE.quantity.max,
  weightKg: RANGE.packageWeightKg,
  dimensionCm: RANGE.packageDimensionCm,
  value: RANGE.money.max,
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
  fragile: boolean;
  currency: string;
  specialInstructions: string;
  referenceNumber: string;
};

type TextKey = { [K in keyof ShipmentDraft]: ShipmentDraft[K] extends string ? K : never }[keyof ShipmentDraft];
type FlagKey = "insurance" | "signatureRequired" | "fragile";

export const PARTY_FIELDS = ["Name", "Email", "Phone", "Address", "City", "State", "Country", "PostalCode"] as const;

const STEP_FIELDS: Record<StepNumber, { text: TextKey[]; flags: FlagKey[]; packages: boolean }> = {
  1: { text: PARTY_FIELDS.map((field) => `sender${field}` as const), flags: [], packages: false },
  2: { text: PARTY_FIELDS.map((field) => `recipient${field}` as const), flags: [], packages: false },
  // The currency is chosen with the packages: their declared values are typed in it.
  3: { text: ["currency", "serviceType", "deliveryOption"], flags: ["insurance", "signatureRequired", "fragile"], packages: true },
  4: { text: ["specialInstructions", "referenceNumber"], flags: [], packages: false },
};

export const EMPTY_PACKAGE: PackageDraft = { description: "", weight: "", length: "", width: "", height: "", value: "", quantity: "1" };

/** A new draft: sender name and e-mail from the account; express, standard delivery and the settings' currency for the rest. */
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
    fragile: false,
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
    // All of them, so that too many are refused (draftBoundsFaults), never silently cut.
    const packages = Array.isArray(payload.packages) ? Array.from(payload.packages, packageDraft) : [];
    values.packages = packages.length > 0 ? packages : [{ ...EMPTY_PACKAGE }];
  }
  return values as Partial<ShipmentDraft>;
}

/** How long each field of a draft may be as typed: its form field's limit; numbers as MAX_LENGTH.number. */
const DRAFT_TEXT_MAX: Record<TextKey, number> = {
  ...partyMax("sender"),
  ...partyMax("recipient"),
  serviceType: MAX_LENGTH.code,
  deliveryOption: MAX_LENGTH.code,
  currency: MAX_LENGTH.code,
  specialInstructions: MAX_LENGTH.specialInstructions,
  referenceNumber: MAX_LENGTH.referenceNumber,
};

function partyMax<P extends "sender" | "recipient">(prefix: P) {
  const max = {
    Name: MAX_LENGTH.name,
    Email: MAX_LENGTH.email,
    Phone: MAX_LENGTH.phone,
    Address: MAX_LENGTH.address,
    City: MAX_LENGTH.city,
    State: MAX_LENGTH.state,
    Country: MAX_LENGTH.code,
    PostalCode: MAX_LENGTH.postalCode,
  };
  return Object.fromEntries(Object.entries(max).map(([field, limit]) => [`${prefix}${field}`, limit])) as Record<`${P}${keyof typeof max}`, number>;
}

const PACKAGE_TEXT_MAX: Record<keyof PackageDraft, number> = {
  description: MAX_LENGTH.packageDescription,
  weight: MAX_LENGTH.number,
  length: MAX_LENGTH.number,
  width: MAX_LENGTH.number,
  height: MAX_LENGTH.number,
  value: MAX_LENGTH.number,
  quantity: MAX_LENGTH.number,
};

const MULTI_LINE: ReadonlySet<string> = new Set(["specialInstructions"]);

/** The most a stored draft may take (UTF-8 JSON); bounded fields stay far below it (about 32 KB at worst). */
export const DRAFT_MAX_BYTES = 64 * 1024;

export const TOO_MANY_PACKAGES = `A shipment can hold at most ${MAX_PACKAGES} packages`;

/** Messages by field name ("packages[0].weight"), as a form shows them. */
export type FieldErrors = Record<string, string[]>;

function textFault(value: string, max: number, multiline: boolean): string | null {
  if (value.trim().length > max) return `Must be at most ${max} characters`;
  if (hasControlCharacters(value, multiline)) return multiline ? "Must not contain control characters" : "Must be one line, without tabs or control characters";
  return null;
}

/**
 * What keeps a step's values out of the draft altogether: text longer than its field allows,
 * control characters, more packages than a shipment holds. A value that is only missing or
 * wrong (an empty name, a weight of 0) is kept as typed, so nothing typed is lost; these are
 * never stored. Null when the values are within bounds.
 */
export function draftBoundsFaults(values: Partial<ShipmentDraft>): FieldErrors | null {
  const faults: FieldErrors = {};
  for (const [key, max] of Object.entries(DRAFT_TEXT_MAX)) {
    const value = values[key as TextKey];
    const fault = typeof value === "string" ? textFault(value, max, MULTI_LINE.has(key)) : null;
    if (fault) faults[key] = [fault];
  }
  if (values.packages && values.packages.length > MAX_PACKAGES) faults.packages = [TOO_MANY_PACKAGES];
  values.packages?.slice(0, MAX_PACKAGES).forEach((item, index) => {
    for (const [key, max] of Object.entries(PACKAGE_TEXT_MAX)) {
      const fault = textFault(item[key as keyof PackageDraft], max, false);
      if (fault) faults[`packages[${index}].${key}`] = [fault];
    }
  });
  return Object.keys(faults).length > 0 ? faults : null;
}

/** The bytes `draft` takes when stored. */
export function draftSize(draft: ShipmentDraft): number {
  return new TextEncoder().encode(JSON.stringify(draft)).byteLength;
}

/**
 * Step values as a draft keeps them: phone numbers keep only digits, spaces and hyphens,
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
    draft.packages = stored.packages.slice(0, MAX_PACKAGES).map(packageDraft);
  }
  // A value stored before drafts were bounded, and out of bounds, falls back too.
  const faults = draftBoundsFaults(draft);
  if (faults) {
    for (const key of Object.keys(faults)) {
      const item = /^packages\[(\d+)\]\.(\w+)$/.exec(key);
      if (item) draft.packages[Number(item[1])]![item[2] as keyof PackageDraft] = "";
      else if (key in fallback) (draft as Record<string, unknown>)[key] = fallback[key as TextKey];
    }
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

/** A number in `range`, or 0: what cannot be a package's weight or value counts as nothing yet. */
function amount(value: string | number, range: { min: number; max: number }): number {
  const number = typeof value === "number" ? value : value.trim() === "" ? 0 : Number(value);
  return number >= range.min && number <= range.max ? number : 0;
}

const DECLARED_VALUE = { min: 0.01, max: RANGE.money.max };

type Countable = { weight: string | number; value: string | number; quantity: string | number };

/** A quantity: a whole number, and 1 when it is not a number. */
export function parseQuantity(value: unknown): number {
  const quantity = Number.parseInt(String(value ?? ""), 10);
  return Number.isNaN(quantity) ? 1 : quantity;
}

/**
 * Totals over the packages, each counted `quantity` times: weight in kg and declared value in
 * major units. Unreadable or out-of-range numbers count as 0, so a draft can be totalled while
 * it is typed and never adds up to an absurd estimate.
 */
export function packageTotals(packages: readonly Countable[]): { weightKg: number; declaredValueMajor: number; items: number } {
  let weightKg = 0;
  let declaredValueMajor = 0;
  let items = 0;
  for (const item of packages) {
    const quantity = Math.min(RANGE.quantity.max, Math.max(0, parseQuantity(item.quantity)));
    weightKg += amount(item.weight, RANGE.packageWeightKg) * quantity;
    declaredValueMajor += amount(item.value, DECLARED_VALUE) * quantity;
    items += quantity;
  }
  // Sums of decimals drift (0.1 + 0.2); grams and hundredths are precise enough.
  return { weightKg: Math.round(weightKg * 1000) / 1000, declaredValueMajor: Math.round(declaredValueMajor * 100) / 100, items };
}

export type CountryOption = { code: string; name: string; phoneCode: string };
export type CurrencyOption = { code: string; name: string; symbol: string };
export type FormReference = { countries: readonly CountryOption[]; currencies: readonly CurrencyOption[] };

/** A local number: the dialling code goes in front, so 4 to 14 digits are left for it. */
function isPhoneDigits(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return digits >= LIMITS.phoneDigits.min && digits <= LIMITS.phoneDigits.max;
}

function partyShape(label: "Sender" | "Recipient", countryCodes: ReadonlySet<string>) {
  const required = (field: string, max: number) => requiredText(`${label} ${field}`, max, `${label} ${field} is required`);
  return {
    Name: required("name", MAX_LENGTH.name),
    Email: emailAddress(`${label} email is required`),
    Phone: required("phone", MAX_LENGTH.phone).refine((value) => value === "" || isPhoneDigits(value), "Please enter a valid phone number"),
    Address: required("address", MAX_LENGTH.address),
    City: required("city", MAX_LENGTH.city),
    State: optionalText("State or province", MAX_LENGTH.state),
    Country: z
      .string({ required_error: `${label} country is required` })
      .max(MAX_LENGTH.code, "Please choose a country from the list")
      .refine((code) => countryCodes.has(code), "Please choose a country from the list"),
    PostalCode: required("postal code", MAX_LENGTH.postalCode),
  };
}

type PartyShape = ReturnType<typeof partyShape>;
type Prefixed<P extends string> = { [K in keyof PartyShape as `${P}${K}`]: PartyShape[K] };

function prefixed<P extends "sender" | "recipient">(prefix: P, shape: PartyShape): Prefixed<P> {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [`${prefix}${key}`, schema])) as Prefixed<P>;
}

function packageMeasure(field: "weight" | "length" | "width" | "height" | "value", range: { min: number; max: number }, bounds: { tooSmall: string; tooLarge: string; cents?: string }) {
  const message = `Valid ${field} is required`;
  return measure(range, { invalid: message, ...bounds });
}

const { packageWeightKg: WEIGHT, packageDimensionCm: DIMENSION } = RANGE;
const side = (field: "length" | "width" | "height", label: string) =>
  packageMeasure(field, DIMENSION, { tooSmall: `${label} must be at least ${DIMENSION.min} cm`, tooLarge: `${label} must be at most ${DIMENSION.max} cm` });

export const PackageSchema = z.object({
  description: requiredText("Description", MAX_LENGTH.packageDescription, "Description is required"),
  weight: packageMeasure("weight", WEIGHT, {
    tooSmall: `Each package must weigh at least ${WEIGHT.min} kg`,
    tooLarge: `Each package can weigh at most ${WEIGHT.max} kg`,
  }),
  length: side("length", "Length"),
  width: side("width", "Width"),
  height: side("height", "Height"),
  // Above 0, so at least a cent.
  value: packageMeasure("value", DECLARED_VALUE, {
    tooSmall: "Declared value must be at least 0.01",
    tooLarge: "Declared value must be at most 1,000,000",
    cents: "Declared value can have at most 2 decimal places",
  }),
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
  fragile: z.boolean().default(false),
};

const reviewShape = {
  specialInstructions: optionalText("Special instructions", MAX_LENGTH.specialInstructions, { multiline: true }),
  referenceNumber: optionalText("Reference number", MAX_LENGTH.referenceNumber),
};

/** One schema per step, and `all` for the final check before the shipment is created. */
export function shipmentSchemas(reference: FormReference) {
  const countryCodes = new Set(reference.countries.map((country) => country.code));
  const currencyCodes = new Set(reference.currencies.map((currency) => currency.code));
  const sender = prefixed("sender", partyShape("Sender", countryCodes));
  const recipient = prefixed("recipient", partyShape("Recipient", countryCodes));
  // The currency is chosen with the packages, whose declared values are typed in it.
  const packageStep = {
    currency: z
      .string({ required_error: "Please choose a currency" })
      .max(MAX_LENGTH.code, "Please choose a currency")
      .refine((code) => currencyCodes.has(code), "Please choose a currency"),
    ...packageStepShape,
  };
  return {
    1: z.object(sender),
    2: z.object(recipient),
    3: z.object(packageStep),
    4: z.object(reviewShape),
    all: z.object({ ...sender, ...recipient, ...packageStep, ...reviewShape }),
  };
}

export type ShipmentSchemas = ReturnType<typeof shipmentSchemas>;
export type ShipmentFormValues = z.output<ShipmentSchemas["all"]>;
