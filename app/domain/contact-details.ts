// E-mail and phone rules shared by every form; the one e-mail field every
// schema uses is form-fields.ts's emailAddress.
import { MAX_LENGTH } from "./field-limits";

export const INVALID_EMAIL = "Please enter a valid email address";

/**
 * Non-space characters, an @ and a domain with a dot, and stricter: no markup (<, >),
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

/** After removing spaces, hyphens and brackets: an optional +, a first digit 1-9, up to 15 more digits. */
export function isPhone(value: string): boolean {
  return /^\+?[1-9]\d{0,15}$/.test(value.replace(/[\s\-()]/g, ""));
}
