// How long this isolate trusts a stored tracking page's version once D1 has confirmed it
// (docs/decisions/131): a popular parcel's stored page is checked against D1 at most once a
// second per isolate instead of on every view. Any shipment event committed in this isolate
// forgets every confirmation at once (the dispatcher calls `forgetConfirmedVersions` before the
// answer), so a change made here shows on the next view; other isolates show it within
// TRUST_MS (and at once where they have not checked in that second).
import { remember } from "~/.server/isolate-state";

export const TRUST_MS = 1000;

/** Bounded: the isolate keeps the most recently confirmed pages only. */
const MAX_ENTRIES = 1000;

type Confirmations = Map<string, { version: string; at: number }>;

const confirmed: Confirmations = remember("tracking-freshness", () => new Map());

/** Whether D1 said, less than TRUST_MS ago, that this page's shipment is at `version`. */
export function recentlyConfirmed(trackingId: string, version: string, now = Date.now()): boolean {
  const entry = confirmed.get(trackingId);
  return entry !== undefined && entry.version === version && now - entry.at < TRUST_MS;
}

export function confirmVersion(trackingId: string, version: string, now = Date.now()) {
  confirmed.delete(trackingId);
  confirmed.set(trackingId, { version, at: now });
  if (confirmed.size > MAX_ENTRIES) confirmed.delete(confirmed.keys().next().value!);
}

/** A shipment changed (the dispatcher, for the events that reach the tracking cache): this isolate checks again. */
export function forgetConfirmedVersions() {
  confirmed.clear();
}
