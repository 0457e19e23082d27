// The contact page's facts (business hours, the 2-hour response promise), read by the
// /contact page, the acknowledgement mail and the legal pages.

export const RESPONSE_PROMISE_HOURS = 2;

export const BUSINESS_HOURS = [
  { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
  { days: "Saturday", hours: "10:00 AM - 4:00 PM" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** "Monday - Friday 9:00 AM - 6:00 PM, Saturday 10:00 AM - 4:00 PM, Sunday closed" */
export function businessHoursText(): string {
  return BUSINESS_HOURS.map(({ days, hours }) => `${days} ${hours === "Closed" ? "closed" : hours}`).join(", ");
}

export const RESPONSE_PROMISE = `We answer every message within ${RESPONSE_PROMISE_HOURS} hours during business hours.`;
