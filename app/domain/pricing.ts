// SPEC.md's shipping-cost helper. Amounts are in minor units of the shipment's currency.
import { getCountry } from "./countries";
import type { PackageType, ServiceType } from "./shipping-options";

/** Base rate per service, in cents. */
export const BASE_RATES: Record<ServiceType, number> = {
  standard: 599,
  express: 1299,
  economy: 899,
  overnight: 2499,
};

/** Added per kilogram, in cents. */
export const RATE_PER_KG = 50;

export const PACKAGE_MULTIPLIERS: Record<PackageType, number> = {
  document: 0.8,
  envelope: 0.8,
  package: 1,
  box: 1,
  pallet: 1.5,
};

/** Same country 1, same pricing region 1.5, otherwise 2. */
export function routeMultiplier(fromCountry: string, toCountry: string): number {
  if (fromCountry.toUpperCase() === toCountry.toUpperCase()) return 1;
  const from = getCountry(fromCountry);
  const to = getCountry(toCountry);
  return from && to && from.region === to.region ? 1.5 : 2;
}

export type ShippingCostInput = {
  serviceType: ServiceType;
  packageType: PackageType;
  weightKg: number;
  fromCountry: string;
  toCountry: string;
};

/** (base + weight part) x route x package, never below the base rate. */
export function shippingCost({ serviceType, packageType, weightKg, fromCountry, toCountry }: ShippingCostInput): number {
  const base = BASE_RATES[serviceType];
  const raw = (base + RATE_PER_KG * weightKg) * routeMultiplier(fromCountry, toCountry) * PACKAGE_MULTIPLIERS[packageType];
  return Math.max(base, Math.round(raw));
}
