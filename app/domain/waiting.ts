// How long someone waits after too many attempts, and how that is said.

const MINUTE_MS = 60_000;

/** The longest wait a failed sign-in brings, however many came before it. */
export const LONGEST_SIGN_IN_DELAY_MS = 60 * MINUTE_MS;

/**
 * The wait after the `failures`-th failed sign-in of one lane (a client address, an account
 * from untrusted devices, or one device): none for the first `free - 1`, then 1 minute after
 * the `free`-th, doubling with each further failure (2, 4, 8, 16, 32) up to an hour.
 */
export function signInDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free, 6) * MINUTE_MS, LONGEST_SIGN_IN_DELAY_MS);
}

/** "Please try again in 3 minutes." for a wait in seconds, rounded up to whole minutes or hours. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  const hours = Math.ceil(minutes / 60);
  return `Please try again in ${hours} ${hours === 1 ? "hour" : "hours"}.`;
}
