// The /pricing page's copy around the plans. Every figure is read from the pricing-plans
// module (and the included-cover facts agree with the FAQ's claims answer).
import { listOf } from "~/domain/format";
import { ADD_ONS, formatDollars, monthlyEquivalent, PRICING_PLANS, yearlySaving, type PlanId, type PricingPlan } from "~/features/pricing/pricing-plans";
import { INSURANCE_RATE } from "~/features/shipments/shipping-options";
import { BASIC_COVER, MAX_INSURED_VALUE } from "./tariff";

export const PLAN_TAGLINES: Record<PlanId, string> = {
  basic: "For small shops and occasional senders",
  standard: "For growing businesses that ship every day",
  premium: "For high volumes, with no limit at all",
};

/** What each plan includes, figures first. */
export function planFeatures(plan: PricingPlan): string[] {
  const volume = plan.shipmentLimit === null ? "Unlimited shipments" : `Up to ${plan.shipmentLimit} shipments a month`;
  const common = ["Express, Standard and Economy services", "Tracking pages and e-mail updates for every parcel"];
  const byPlan: Record<PlanId, string[]> = {
    basic: ["E-mail support"],
    standard: ["Priority support by phone and e-mail", "Monthly invoice for all shipments"],
    premium: ["A named account manager", "Monthly invoice for all shipments", "Pick-up every business day"],
  };
  return [volume, `${formatDollars(plan.insuranceCover)} insurance cover on every shipment`, ...common, ...byPlan[plan.id]];
}

/** The limits a plan has, or none. */
export function planLimitations(plan: PricingPlan): string[] {
  if (plan.shipmentLimit === null) return [];
  return [`${formatDollars(plan.overagePerShipment!)} for each shipment beyond ${plan.shipmentLimit} a month`];
}

const planFigures = (figure: (plan: PricingPlan) => string) => listOf(PRICING_PLANS.map((plan) => `${figure(plan)} (${plan.name})`));

export type PricingQuestion = { id: string; question: string; answer: string };

export const PRICING_FAQ: readonly PricingQuestion[] = [
  {
    id: "what-counts",
    question: "What counts as a shipment?",
    answer: "Every tracking ID you create is one shipment, however many packages it holds.",
  },
  {
    id: "over-the-limit",
    question: "What happens if I send more than my plan includes?",
    answer: `Nothing stops: each extra shipment is charged at the end of the month, ${listOf(
      PRICING_PLANS.filter((plan) => plan.overagePerShipment !== null).map((plan) => `${formatDollars(plan.overagePerShipment!)} on ${plan.name}`),
    )}. ${PRICING_PLANS.filter((plan) => plan.shipmentLimit === null)
      .map((plan) => plan.name)
      .join(" and ")} has no limit, so there is nothing extra to pay.`,
  },
  {
    id: "yearly",
    question: "How does yearly billing work?",
    answer: `You pay for twelve months at once: ${planFigures((plan) => formatDollars(plan.yearlyPrice))}. That works out at ${planFigures(
      (plan) => `${formatDollars(monthlyEquivalent(plan, "yearly"))} a month`,
    )}, a saving of ${planFigures((plan) => formatDollars(yearlySaving(plan)))} a year against paying monthly.`,
  },
  {
    id: "insurance",
    question: "What does the included insurance cover?",
    answer: `Every shipment on a plan is covered for loss or damage up to ${planFigures((plan) => formatDollars(plan.insuranceCover))}, instead of the ${formatDollars(BASIC_COVER)} every shipment has. To cover more, tick Insurance when you create the shipment: the full declared value, up to ${formatDollars(MAX_INSURED_VALUE)}, for ${INSURANCE_RATE * 100}% of that value.`,
  },
  {
    id: "add-ons",
    question: "Are the add-on services included?",
    answer: `No, add-ons are charged per shipment on every plan: ${listOf(ADD_ONS.map((addOn) => `${addOn.name.toLowerCase()} ${formatDollars(addOn.price)}`))}.`,
  },
];
