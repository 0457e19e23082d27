// Delivery estimates in business days: weekends are skipped.
import type { ServiceType } from "./shipping-options";

export const TRANSIT_BUSINESS_DAYS: Record<ServiceType, number> = {
  overnight: 1,
  express: 2,
  standard: 5,
  economy: 7,
};

const DAY_MS = 86_400_000;

function isWeekend(time: number): boolean {
  const day = new Date(time).getUTCDay();
  return day === 0 || day === 6;
}

/** `days` business days after `from` (UTC calendar), keeping the time of day. */
export function addBusinessDays(from: number, days: number): number {
  let time = from;
  let remaining = days;
  while (remaining > 0) {
    time += DAY_MS;
    if (!isWeekend(time)) remaining -= 1;
  }
  return time;
}

export function estimateDelivery(serviceType: ServiceType, from: number): number {
  return addBusinessDays(from, TRANSIT_BUSINESS_DAYS[serviceType]);
}

/**
 * Weekdays among the UTC calendar days before epoch day `dayNumber` (day 0, 1 Jan 1970, was a
 * Thursday). A closed form, so that SQL can compute the same per row (app/features/analytics/analytics.server.ts).
 */
export function weekdaysBefore(dayNumber: number): number {
  const rest = dayNumber % 7;
  return 5 * Math.floor(dayNumber / 7) + Math.min(rest, 2) + Math.max(rest - 4, 0);
}

/**
 * Business days from `from` to `to`: the weekdays after `from`'s UTC day up to and including
 * `to`'s, so that it undoes addBusinessDays. Zero when `to` is not after `from`.
 */
export function businessDaysBetween(from: number, to: number): number {
  const days = weekdaysBefore(Math.floor(to / DAY_MS) + 1) - weekdaysBefore(Math.floor(from / DAY_MS) + 1);
  return Math.max(days, 0);
}
