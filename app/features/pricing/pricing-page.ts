// The /pricing page's copy around the plans, in the page's language: `t` translates with the
// "site" catalogs, figures are formatted in `locale`. Every figure is read from the
// pricing-plans module (and the included-cover facts agree with the FAQ's claims answer).
import type { TFunction } from "i18next";
import { listOf } from "~/domain/format";
import { tk } from "~/features/languages/languages";
import { ADD_ONS, formatDollars, monthlyEquivalent, PRICING_PLANS, yearlySaving, type PlanId, type PricingPlan } from "~/features/pricing/pricing-plans";
import { INSURANCE_RATE } from "~/features/shipments/shipping-options";
import { BASIC_COVER, MAX_INSURED_VALUE } from "./tariff";

export const PLAN_TAGLINES: Record<PlanId, string> = {
  basic: tk("For small shops and occasional senders"),
  standard: tk("For growing businesses that ship every day"),
  premium: tk("For high volumes, with no limit at all"),
};

const PLAN_EXTRAS: Record<PlanId, string[]> = {
  basic: [tk("E-mail support")],
  standard: [tk("Priority support by phone and e-mail"), tk("Monthly invoice for all shipments")],
  premium: [tk("A named account manager"), tk("Monthly invoice for all shipments"), tk("Pick-up every business day")],
};

/** What each plan includes, figures first. */
export function planFeatures(plan: PricingPlan, t: TFunction, locale = "en-US"): string[] {
  const volume = plan.shipmentLimit === null ? t("Unlimited shipments") : t("Up to {{count}} shipments a month", { count: plan.shipmentLimit });
  return [
    volume,
    t("{{amount}} insurance cover on every shipment", { amount: formatDollars(plan.insuranceCover, locale) }),
    t("Express, Standard and Economy services"),
    t("Tracking pages and e-mail updates for every parcel"),
    ...PLAN_EXTRAS[plan.id].map((extra) => t(extra)),
  ];
}

/** The limits a plan has, or none. */
export function planLimitations(plan: PricingPlan, t: TFunction, locale = "en-US"): string[] {
  if (plan.shipmentLimit === null) return [];
  return [t("{{amount}} for each shipment beyond {{limit}} a month", { amount: formatDollars(plan.overagePerShipment!, locale), limit: plan.shipmentLimit.toLocaleString(locale) })];
}

export type PricingQuestion = { id: string; question: string; answer: string };

/** The page's questions and answers. */
export function pricingFaq(t: TFunction, locale = "en-US"): PricingQuestion[] {
  const dollars = (amount: number) => formatDollars(amount, locale);
  const list = (items: string[]) => listOf(items, locale);
  const planFigures = (figure: (plan: PricingPlan) => string) => list(PRICING_PLANS.map((plan) => t("{{figure}} ({{plan}})", { figure: figure(plan), plan: t(plan.name) })));
  const unlimited = PRICING_PLANS.filter((plan) => plan.shipmentLimit === null).map((plan) => t(plan.name));
  return [
    {
      id: "what-counts",
      question: t("What counts as a shipment?"),
      answer: t("Every tracking ID you create is one shipment, however many packages it holds."),
    },
    {
      id: "over-the-limit",
      question: t("What happens if I send more than my plan includes?"),
      answer: t("Nothing stops: each extra shipment is charged at the end of the month, {{prices}}. {{plans}} has no limit, so there is nothing extra to pay.", {
        prices: list(
          PRICING_PLANS.filter((plan) => plan.overagePerShipment !== null).map((plan) => t("{{amount}} on {{plan}}", { amount: dollars(plan.overagePerShipment!), plan: t(plan.name) })),
        ),
        plans: list(unlimited),
      }),
    },
    {
      id: "yearly",
      question: t("How does yearly billing work?"),
      answer: t("You pay for twelve months at once: {{prices}}. That works out at {{monthly}}, a saving of {{savings}} a year against paying monthly.", {
        prices: planFigures((plan) => dollars(plan.yearlyPrice)),
        monthly: planFigures((plan) => t("{{amount}} a month", { amount: dollars(monthlyEquivalent(plan, "yearly")) })),
        savings: planFigures((plan) => dollars(yearlySaving(plan))),
      }),
    },
    {
      id: "insurance",
      question: t("What does the included insurance cover?"),
      answer: t(
        "Every shipment on a plan is covered for loss or damage up to {{covers}}, instead of the {{basic}} every shipment has. To cover more, tick Insurance when you create the shipment: the full declared value, up to {{maximum}}, for {{rate}} of that value.",
        {
          covers: planFigures((plan) => dollars(plan.insuranceCover)),
          basic: dollars(BASIC_COVER),
          maximum: dollars(MAX_INSURED_VALUE),
          rate: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(INSURANCE_RATE),
        },
      ),
    },
    {
      id: "add-ons",
      question: t("Are the add-on services included?"),
      answer: t("No, add-ons are charged per shipment on every plan: {{prices}}.", {
        prices: list(ADD_ONS.map((addOn) => t("{{addOn}} {{amount}}", { addOn: t(addOn.name).toLocaleLowerCase(locale), amount: dollars(addOn.price) }))),
      }),
    },
  ];
}
