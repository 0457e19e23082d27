// The operator settings form (/admin/settings): one zod schema for the server (the authority)
// and Conform in the browser. Conform turns empty fields into undefined, so "required"
// messages are zod's required_error; text is trimmed before it is checked.
import { z } from "zod";
import { EmailSchema } from "~/features/accounts/account-forms";
import { isPhone } from "~/domain/contact-details";
import { controlCharactersMessage, hasControlCharacters } from "~/domain/field-limits";
import { isTrackingPrefix } from "~/features/tracking/tracking-id";

export const SETTINGS_LIMITS = { companyName: 100, supportAddress: 300, supportPhone: 40, taxNumber: 40 } as const;

export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  unchanged: "Nothing changed: the settings are as they were",
  failed: "Failed to save settings",
  companyName: "Please enter the company name",
  companyNameLength: `The company name must be at most ${SETTINGS_LIMITS.companyName} characters`,
  trackingPrefix: "The tracking prefix must be exactly three letters (A-Z)",
  supportPhone: "Please enter a valid phone number",
  supportAddress: "Please enter the support address",
  supportAddressLength: `The support address must be at most ${SETTINGS_LIMITS.supportAddress} characters`,
  defaultCurrency: "Please choose a currency from the list",
  taxRate: "Please enter a tax rate from 0 to 100 (%), with at most two decimals",
  taxNumber: `The tax number must be at most ${SETTINGS_LIMITS.taxNumber} characters, on one line`,
} as const;

/** "7.5" (per cent) as basis points (750); null when it is not 0 to 100 with at most two decimals. */
export function taxRateToBasisPoints(input: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(input.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** Basis points as the per-cent figure the form shows: 750 is "7.5", 0 is "0". */
export function basisPointsToTaxRate(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * Required text with the settings' own messages, free of control characters as every other
 * field is (form-fields.ts): the company name goes into mail subjects and every page's title,
 * where a line break has no place. `multiline` lets line breaks and tabs through (the address).
 */
function requiredText(label: string, required: string, max: number, tooLong: string, { multiline = false } = {}) {
  return z
    .string({ required_error: required })
    .trim()
    .superRefine((value, ctx) => {
      const problem =
        value === ""
          ? required
          : value.length > max
            ? tooLong
            : hasControlCharacters(value, multiline)
              ? controlCharactersMessage(label, multiline)
              : null;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/** `isCurrency` says which codes the picker offers (the list lives server side, currencies.ts). */
export function settingsSchema(isCurrency: (code: string) => boolean) {
  return z.object({
    companyName: requiredText("Company name", SETTINGS_MESSAGES.companyName, SETTINGS_LIMITS.companyName, SETTINGS_MESSAGES.companyNameLength),
    trackingPrefix: z
      .string({ required_error: SETTINGS_MESSAGES.trackingPrefix })
      .trim()
      .max(10, SETTINGS_MESSAGES.trackingPrefix)
      .transform((value) => value.toUpperCase())
      .refine(isTrackingPrefix, SETTINGS_MESSAGES.trackingPrefix),
    supportEmail: EmailSchema,
    supportPhone: z
      .string({ required_error: SETTINGS_MESSAGES.supportPhone })
      .trim()
      .max(SETTINGS_LIMITS.supportPhone, SETTINGS_MESSAGES.supportPhone)
      // isPhone ignores spaces of every kind, a line break among them: refuse those first.
      .refine((value) => !hasControlCharacters(value), controlCharactersMessage("Support phone"))
      .refine(isPhone, SETTINGS_MESSAGES.supportPhone),
    supportAddress: requiredText("Support address", SETTINGS_MESSAGES.supportAddress, SETTINGS_LIMITS.supportAddress, SETTINGS_MESSAGES.supportAddressLength, {
      multiline: true,
    }),
    defaultCurrency: z
      .string({ required_error: SETTINGS_MESSAGES.defaultCurrency })
      .trim()
      .max(3, SETTINGS_MESSAGES.defaultCurrency)
      .refine(isCurrency, SETTINGS_MESSAGES.defaultCurrency),
    taxRate: z
      .string({ required_error: SETTINGS_MESSAGES.taxRate })
      .max(10, SETTINGS_MESSAGES.taxRate)
      .refine((value) => taxRateToBasisPoints(value) !== null, SETTINGS_MESSAGES.taxRate),
    // Optional: printed on invoices issued from then on.
    taxNumber: z
      .string()
      .trim()
      .max(SETTINGS_LIMITS.taxNumber, SETTINGS_MESSAGES.taxNumber)
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), SETTINGS_MESSAGES.taxNumber)
      .optional()
      .transform((value) => value ?? ""),
  });
}

export type SettingsInput = z.infer<ReturnType<typeof settingsSchema>>;

export const RATE_FORM_MESSAGES = {
  currency: "Please choose a currency from the list (not the US dollar)",
  rate: "Please enter how many units one US dollar buys: a number above 0 and at most 1,000,000",
} as const;

/** One exchange rate set from the settings page (units of `currency` per US dollar). */
export function rateFormSchema(isCurrency: (code: string) => boolean) {
  return z.object({
    intent: z.literal("set-rate"),
    currency: z
      .string({ required_error: RATE_FORM_MESSAGES.currency })
      .trim()
      .max(3, RATE_FORM_MESSAGES.currency)
      .refine((code) => code !== "USD" && isCurrency(code), RATE_FORM_MESSAGES.currency),
    rate: z
      .string({ required_error: RATE_FORM_MESSAGES.rate })
      .trim()
      .max(20, RATE_FORM_MESSAGES.rate)
      .refine((value) => /^\d{1,7}(\.\d{1,6})?$/.test(value) && Number(value) > 0 && Number(value) <= 1_000_000, RATE_FORM_MESSAGES.rate)
      .transform(Number),
  });
}
