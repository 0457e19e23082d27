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
