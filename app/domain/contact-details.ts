// E-mail and phone rules shared by every form (SPEC.md section 5), and the one e-mail field
// every schema uses.
import { z } from "zod";
import { MAX_LENGTH, tooLongMessage } from "./field-limits";

export const INVALID_EMAIL = "Please enter a valid email address";

/**
 * SPEC.md's shape (non-space characters, an @, a domain with a dot), stricter: no markup (<, >),
 * no quotes, brackets, commas, semicolons, colons or backslashes, no control characters, and
 * a domain of letters, digits and hyphens.
 */
const LOCAL_PART = /^[^\s\p{Cc}@<>"'`()[\]\\,;:]+$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

export function isEmail(value: string): boolean {
  if (value.length > MAX_LENGTH.email) return false;
  const at = value.lastIndexOf("@");
  if (at <= 0) return false;
  const labels = value.slice(at + 1).split(".");
  return LOCAL_PART.test(value.slice(0, at)) && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label));
}

/** Trimmed and lower-cased, the form in which e-mail addresses are stored and compared. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * An e-mail field: `required` when empty, at most 254 characters, isEmail's shape; the value
 * comes out normalized. Every form's e-mail field is this one.
 */
export function emailAddress(required: string, { label = "Email" }: { label?: string } = {}) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(MAX_LENGTH.email, tooLongMessage(label, MAX_LENGTH.email))
    .transform(normalizeEmail)
    .refine(isEmail, INVALID_EMAIL);
}

/** After removing spaces, hyphens and brackets: an optional +, a first digit 1-9, up to 15 more digits. */
export function isPhone(value: string): boolean {
  return /^\+?[1-9]\d{0,15}$/.test(value.replace(/[\s\-()]/g, ""));
}
