// The cookie-banner choice. It is kept in localStorage under "cookieConsent" (the banner
// writes that from JavaScript); the server sets a cookie of the same name when the banner's form
// is posted, so the choice is honoured without JavaScript too.
import { createCookie } from "@remix-run/cloudflare";

export type Consent = "accepted" | "declined" | "closed";

const YEAR_SECONDS = 365 * 24 * 3600;

const consentCookie = createCookie("cookieConsent", { path: "/", secure: true, sameSite: "lax" });

export function parseConsent(value: unknown): Consent | null {
  return value === "accepted" || value === "declined" || value === "closed" ? value : null;
}

/** The choice the request's cookie holds; anything else (absent, undecodable, unknown) is none. */
export async function readConsent(request: Request): Promise<Consent | null> {
  return parseConsent(await consentCookie.parse(request.headers.get("Cookie")));
}

/** A choice lasts a year; closing the banner without choosing lasts until the browser closes. */
export function consentSetCookie(consent: Consent): Promise<string> {
  return consentCookie.serialize(consent, consent === "closed" ? {} : { maxAge: YEAR_SECONDS });
}
