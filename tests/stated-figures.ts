// What the public copy may state: every price, delivery time and limit in it must be one the
// rule modules apply (the tariff, the plans and add-ons, the delivery estimate, the form's
// limits). Shared by the copy's unit test (app/features/site/copy.test.ts) and the rendered
// pages' test (tests/integration/site-pages.test.ts).
import { packageSideLimitText, packageWeightLimitText, RANGE } from "~/domain/field-limits";
import { ADD_ONS, monthlyEquivalent, PRICING_PLANS, SERVICE_STARTING_PRICES, yearlySaving } from "~/features/pricing/pricing-plans";
import { BASE_RATES, BASIC_COVER, MAX_INSURED_VALUE, RATE_PER_KG } from "~/features/pricing/tariff";
import { TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";
import { DELIVERY_OPTION_SURCHARGES, INSURANCE_RATE } from "~/features/shipments/shipping-options";

const cents = (dollars: number) => Math.round(dollars * 100);

/** Every dollar amount the modules charge or state, in cents. */
export function chargedCents(): Set<number> {
  const amounts = [
    ...Object.values(BASE_RATES),
    RATE_PER_KG,
    ...Object.values(DELIVERY_OPTION_SURCHARGES).filter((amount) => amount > 0),
    ...Object.values(SERVICE_STARTING_PRICES),
    ...ADD_ONS.map((addOn) => addOn.price),
    ...PRICING_PLANS.flatMap((plan) => [
      plan.monthlyPrice,
      plan.yearlyPrice,
      monthlyEquivalent(plan, "yearly"),
      yearlySaving(plan),
      plan.insuranceCover,
      ...(plan.overagePerShipment === null ? [] : [plan.overagePerShipment]),
    ]),
    BASIC_COVER,
    MAX_INSURED_VALUE,
  ];
  return new Set(amounts.map(cents));
}

const numbersIn = (text: string) => [...text.matchAll(/\d+(?:\.\d+)?/g)].map((match) => Number(match[0]));

/**
 * The statements in `text` that state a figure no module applies: "$15" where no price is 15,
 * "3 business days" where no service takes 3, "40 kg" where the limit is 32. Empty when the
 * copy agrees with the rules.
 */
export function unsupportedFigures(text: string): string[] {
  const wrong: string[] = [];
  const money = chargedCents();
  // A "from" price is where prices start: a service's starting price or base rate, or the cheapest plan.
  const cheapestPlan = Math.min(...PRICING_PLANS.map((plan) => plan.monthlyPrice));
  const starting = new Set([...Object.values(SERVICE_STARTING_PRICES), ...Object.values(BASE_RATES), cheapestPlan].map(cents));
  for (const match of text.matchAll(/\bfrom \$(\d+)(?:\.(\d{2}))?/gi)) {
    if (!starting.has(Number(match[1]) * 100 + Number(match[2] ?? 0))) wrong.push(match[0]);
  }
  for (const match of text.matchAll(/\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?!\d|,\d)/g)) {
    if (!money.has(Number(match[1]!.replaceAll(",", "")) * 100 + Number(match[2] ?? 0))) wrong.push(match[0]);
  }
  // An amount written without its currency sign ("12.00").
  for (const match of text.matchAll(/(?<![\d$.,])(\d+)\.(\d{2})(?![\d%])/g)) {
    if (!money.has(Number(match[1]) * 100 + Number(match[2]))) wrong.push(match[0]);
  }
  const days = new Set(Object.values(TRANSIT_BUSINESS_DAYS));
  for (const match of text.matchAll(/(\d+)(?:\s*-\s*(\d+))?\s+business days?/gi)) {
    if (![match[1], match[2]].filter(Boolean).every((count) => days.has(Number(count)))) wrong.push(match[0]);
  }
  if (/next business day/i.test(text) && !days.has(1)) wrong.push("next business day");
  const limits: Record<string, Set<number>> = {
    kg: new Set([RANGE.packageWeightKg.max]),
    lbs: new Set(numbersIn(packageWeightLimitText()).slice(0, 1)),
    cm: new Set([RANGE.packageDimensionCm.max]),
    inches: new Set(numbersIn(packageSideLimitText()).slice(0, 1)),
  };
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)\s*(kg|lbs|cm|inches)\b/g)) {
    if (!limits[match[2]!]!.has(Number(match[1]))) wrong.push(match[0]);
  }
  const planLimits = new Set(PRICING_PLANS.flatMap((plan) => (plan.shipmentLimit === null ? [] : [plan.shipmentLimit])));
  for (const match of text.matchAll(/(\d+) shipments/g)) {
    if (!planLimits.has(Number(match[1]))) wrong.push(match[0]);
  }
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)%/g)) {
    if (Number(match[1]) !== INSURANCE_RATE * 100) wrong.push(match[0]);
  }
  return wrong;
}
