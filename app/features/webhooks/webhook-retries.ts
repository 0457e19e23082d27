// When a failed webhook delivery is tried again, and when a failing endpoint is turned off.
// A delivery is attempted at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h
// and 24 h (ten attempts over about three days); after the last it is given up. An endpoint
// whose deliveries have failed without one success for three days is disabled, and its owner
// is mailed.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The wait after each failed attempt, the first's first. */
export const RETRY_DELAYS_MS = [5 * SECOND_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 5 * HOUR_MS, 10 * HOUR_MS, 14 * HOUR_MS, 20 * HOUR_MS, 24 * HOUR_MS] as const;

/** Attempts a delivery gets before it is given up. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint failing without a success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * DAY_MS;

/** The wait before the next attempt after `attempts` attempts have failed, or null when that was the last. */
export function retryDelayMs(attempts: number): number | null {
  return attempts >= 1 && attempts <= RETRY_DELAYS_MS.length ? RETRY_DELAYS_MS[attempts - 1]! : null;
}

/** Whether an endpoint failing since `failingSince` (null: its last delivery succeeded) is to be disabled at `now`. */
export function failingTooLong(failingSince: number | null, now: number): boolean {
  return failingSince !== null && now - failingSince >= DISABLE_AFTER_MS;
}
