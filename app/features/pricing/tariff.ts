// The tariff's figures, in US dollars (the base currency): what pricing.ts applies to every
// quote, and what the pages, the FAQ and the support assistant state. Kept apart from
// pricing.ts so that browser code (the FAQ's filter) can read them without the country table.
import type { PackageType, ServiceType } from "~/features/shipments/shipping-options";

export const BASE_RATES: Record<ServiceType, number> = {
  standard: 5.99,
  express: 12.99,
  economy: 8.99,
  overnight: 24.99,
  // A courier's own ride within one city: never routed, so its base rate is what it costs.
  same_day: 45,
};

/** Added per kilogram. */
export const RATE_PER_KG = 0.5;

export const PACKAGE_MULTIPLIERS: Record<PackageType, number> = {
  document: 0.8,
  envelope: 0.8,
  package: 1,
  box: 1,
  pallet: 1.5,
};

/** The options a shipment may add, each charged once per shipment. */
export const ADD_ON_PRICES = { signature: 3, fragile: 8 } as const;
export type AddOnId = keyof typeof ADD_ON_PRICES;

/** Same country, same pricing region, otherwise. */
export const ROUTE_MULTIPLIERS = { country: 1, region: 1.5, world: 2 } as const;

/** The cover every shipment has without insurance, in dollars. */
export const BASIC_COVER = 100;

/** The most a shipment's insurance covers, in dollars. */
export const MAX_INSURED_VALUE = 50_000;

/** "1.5 times", "twice", "0.8 times": a multiplier as the copy says it. */
export function timesText(multiplier: number): string {
  return multiplier === 2 ? "twice" : `${multiplier} times`;
}
