// SPEC.md's shipping-cost helper and the quote built on it, shared by the customer estimate
// and the admin form. Tariff figures are in major units of the quote's currency (see
// docs/decisions/004-tariff-currency.md); amounts returned are integer minor units.
import { getCountry } from "./countries";
import { toMinorUnits } from "./format";
import {
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTION_SURCHARGES,
  INSURANCE_RATE,
  type DeliveryOption,
  type PackageType,
  type ServiceType,
} from "./shipping-options";

// The delivery options, their surcharges and the insurance rate live with the other shipping
// choices: browser code needs them too, without the country table this module brings along.
export {
  DELIVERY_OPTIONS,
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTION_SURCHARGES,
  INSURANCE_RATE,
  type DeliveryOption,
} from "./shipping-options";

export const BASE_RATES: Record<ServiceType, number> = {
  standard: 5.99,
  express: 12.99,
  economy: 8.99,
  overnight: 24.99,
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

/** (base + weight part) x route x package, never below the base rate; minor units of `currency`. */
export function shippingCost(input: ShippingCostInput, currency = "USD"): number {
  return quote({ ...input, currency, deliveryOption: "standard", insurance: false, declaredValue: 0 }).shipping;
}

export type QuoteInput = ShippingCostInput & {
  currency: string;
  deliveryOption: DeliveryOption;
  insurance: boolean;
  /** Minor units of `currency`. */
  declaredValue: number;
  /** An admin's base-price override, minor units; replaces the calculated shipping charge. */
  basePriceOverride?: number | null;
};

export type QuoteLine = {
  key: "base" | "weight" | "route" | "package" | "minimum" | "override" | "delivery" | "insurance";
  label: string;
  amount: number;
};

export type Quote = { currency: string; lines: QuoteLine[]; shipping: number; total: number };

/** The price of a shipment, line by line, so the customer and the admin see how it adds up. */
export function quote(input: QuoteInput): Quote {
  const { currency } = input;
  const lines: QuoteLine[] = [];
  let shipping: number;
  if (input.basePriceOverride !== undefined && input.basePriceOverride !== null) {
    shipping = input.basePriceOverride;
    lines.push({ key: "override", label: "Base price (set by staff)", amount: shipping });
  } else {
    const baseRate = BASE_RATES[input.serviceType];
    const base = toMinorUnits(baseRate, currency);
    const weight = toMinorUnits(RATE_PER_KG * input.weightKg, currency);
    const route = routeMultiplier(input.fromCountry, input.toCountry);
    const packageFactor = PACKAGE_MULTIPLIERS[input.packageType];
    const afterRoute = Math.round((base + weight) * route);
    const afterPackage = Math.round(afterRoute * packageFactor);
    shipping = Math.max(base, afterPackage);
    lines.push({ key: "base", label: "Base rate", amount: base });
    lines.push({ key: "weight", label: `Weight (${input.weightKg} kg)`, amount: weight });
    if (route !== 1) lines.push({ key: "route", label: `Route (x${route})`, amount: afterRoute - base - weight });
    if (packageFactor !== 1) lines.push({ key: "package", label: `Package type (x${packageFactor})`, amount: afterPackage - afterRoute });
    if (shipping > afterPackage) lines.push({ key: "minimum", label: "Minimum charge", amount: shipping - afterPackage });
  }
  const delivery = toMinorUnits(DELIVERY_OPTION_SURCHARGES[input.deliveryOption], currency);
  if (delivery > 0) lines.push({ key: "delivery", label: DELIVERY_OPTION_LABELS[input.deliveryOption], amount: delivery });
  const insurance = input.insurance ? Math.round(input.declaredValue * INSURANCE_RATE) : 0;
  if (input.insurance) lines.push({ key: "insurance", label: "Insurance (1% of declared value)", amount: insurance });
  return { currency, lines, shipping, total: shipping + delivery + insurance };
}
