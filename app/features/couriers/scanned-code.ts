// What a scanned code says, apart from the courier's form rules so that the scan behaviour
// (which runs on pages without React) carries no form library.
import { MAX_LENGTH } from "~/domain/field-limits";

/**
 * The tracking ID a scanned code carries: the label's Code 128 is the ID itself, the receipt's
 * QR code is the tracking page's address (…/track/{id}). Upper-cased and bounded like a typed one.
 */
export function trackingIdFromCode(raw: string): string {
  const text = raw.trim();
  const fromUrl = /\/track\/([^/?#]+)/.exec(text)?.[1];
  let id = text;
  if (fromUrl) {
    try {
      id = decodeURIComponent(fromUrl);
    } catch {
      id = fromUrl;
    }
  }
  return id.toUpperCase().slice(0, MAX_LENGTH.code);
}
