// The shipping-cost tariff and the quote built on it, shared by the customer estimate
// and the admin form. Tariff figures are US dollars, converted to the quote's currency with the
// settings' exchange rate (docs/decisions/004-dollar-tariff-converted-at-stored-rates.md);
// amounts returned are integer minor units.
import { getCountry } from "~/domain/countries";
import { BASE_CURRENCY, BASE_RATE, convertMinorUnits, convertParts, type ExchangeRate } from "./exchange-rates";
import { formatMoney, toMinorUnits } from "~/domain/format";
import { ADD_ON_PRICES, BASE_RATES, MAX_INSURED_VALUE, PACKAGE_MULTIPLIERS, RATE_PER_KG, ROUTE_MULTIPLIERS } from "./tariff";
import { formatDollars, getAddOn } from "./pricing-plans";
import type { Voice } from "~/.server/answer-language";
import {
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTION_SURCHARGES,
  INSURANCE_RATE,
  type DeliveryOption,
  type PackageType,
  type ServiceType,
} from "~/features/shipments/shipping-options";

// The delivery options, their surcharges and the insurance rate live with the other shipping
// choices: browser code needs them too, without the country table this module brings along.
export {
  DELIVERY_OPTIONS,
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTION_SURCHARGES,
  INSURANCE_RATE,
  type DeliveryOption,
} from "~/features/shipments/shipping-options";

// The tariff's figures live in tariff.ts (no country table), read here and by the copy.
export { ADD_ON_PRICES, BASE_RATES, PACKAGE_MULTIPLIERS, RATE_PER_KG, ROUTE_MULTIPLIERS } from "./tariff";

/** Same country 1, same pricing region 1.5, otherwise 2. */
export function routeMultiplier(fromCountry: string, toCountry: string): number {
  if (fromCountry.toUpperCase() === toCountry.toUpperCase()) return ROUTE_MULTIPLIERS.country;
  const from = getCountry(fromCountry);
  const to = getCountry(toCountry);
  return from && to && from.region === to.region ? ROUTE_MULTIPLIERS.region : ROUTE_MULTIPLIERS.world;
}

export type ShippingCostInput = {
  serviceType: ServiceType;
  packageType: PackageType;
  weightKg: number;
  fromCountry: string;
  toCountry: string;
};

/** (base + weight part) x route x package, never below the base rate; minor units of the rate's currency. */
export function shippingCost(input: ShippingCostInput, rate: ExchangeRate = BASE_RATE): number {
  return quote({ ...input, rate, deliveryOption: "standard", insurance: false, declaredValue: 0, signatureRequired: false, fragile: false }).shipping;
}

export type QuoteInput = ShippingCostInput & {
  /** The currency to quote in and its rate; the tariff is in the base currency. */
  rate: ExchangeRate;
  deliveryOption: DeliveryOption;
  insurance: boolean;
  /** Minor units of the quote's currency. */
  declaredValue: number;
  /** Signature confirmation, an add-on. */
  signatureRequired: boolean;
  /** Fragile handling, an add-on. */
  fragile: boolean;
  /** An admin's base-price override, minor units of the quote's currency; replaces the calculated shipping charge. */
  basePriceOverride?: number | null;
};

export type QuoteLine = {
  key: "base" | "weight" | "route" | "package" | "minimum" | "override" | "delivery" | "signature" | "fragile" | "insurance";
  label: string;
  amount: number;
};

/** The lines of the options chosen (delivery time, add-ons, insurance), beside the shipping charge. */
const OPTION_LINES: ReadonlySet<QuoteLine["key"]> = new Set(["delivery", "signature", "fragile", "insurance"]);

/**
 * Minor units of `currency`: `shipping` is the carriage alone (the lines before the options),
 * `total` every line; `exchange` is the rate the tariff was converted at (rate 1 for the base currency).
 */
export type Quote = { currency: string; lines: QuoteLine[]; shipping: number; total: number; exchange: ExchangeRate & { base: string } };

/**
 * The price of a shipment, line by line, so the customer and the admin see how it adds up. The
 * tariff's lines are worked out in the base currency and converted together, so that they add
 * up to the converted tariff; a staff override and the insurance (1% of a value declared in
 * the quote's currency) are in the quote's currency already.
 */
export function quote(input: QuoteInput): Quote {
  const { rate } = input;
  const currency = rate.currency;
  const tariff: QuoteLine[] = [];
  let override: QuoteLine | null = null;
  if (input.basePriceOverride !== undefined && input.basePriceOverride !== null) {
    override = { key: "override", label: "Base price (set by staff)", amount: input.basePriceOverride };
  } else {
    const base = toMinorUnits(BASE_RATES[input.serviceType], BASE_CURRENCY);
    const weight = toMinorUnits(RATE_PER_KG * input.weightKg, BASE_CURRENCY);
    const route = routeMultiplier(input.fromCountry, input.toCountry);
    const packageFactor = PACKAGE_MULTIPLIERS[input.packageType];
    const afterRoute = Math.round((base + weight) * route);
    const afterPackage = Math.round(afterRoute * packageFactor);
    tariff.push({ key: "base", label: "Base rate", amount: base });
    tariff.push({ key: "weight", label: `Weight (${input.weightKg} kg)`, amount: weight });
    if (route !== 1) tariff.push({ key: "route", label: `Route (x${route})`, amount: afterRoute - base - weight });
    if (packageFactor !== 1) tariff.push({ key: "package", label: `Package type (x${packageFactor})`, amount: afterPackage - afterRoute });
    if (base > afterPackage) tariff.push({ key: "minimum", label: "Minimum charge", amount: base - afterPackage });
  }
  const surcharge = toMinorUnits(DELIVERY_OPTION_SURCHARGES[input.deliveryOption], BASE_CURRENCY);
  if (surcharge > 0) tariff.push({ key: "delivery", label: DELIVERY_OPTION_LABELS[input.deliveryOption], amount: surcharge });
  for (const addOn of ["signature", "fragile"] as const) {
    const chosen = addOn === "signature" ? input.signatureRequired : input.fragile;
    if (chosen) tariff.push({ key: addOn, label: getAddOn(addOn).name, amount: toMinorUnits(ADD_ON_PRICES[addOn], BASE_CURRENCY) });
  }

  const converted = convertParts(
    tariff.map((line) => line.amount),
    rate,
  );
  const lines: QuoteLine[] = [...(override ? [override] : []), ...tariff.map((line, index) => ({ ...line, amount: converted[index]! }))];
  if (input.insurance) lines.push({ key: "insurance", label: "Insurance (1% of declared value)", amount: Math.round(input.declaredValue * INSURANCE_RATE) });
  const sum = (kept: (line: QuoteLine) => boolean) => lines.filter(kept).reduce((total, line) => total + line.amount, 0);
  const shipping = sum((line) => !OPTION_LINES.has(line.key));
  return { currency, lines, shipping, total: sum(() => true), exchange: { ...rate, base: BASE_CURRENCY } };
}

/** The most insurance covers ($50,000), in minor units of the rate's currency, converted at that rate. */
export function insuredValueCap(rate: ExchangeRate): number {
  return convertMinorUnits(toMinorUnits(MAX_INSURED_VALUE, BASE_CURRENCY), rate);
}

/**
 * Why a shipment declaring `declaredValue` (minor units of the rate's currency) cannot be
 * insured, or null: insurance covers at most $50,000, converted at the rate. Said in `voice`.
 */
export function insuranceCapFault(declaredValue: number, rate: ExchangeRate, { t, locale }: Voice): string | null {
  const cap = insuredValueCap(rate);
  if (declaredValue <= cap) return null;
  const values = { cap: formatDollars(MAX_INSURED_VALUE, locale), declared: formatMoney(declaredValue, rate.currency, locale) };
  return rate.currency === BASE_CURRENCY
    ? t("Insurance covers at most {{cap}} of declared value; this shipment declares {{declared}}.", values)
    : t("Insurance covers at most {{cap}} ({{converted}}) of declared value; this shipment declares {{declared}}.", { ...values, converted: formatMoney(cap, rate.currency, locale) });
}
