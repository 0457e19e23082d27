// The bounds on every value a form can send (docs/decisions/021-bounded-and-strict-values.md):
// how long each text may be and which characters it may hold, the range of each number, the
// years a date may fall in. The zod fields of form-fields.ts are built from them, and the inputs
// read the same numbers (through Conform's constraints, or here directly) for maxLength, min and
// max. No zod here: public pages' components import this module.

/** The most characters each kind of text may have, after trimming. */
export const MAX_LENGTH = {
  name: 100,
  company: 120,
  email: 254,
  /** As typed, with spaces, hyphens and brackets. */
  phone: 32,
  address: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  /** One of the customer's packages. */
  packageDescription: 200,
  /** The admin form's description of contents. */
  description: 500,
  specialInstructions: 500,
  notes: 1000,
  referenceNumber: 50,
  customDeliveryDays: 40,
  location: 120,
  /** The place a parcel delivered elsewhere was taken to (free text; not the shipment's destination city). */
  customDestination: 200,
  password: 128,
  /** A password-reset token. */
  token: 128,
  /** The contact form's subject and message, and an admin's reply to one. */
  subject: 150,
  message: 5000,
  /** One message of the support chat. */
  chatMessage: 2000,
  /** A path to go back to (safe-redirect checks where it points). */
  redirectTo: 512,
  /** A code picked from a list: a country, a currency, a status, an option. */
  code: 32,
  /** A number kept as typed (the customer's draft keeps fields as typed). */
  number: 32,
} as const;

/** The range of each number, in the unit its input names. */
export const RANGE = {
  /** One of the customer's packages: 70 lbs (32 kg), as the FAQ and the shipping terms say (packageWeightLimitText). */
  packageWeightKg: { min: 0.01, max: 32 },
  /** The admin form's one weight, for freight (pallets) too. */
  shipmentWeightKg: { min: 0.01, max: 1000 },
  /** One of the customer's packages: the longest side, 48 in (122 cm) (packageSideLimitText). */
  packageDimensionCm: { min: 0.1, max: 122 },
  shipmentDimensionCm: { min: 0.1, max: 300 },
  /** A declared value or a price in major units (declared values of the customer's packages are above 0). */
  money: { min: 0, max: 1_000_000 },
  quantity: { min: 1, max: 99 },
  /** A whole number of custom delivery days. */
  customDeliveryDays: { min: 1, max: 365 },
} as const;

export const KG_PER_LB = 0.45359237;
const CM_PER_INCH = 2.54;

const ENGLISH = "en-US";

/** `value` in `unit` as `locale` writes it ("70 lb", "48 pulgadas"). */
function unitText(value: number, unit: string, locale: string, unitDisplay: "short" | "long" = "short"): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay }).format(value);
}

/** "70 lbs (32 kg)": the heaviest package the customer's form takes (pounds rounded down); "70 lb (32 kg)" in other locales. */
export function packageWeightLimitText(locale = ENGLISH): string {
  const kg = RANGE.packageWeightKg.max;
  const pounds = Math.floor(kg / KG_PER_LB);
  if (locale === ENGLISH) return `${pounds} lbs (${kg} kg)`;
  return `${unitText(pounds, "pound", locale)} (${unitText(kg, "kilogram", locale)})`;
}

/** "48 inches (122 cm)": the longest side a package in the customer's form may have (inches rounded down); "48 pouces (122 cm)" in French. */
export function packageSideLimitText(locale = ENGLISH): string {
  const cm = RANGE.packageDimensionCm.max;
  const inches = Math.floor(cm / CM_PER_INCH);
  if (locale === ENGLISH) return `${inches} inches (${cm} cm)`;
  return `${unitText(inches, "inch", locale, "long")} (${unitText(cm, "centimeter", locale)})`;
}

/** The customer's form holds at most this many packages. */
export const MAX_PACKAGES = 20;

/** Dates typed in a form or an address fall in these years. */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max.toLocaleString("en-US")} characters`;
}

export function controlCharactersMessage(label: string, multiline = false): string {
  return multiline ? `${label} must not contain control characters` : `${label} must be one line, without tabs or control characters`;
}

// Unicode's control characters: C0 (NUL, tab, line breaks, escape ...), DEL and C1.
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** Whether `value` holds a control character; in multi-line text tabs and line breaks are fine. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINES : ANY_CONTROL).test(value);
}

/** At most two decimal places (cents), so a typed amount turns into minor units unchanged. */
export function hasCents(value: number): boolean {
  return Math.round(value * 100) / 100 === value;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date (YYYY-MM-DD) within DATE_YEARS: 2024-02-30 and 9999-99-99 are not. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
