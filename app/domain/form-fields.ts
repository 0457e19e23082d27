// The zod fields every form schema is made of (docs/decisions/021): text bounded by
// field-limits.ts and free of control characters, places, numbers in range, the one e-mail
// field, the hidden redirectTo. Conform's constraints read their bounds for the inputs.
import { z } from "zod";
import { INVALID_EMAIL, isEmail, normalizeEmail } from "./contact-details";
import { controlCharactersMessage, hasCents, hasControlCharacters, MAX_LENGTH, tooLongMessage } from "./field-limits";

type TextOptions = { multiline?: boolean };

/**
 * Trimmed text that must be given (`required` is the message when it is not): at most `max`
 * characters, no control characters. Every fault is named at once.
 */
export function requiredText(label: string, max: number, required: string, { multiline = false }: TextOptions = {}) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(max, tooLongMessage(label, max))
    .refine((value) => !hasControlCharacters(value, multiline), controlCharactersMessage(label, multiline));
}

/** Trimmed text of at most `max` characters without control characters ("" passes). */
export function boundedText(label: string, max: number, { multiline = false }: TextOptions = {}) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine((value) => !hasControlCharacters(value, multiline), controlCharactersMessage(label, multiline));
}

/** Bounded text that may be left empty (a form sends nothing for it then). */
export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return boundedText(label, max, options).optional();
}

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The name of a place (where a parcel is, where it was delivered): required text with at least
 * one letter or digit, so that punctuation alone counts as nothing typed.
 */
export function placeName(label: string, max: number, required: string) {
  return requiredText(label, max, required).refine((value) => value === "" || HAS_LETTER_OR_DIGIT.test(value), required);
}

/**
 * The `redirectTo` field forms carry, where to go afterwards: one longer than MAX_LENGTH.redirectTo
 * counts as absent (a hidden field has no message to show); safeRedirect decides whether it is followed.
 */
export const RedirectToSchema = z.string().max(MAX_LENGTH.redirectTo).optional().catch(undefined);

type MeasureMessages = {
  /** Not a number, or not above 0 (not below 0 for a range from 0): 'Please enter a valid weight' and the like. */
  invalid: string;
  required?: string;
  /** Above 0 but below the range. */
  tooSmall?: string;
  tooLarge: string;
  /** More than two decimal places, for money. */
  cents?: string;
};

/** A number in `range`, with one message for each way it can be wrong. */
export function measure(range: { min: number; max: number }, { invalid, required = invalid, tooSmall = invalid, tooLarge, cents }: MeasureMessages) {
  return z.number({ required_error: required, invalid_type_error: invalid }).superRefine((value, ctx) => {
    const message =
      value < 0 || (range.min > 0 && value <= 0)
        ? invalid
        : value < range.min
          ? tooSmall
          : value > range.max
            ? tooLarge
            : cents && !hasCents(value)
              ? cents
              : null;
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  });
}

/**
 * An e-mail field: `required` when empty; past 254 characters or not isEmail's shape,
 * 'Please enter a valid email address'; the value comes out normalized. Every form's e-mail
 * field is this one.
 */
export function emailAddress(required: string) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(MAX_LENGTH.email, INVALID_EMAIL)
    .transform(normalizeEmail)
    .refine(isEmail, INVALID_EMAIL);
}
