// E-mail and phone rules shared by every form (SPEC.md section 5).

/** Non-space characters, an @, then a domain with a dot. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Trimmed and lower-cased, the form in which e-mail addresses are stored and compared. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** After removing spaces, hyphens and brackets: an optional +, a first digit 1-9, up to 15 more digits. */
export function isPhone(value: string): boolean {
  return /^\+?[1-9]\d{0,15}$/.test(value.replace(/[\s\-()]/g, ""));
}
