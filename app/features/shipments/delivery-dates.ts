// Delivery estimates in business days: weekends are skipped.
import { listOf } from "~/domain/format";
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from "./shipping-options";

export const TRANSIT_BUSINESS_DAYS: Record<ServiceType, number> = {
  overnight: 1,
  express: 2,
  standard: 5,
  economy: 7,
};

/** The services, fastest first. */
export const SERVICES_BY_SPEED: readonly ServiceType[] = [...SERVICE_TYPES].sort((a, b) => TRANSIT_BUSINESS_DAYS[a] - TRANSIT_BUSINESS_DAYS[b]);

/** "1 business day", "5 business days". */
export function businessDaysText(days: number): string {
  return `${days} business day${days === 1 ? "" : "s"}`;
}

/** When a parcel sent today arrives: "the next business day", "in 2 business days". */
export function arrivalText(days: number): string {
  return days === 1 ? "the next business day" : `in ${businessDaysText(days)}`;
}

/** "Overnight arrives the next business day, Express in 2 business days, Standard in 5 and Economy in 7". */
export function transitTimesText(): string {
  const [fastest, second, ...rest] = SERVICES_BY_SPEED;
  return listOf([
    `${SERVICE_LABELS[fastest!]} arrives ${arrivalText(TRANSIT_BUSINESS_DAYS[fastest!])}`,
    `${SERVICE_LABELS[second!]} ${arrivalText(TRANSIT_BUSINESS_DAYS[second!])}`,
    ...rest.map((type) => `${SERVICE_LABELS[type]} in ${TRANSIT_BUSINESS_DAYS[type]}`),
  ]);
}

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
