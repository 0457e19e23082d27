// How long someone waits after too many attempts, and how that is said (in the reader's
// language, through the `messages` catalogs).

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

/** A wait in seconds as it is said: rounded up to whole minutes, and to whole hours from an hour on. */
export function waitOf(seconds: number): { count: number; unit: "minutes" | "hours" } {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 60 ? { count: minutes, unit: "minutes" } : { count: Math.ceil(minutes / 60), unit: "hours" };
}

/** Translates a key with a count (i18next's TFunction, the `messages` catalogs). */
type CountTranslator = (key: string, options: { count: number }) => string;

/** "Please try again in 3 minutes." for a wait in seconds, in the language of `t`. */
export function tryAgainIn(seconds: number, t: CountTranslator): string {
  const { count, unit } = waitOf(seconds);
  return unit === "minutes" ? t("Please try again in {{count}} minutes.", { count }) : t("Please try again in {{count}} hours.", { count });
}
