// The business plans, their add-ons and the services' starting prices: one
// source for the /pricing and /services pages, the FAQ and the support assistant. Prices are
// whole US dollars except where a cent part is written (the Standard plan's overage).

export const PLAN_IDS = ["basic", "standard", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_PERIODS = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const DEFAULT_PLAN: PlanId = "standard";
export const DEFAULT_BILLING: BillingPeriod = "monthly";

export type PricingPlan = {
  id: PlanId;
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
  { id: "basic", name: "Basic", monthlyPrice: 29, yearlyPrice: 290, shipmentLimit: 50, insuranceCover: 100, overagePerShipment: 2 },
  { id: "standard", name: "Standard", monthlyPrice: 79, yearlyPrice: 790, shipmentLimit: 200, insuranceCover: 500, overagePerShipment: 1.5 },
  { id: "premium", name: "Premium", monthlyPrice: 199, yearlyPrice: 1990, shipmentLimit: null, insuranceCover: 2000, overagePerShipment: null },
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

export type AddOnId = "same-day" | "signature" | "international-express" | "fragile";

export type AddOn = { id: AddOnId; name: string; price: number; detail: string };

/** How long a same-day courier takes from pick-up, within one city. */
export const SAME_DAY_HOURS = { min: 4, max: 6 } as const;

/** How long international express takes, in days. */
export const INTERNATIONAL_EXPRESS_DAYS = { min: 2, max: 3 } as const;

/** "4-6 hours", "2-3 days". */
export function spanText({ min, max }: { min: number; max: number }, unit: "hours" | "days"): string {
  return `${min}-${max} ${unit}`;
}

export const ADD_ONS: readonly AddOn[] = [
  { id: "same-day", name: "Same-day delivery", price: 15, detail: `Delivered within ${spanText(SAME_DAY_HOURS, "hours")} of pick-up` },
  { id: "signature", name: "Signature confirmation", price: 3, detail: "The recipient signs on delivery" },
  { id: "international-express", name: "International express", price: 25, detail: `Abroad in ${spanText(INTERNATIONAL_EXPRESS_DAYS, "days")}` },
  { id: "fragile", name: "Fragile handling", price: 8, detail: "Padded packing and hand sorting" },
];

/**
 * The lowest price of each service on the /services page and the home page's cards ("from"
 * prices: the final price depends on weight, route and options).
 */
export const SERVICE_STARTING_PRICES = { express: 25, standard: 12, "same-day": 45 } as const;
export type TabbedService = keyof typeof SERVICE_STARTING_PRICES;

/** "$29", "$1.50", "$2,000": whole dollars without cents, others with two decimals. */
export function formatDollars(amount: number): string {
  return new Intl.NumberFormat("en-US", {
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
