// Tracking IDs: a three-letter carrier prefix, the last 6 digits of the epoch milliseconds,
// then 6 random characters from A-Z and 0-9, e.g. SHP482913K7Q2ZD.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
// The largest multiple of 36 below 256: bytes at or above it are drawn again so that
// every character is equally likely.
const UNBIASED_LIMIT = 252;

export const TRACKING_ID_PATTERN = /^[A-Z]{3}\d{6}[A-Z0-9]{6}$/;

export function isTrackingPrefix(prefix: string): boolean {
  return /^[A-Z]{3}$/.test(prefix);
}

export function generateTrackingId(
  prefix: string,
  now: number = Date.now(),
  randomBytes: (length: number) => Uint8Array = (length) =>
    crypto.getRandomValues(new Uint8Array(length)),
): string {
  if (!isTrackingPrefix(prefix)) throw new Error(`Tracking prefix must be three letters A-Z, got "${prefix}"`);
  const digits = String(Math.trunc(now)).padStart(6, "0").slice(-6);
  let suffix = "";
  while (suffix.length < 6) {
    for (const byte of randomBytes(6 - suffix.length)) {
      if (byte < UNBIASED_LIMIT && suffix.length < 6) suffix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return prefix + digits + suffix;
}

/** What a person typed, as a tracking ID: surrounding spaces dropped, upper case. */
export function normalizeTrackingId(input: string): string {
  return input.trim().toUpperCase();
}

/** How many tracking IDs one search may hold. */
export const MAX_TRACKING_IDS = 10;
/** Longer than any tracking ID (ours have 15 characters): such a word is refused, not looked up. */
export const MAX_TRACKING_ID_LENGTH = 40;
/** Room for MAX_TRACKING_IDS of the longest IDs and their separators: read no further into a box or an address. */
const MAX_SEARCH_LENGTH = 1_000;

export type TrackingSearch =
  | { ok: true; trackingIds: string[] }
  | { ok: false; message: string };

/**
 * The tracking IDs typed into the search box, separated by commas, spaces or new lines: each
 * normalised, each once, in the order typed; at most MAX_TRACKING_IDS.
 */
export function parseTrackingSearch(input: string): TrackingSearch {
  const tooMany = { ok: false as const, message: `Enter up to ${MAX_TRACKING_IDS} tracking IDs at a time.` };
  const tooLong = { ok: false as const, message: `A tracking ID has at most ${MAX_TRACKING_ID_LENGTH} characters.` };
  const words = (text: string) => text.split(/[\s,]+/).map(normalizeTrackingId).filter(Boolean);
  if (input.length > MAX_SEARCH_LENGTH) {
    // Only the start is read, to say which bound was passed.
    return words(input.slice(0, MAX_SEARCH_LENGTH)).some((word) => word.length > MAX_TRACKING_ID_LENGTH) ? tooLong : tooMany;
  }
  const trackingIds = [...new Set(words(input))];
  if (trackingIds.length === 0) return { ok: false, message: "Please enter a tracking ID" };
  if (trackingIds.some((trackingId) => trackingId.length > MAX_TRACKING_ID_LENGTH)) return tooLong;
  if (trackingIds.length > MAX_TRACKING_IDS) return tooMany;
  return { ok: true, trackingIds };
}

/** The shareable address of a search: /track/{id} for one ID, /track?ids=A,B,C for several. */
export function trackingSearchPath(trackingIds: readonly string[]): string {
  if (trackingIds.length === 1) return `/track/${encodeURIComponent(trackingIds[0]!)}`;
  return `/track?ids=${trackingIds.map(encodeURIComponent).join(",")}`;
}
