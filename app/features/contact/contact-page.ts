// The contact page's facts (business hours, the 2-hour response promise), read by the
// /contact page, the acknowledgement mail and the legal pages. Days and hours are keys of the
// "site" catalogs.
import { tk } from "~/features/languages/languages";

export const RESPONSE_PROMISE_HOURS = 2;

export const BUSINESS_HOURS = [
  { days: tk("Monday - Friday"), hours: tk("9:00 AM - 6:00 PM") },
  { days: tk("Saturday"), hours: tk("10:00 AM - 4:00 PM") },
  { days: tk("Sunday"), hours: tk("Closed") },
] as const;

/**
 * "Monday - Friday 9:00 AM - 6:00 PM, Saturday 10:00 AM - 4:00 PM, Sunday closed"; in another
 * language, `t` gives the days and hours from the "site" catalogs and `locale` lowers "closed".
 */
export function businessHoursText(t: (key: string) => string = (key) => key, locale = "en-US"): string {
  return BUSINESS_HOURS.map(({ days, hours }) => `${t(days)} ${hours === "Closed" ? t(hours).toLocaleLowerCase(locale) : t(hours)}`).join(", ");
}
