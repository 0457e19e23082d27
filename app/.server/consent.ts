// The cookie-banner choice. SPEC.md keeps it in localStorage under "cookieConsent"; a cookie
// of the same name lets the server honour it without JavaScript.
export type Consent = "accepted" | "declined" | "closed";

const CONSENT_COOKIE = "cookieConsent";
const YEAR_SECONDS = 365 * 24 * 3600;

export function readConsent(request: Request): Consent | null {
  const header = request.headers.get("Cookie") ?? "";
  const match = /(?:^|;\s*)cookieConsent=(accepted|declined|closed)(?:;|$)/.exec(header);
  return (match?.[1] as Consent | undefined) ?? null;
}

export function parseConsent(value: FormDataEntryValue | null): Consent | null {
  return value === "accepted" || value === "declined" || value === "closed" ? value : null;
}

/** A choice lasts a year; closing the banner without choosing lasts until the browser closes. */
export function consentCookie(consent: Consent): string {
  const maxAge = consent === "closed" ? "" : `; Max-Age=${YEAR_SECONDS}`;
  return `${CONSENT_COOKIE}=${consent}; Path=/; Secure; SameSite=Lax${maxAge}`;
}
