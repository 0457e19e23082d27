// Delivery estimates in business days: weekends are skipped. Same Day counts none (same-day.ts).
import type { TFunction } from "i18next";
import { listOf } from "~/domain/format";
import { SAME_DAY_CUTOFF_HOUR_UTC, SAME_DAY_HOURS } from "./same-day";
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from "./shipping-options";

export const TRANSIT_BUSINESS_DAYS: Record<ServiceType, number> = {
  same_day: 0,
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

/** When a parcel sent today arrives: "the same day", "the next business day", "in 2 business days". */
export function arrivalText(days: number): string {
  if (days === 0) return "the same day";
  return days === 1 ? "the next business day" : `in ${businessDaysText(days)}`;
}

/** How long a service takes, as the assistant lists it: "2 business days", "the same day, within one city"; in the language of `t` (the `shipments` catalogs). */
export function serviceTimeText(t: TFunction, type: ServiceType): string {
  const days = TRANSIT_BUSINESS_DAYS[type];
  return days === 0 ? t("the same day, within one city", { ns: "shipments" }) : t("{{count}} business days", { ns: "shipments", count: days });
}

/**
 * "Same Day arrives the same day within one city, Overnight the next business day, Express in 2
 * business days, Standard in 5 and Economy in 7".
 */
export function transitTimesText(): string {
  let counted = false;
  return listOf(
    SERVICES_BY_SPEED.map((type, index) => {
      const days = TRANSIT_BUSINESS_DAYS[type];
      const when = days > 1 && counted ? `in ${days}` : `${arrivalText(days)}${days === 0 ? " within one city" : ""}`;
      if (days > 1) counted = true;
      return `${SERVICE_LABELS[type]}${index === 0 ? " arrives" : ""} ${when}`;
    }),
  );
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

const HOUR_MS = 3_600_000;

/**
 * Same Day: ordered on a business day before the cut-off, the courier's longest ride from then;
 * later, or on a weekend, the next business day.
 */
export function sameDayDelivery(ordered: number): number {
  const beforeCutOff = !isWeekend(ordered) && new Date(ordered).getUTCHours() < SAME_DAY_CUTOFF_HOUR_UTC;
  return beforeCutOff ? ordered + SAME_DAY_HOURS.max * HOUR_MS : addBusinessDays(ordered, 1);
}

export function estimateDelivery(serviceType: ServiceType, from: number): number {
  return serviceType === "same_day" ? sameDayDelivery(from) : addBusinessDays(from, TRANSIT_BUSINESS_DAYS[serviceType]);
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
