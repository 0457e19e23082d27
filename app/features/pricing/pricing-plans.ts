// The business plans, their add-ons and the services' starting prices: one
// source for the /pricing and /services pages, the FAQ and the support assistant. Prices are
// whole US dollars except where a cent part is written (the Standard plan's overage); what a
// shipment is charged (add-ons, base rates) is the tariff's (tariff.ts).
import { tk } from "~/features/languages/languages";
import { ADD_ON_PRICES, BASE_RATES, type AddOnId } from "./tariff";

export const PLAN_IDS = ["basic", "standard", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_PERIODS = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const DEFAULT_PLAN: PlanId = "standard";
export const DEFAULT_BILLING: BillingPeriod = "monthly";

export type PricingPlan = {
  id: PlanId;
  /** A key of the "site" catalogs. */
  name: string;
  monthlyPrice: number;
  yearlyPrice: number;
  /** Shipments included each month; null means unlimited. */
  shipmentLimit: number | null;
  /** Cover included on every shipment, in dollars. */
  insuranceCover: number;
  /** Price of each shipment beyond the limit; null when there is no limit to go over. */
  overagePerShipment: number | null;
};

export const PRICING_PLANS: readonly PricingPlan[] = [
  { id: "basic", name: tk("Basic"), monthlyPrice: 29, yearlyPrice: 290, shipmentLimit: 50, insuranceCover: 100, overagePerShipment: 2 },
  { id: "standard", name: tk("Standard"), monthlyPrice: 79, yearlyPrice: 790, shipmentLimit: 200, insuranceCover: 500, overagePerShipment: 1.5 },
  { id: "premium", name: tk("Premium"), monthlyPrice: 199, yearlyPrice: 1990, shipmentLimit: null, insuranceCover: 2000, overagePerShipment: null },
];

export function getPlan(id: PlanId): PricingPlan {
  return PRICING_PLANS.find((plan) => plan.id === id)!;
}

/** What a plan costs a month on the chosen billing: yearly shows floor(yearly / 12). */
export function monthlyEquivalent(plan: PricingPlan, billing: BillingPeriod): number {
  return billing === "yearly" ? Math.floor(plan.yearlyPrice / 12) : plan.monthlyPrice;
}

/** What paying yearly saves against twelve monthly payments. */
export function yearlySaving(plan: PricingPlan): number {
  return 12 * plan.monthlyPrice - plan.yearlyPrice;
}

export type { AddOnId };

/** `name` and `detail` are keys of the "site" catalogs. */
export type AddOn = { id: AddOnId; name: string; price: number; detail: string };

/** What a shipment may add in either shipment form, at the tariff's price (Same Day is a service of its own). */
export const ADD_ONS: readonly AddOn[] = [
  { id: "signature", name: tk("Signature confirmation"), price: ADD_ON_PRICES.signature, detail: tk("The recipient signs on delivery") },
  { id: "fragile", name: tk("Fragile handling"), price: ADD_ON_PRICES.fragile, detail: tk("Padded packing and hand sorting") },
];

export function getAddOn(id: AddOnId): AddOn {
  return ADD_ONS.find((addOn) => addOn.id === id)!;
}

/**
 * The lowest price of each service on the /services page and the home page's cards ("from"
 * prices: the final price depends on weight, route and options): its base rate, the minimum
 * charge the tariff never goes below.
 */
export const SERVICE_STARTING_PRICES = { express: BASE_RATES.express, standard: BASE_RATES.standard, "same-day": BASE_RATES.same_day } as const;
export type TabbedService = keyof typeof SERVICE_STARTING_PRICES;

/** "$29", "$1.50", "$2,000": whole dollars without cents, others with two decimals, in `locale`. */
export function formatDollars(amount: number, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function isPlanId(value: unknown): value is PlanId {
  return PLAN_IDS.includes(value as PlanId);
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return BILLING_PERIODS.includes(value as BillingPeriod);
}

/** The page's choices from its query (`?billing=yearly&plan=premium`); anything else is the default. */
export function pricingChoice(params: URLSearchParams): { billing: BillingPeriod; plan: PlanId } {
  const billing = params.get("billing");
  const plan = params.get("plan");
  return { billing: isBillingPeriod(billing) ? billing : DEFAULT_BILLING, plan: isPlanId(plan) ? plan : DEFAULT_PLAN };
}

/** A plan and how it is billed, as an account keeps it: "basic-yearly". */
export type PlanChoice = `${PlanId}-${BillingPeriod}`;

export const PLAN_CHOICES: readonly PlanChoice[] = PLAN_IDS.flatMap((plan) => BILLING_PERIODS.map((billing) => `${plan}-${billing}` as const));

export function parsePlanChoice(value: unknown): { plan: PlanId; billing: BillingPeriod } | null {
  if (!PLAN_CHOICES.includes(value as PlanChoice)) return null;
  const [plan, billing] = (value as string).split("-") as [PlanId, BillingPeriod];
  return { plan, billing };
}

/** "Basic, billed monthly: $29 a month", "Basic, billed yearly: $290 a year ($24 a month)". */
export function planSummary(plan: PlanId, billing: BillingPeriod): string {
  const chosen = getPlan(plan);
  return billing === "yearly"
    ? `${chosen.name}, billed yearly: ${formatDollars(chosen.yearlyPrice)} a year (${formatDollars(monthlyEquivalent(chosen, "yearly"))} a month)`
    : `${chosen.name}, billed monthly: ${formatDollars(chosen.monthlyPrice)} a month`;
}

/** Registration with a plan chosen on /pricing: a plain link, so it works without JavaScript. */
export function registrationHref(plan: PlanId, billing: BillingPeriod): string {
  return `/register?${new URLSearchParams({ plan, billing })}`;
}

/** The plan a registration link names (`?plan=basic&billing=yearly`), or none; monthly unless yearly is named. */
export function registrationPlan(params: URLSearchParams): PlanChoice | "" {
  const plan = params.get("plan");
  const billing = params.get("billing");
  return isPlanId(plan) ? `${plan}-${isBillingPeriod(billing) ? billing : DEFAULT_BILLING}` : "";
}
