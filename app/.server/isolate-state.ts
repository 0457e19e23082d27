// Per-isolate state: what one Workers isolate keeps between the requests it serves. An isolate
// may live for seconds or hours, many run at once, and none sees another's memory, so every
// piece here is bounded, and a stale or missing copy is never wrong, only slower. This list is
// all of it: a module keeps nothing of its own between requests, it asks `remember`.
export const ISOLATE_STATE = {
  /** app/features/settings/settings.server.ts: `cachedSettings` (the page chrome, mail). */
  settings: {
    bound: "one settings row",
    safeWhenStale: "the page chrome and mail's company name and support address read it, for at most SETTINGS_CACHE_MS; writes and prices read D1",
  },
  /** app/features/tracking/tracking-freshness.server.ts. */
  "tracking-freshness": {
    bound: "1,000 tracking IDs, each trusted for TRUST_MS (1 s)",
    safeWhenStale: "a change made in this isolate clears it before the answer; another isolate's change shows within TRUST_MS",
  },
  /** app/.server/rate-limit.ts: `countTrackingLookUps`. */
  "tracking-lanes": {
    bound: "one integer below the number of lanes",
    safeWhenStale: "it only spreads one address's look-ups over the limiter's keys in turn; any starting lane counts the same",
  },
} as const satisfies Record<string, { bound: string; safeWhenStale: string }>;

export type IsolateStateName = keyof typeof ISOLATE_STATE;

const kept = new Map<IsolateStateName, unknown>();

/**
 * The isolate's `name` state, made by `create` the first time it is asked for. The worker is
 * one bundle (app/entry.worker.ts reaches the server code through the Remix build), so every
 * module that asks gets the same value.
 */
export function remember<T>(name: IsolateStateName, create: () => T): T {
  if (!kept.has(name)) kept.set(name, create());
  return kept.get(name) as T;
}
