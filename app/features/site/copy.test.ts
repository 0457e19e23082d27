// The public copy states only prices, delivery times and limits that the rule modules apply:
// the home page, /services, /pricing, the FAQ and the support assistant's answers.
import { describe, expect, it } from "vitest";
import { unsupportedFigures } from "../../../tests/stated-figures";
import { builtInAnswer } from "~/features/chat/support-assistant";
import { formatDollars, PRICING_PLANS, SERVICE_STARTING_PRICES, ADD_ONS } from "~/features/pricing/pricing-plans";
import { PLAN_TAGLINES, planFeatures, planLimitations, PRICING_FAQ } from "~/features/pricing/pricing-page";
import { businessDaysText, TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";
import { ABOUT_STATS, CORE_VALUES, MISSION, TIMELINE } from "./about";
import { FAQ_ENTRIES } from "./faq";
import { HOME_SERVICES } from "./home-services";
import { SLIDES } from "./home-slides";
import { ADDITIONAL_SERVICES, INDUSTRIES, MORE_SERVICES, SERVICE_TABS, SERVICE_TESTIMONIALS } from "./services";

/** Every string inside `value`, however deeply nested. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

const COPY: Record<string, unknown> = {
  "home slides": SLIDES,
  "home services": HOME_SERVICES,
  "services tabs": SERVICE_TABS.map((tab) => ({ ...tab, startingPrice: `From ${formatDollars(tab.startingPrice)}` })),
  "more services": [MORE_SERVICES, ADDITIONAL_SERVICES, INDUSTRIES, SERVICE_TESTIMONIALS],
  pricing: [PRICING_PLANS.map((plan) => [planFeatures(plan), planLimitations(plan)]), PLAN_TAGLINES, PRICING_FAQ, ADD_ONS],
  faq: FAQ_ENTRIES.map((entry) => entry.answer),
  about: [ABOUT_STATS, CORE_VALUES, MISSION, TIMELINE],
  assistant: [
    "What services do you offer?",
    "How much does shipping cost?",
    "How long does delivery take?",
    "Is my parcel insured?",
    "How big can a parcel be?",
  ].map((question) => builtInAnswer(question).message),
};

describe("the public copy", () => {
  for (const [name, copy] of Object.entries(COPY)) {
    it(`${name}: states only prices, delivery times and limits the modules apply`, () => {
      expect(texts(copy).flatMap(unsupportedFigures)).toEqual([]);
    });
  }

  it("says each service's own delivery time and starting price on the home page's cards", () => {
    const card = (id: string) => HOME_SERVICES.find((service) => service.id === id)!;
    expect(card("express").text).toContain(businessDaysText(TRANSIT_BUSINESS_DAYS.express));
    expect(card("express").price).toBe(`From ${formatDollars(SERVICE_STARTING_PRICES.express)}`);
    expect(card("standard").text).toContain(businessDaysText(TRANSIT_BUSINESS_DAYS.standard));
    expect(card("standard").price).toBe(`From ${formatDollars(SERVICE_STARTING_PRICES.standard)}`);
    expect(texts(SLIDES).join(" ")).not.toMatch(/next[- ]day express|express[^.]*next business day/i);
  });
});

describe("unsupportedFigures", () => {
  it("names what no module applies, and lets what they apply through", () => {
    // $15 and $8 are prices (an add-on, a surcharge), but not where a service's prices start.
    expect(unsupportedFigures("Express from $15, Standard From $8, insurance 2%, $7")).toEqual(["from $15", "From $8", "$7", "2%"]);
    expect(unsupportedFigures("Express from $25, Standard from $12; 13.00 a month")).toEqual(["13.00"]);
    expect(unsupportedFigures("Standard in 3-5 business days, Express in 2 business days")).toEqual(["3-5 business days"]);
    expect(unsupportedFigures("Parcels up to 40 kg, up to 70 lbs (32 kg), up to 75 shipments")).toEqual(["40 kg", "75 shipments"]);
    expect(unsupportedFigures("Cover up to $50,000 or $1,990 a year, $0.50 per kilogram, $5.99")).toEqual([]);
  });
});
