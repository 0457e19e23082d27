// Device cookies (OWASP, "Slow Brute Force Attacks: Device Cookies"): after a successful
// sign-in the browser gets a signed, long-lived cookie naming the account (the SHA-256 of its
// e-mail address) with a random nonce. A sign-in from a browser whose cookie names the account
// is counted against that device alone, so failures from elsewhere never keep the owner out
// (sign-in-throttle.ts). One browser remembers up to five accounts.
import { createCookie } from "@remix-run/cloudflare";
import { normalizeEmail } from "~/domain/contact-details";
import { hashToken, randomToken } from "./session.server";

export const DEVICE_COOKIE = "__Host-device";
const DEVICE_LIFETIME_MS = 365 * 86_400_000;
const MAX_ACCOUNTS = 5;

/** One account this browser signed in to: whose, the device's nonce for it, and when. */
export type DeviceEntry = { account: string; nonce: string; issuedAt: number };

// Signed with SESSION_SECRET: a cookie the browser did not get from us names no account.
function deviceCookie(env: Pick<Env, "SESSION_SECRET">) {
  return createCookie(DEVICE_COOKIE, {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    secrets: [env.SESSION_SECRET],
    maxAge: DEVICE_LIFETIME_MS / 1000,
  });
}

function isEntry(value: unknown): value is DeviceEntry {
  if (typeof value !== "object" || value === null) return false;
  const { account, nonce, issuedAt } = value as Record<string, unknown>;
  return typeof account === "string" && typeof nonce === "string" && typeof issuedAt === "number";
}

/** The accounts the request's device cookie names; none when it is absent, unsigned, garbled or old. */
export async function readDevices(env: Pick<Env, "SESSION_SECRET">, cookieHeader: string | null, now = Date.now()): Promise<DeviceEntry[]> {
  let value: unknown;
  try {
    value = await deviceCookie(env).parse(cookieHeader);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isEntry).filter((entry) => now - entry.issuedAt < DEVICE_LIFETIME_MS).slice(0, MAX_ACCOUNTS);
}

function accountTag(email: string): Promise<string> {
  return hashToken(normalizeEmail(email));
}

/** This device's entry for the account that uses `email`, if it has signed in to it before. */
export async function deviceEntryFor(devices: readonly DeviceEntry[], email: string): Promise<DeviceEntry | null> {
  const account = await accountTag(email);
  return devices.find((entry) => entry.account === account) ?? null;
}

/** The Set-Cookie value that adds the account to the device (a new nonce), newest first. */
export async function rememberDevice(
  env: Pick<Env, "SESSION_SECRET">,
  devices: readonly DeviceEntry[],
  email: string,
  now = Date.now(),
): Promise<string> {
  const account = await accountTag(email);
  const entries = [{ account, nonce: randomToken(), issuedAt: now }, ...devices.filter((entry) => entry.account !== account)];
  return deviceCookie(env).serialize(entries.slice(0, MAX_ACCOUNTS));
}
