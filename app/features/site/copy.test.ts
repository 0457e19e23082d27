// The public copy states only prices, delivery times and limits that the rule modules apply:
// the home page, /services, /pricing, the FAQ and the support assistant's answers.
import { describe, expect, it } from "vitest";
import { unsupportedFigures } from "../../../tests/stated-figures";
import { builtInAnswer } from "~/features/chat/support-assistant";
import { formatDollars, PRICING_PLANS, SERVICE_STARTING_PRICES, ADD_ONS } from "~/features/pricing/pricing-plans";
import { PLAN_TAGLINES, planFeatures, planLimitations, pricingFaq } from "~/features/pricing/pricing-page";
import { businessDaysText, TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";
import { ABOUT_STATS, CORE_VALUES, MISSION, TIMELINE } from "./about";
import { FAQ_ENTRIES } from "./faq";
import { translator } from "~/features/languages/i18n.server";
import { homeServices } from "./home-services";
import { SLIDES } from "./home-slides";
import { ADDITIONAL_SERVICES, INDUSTRIES, MORE_SERVICES, SERVICE_TABS, SERVICE_TESTIMONIALS, type SoldAs } from "./services";
import { parseWithZod } from "@conform-to/zod";
import { VALID_ADMIN_FORM } from "../../../tests/admin-shipment-sample";
import { SAMPLE_PACKAGE_STEP } from "../../../tests/customer-shipment-sample";
import { quote, type QuoteInput } from "~/features/pricing/pricing";
import { BASE_RATE } from "~/features/pricing/exchange-rates";
import { ShipmentFormSchema } from "~/features/shipments/admin-shipment-form";
import { shipmentSchemas } from "~/features/shipments/shipment-steps";
import type { ServiceType } from "~/features/shipments/shipping-options";

/** Every string inside `value`, however deeply nested. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

// The home page's and the pricing page's copy as an English reader gets it.
const english = translator("en", "site");
const HOME_SERVICES = homeServices(english);
const HOME_SLIDES = SLIDES.map((slide) => ({ title: english(slide.title), text: "count" in slide ? english(slide.text, { count: slide.count }) : english(slide.text) }));

const COPY: Record<string, unknown> = {
  "home slides": HOME_SLIDES,
  "home services": HOME_SERVICES,
  "services tabs": SERVICE_TABS.map((tab) => ({ ...tab, startingPrice: `From ${formatDollars(tab.startingPrice)}` })),
  "more services": [MORE_SERVICES, ADDITIONAL_SERVICES, INDUSTRIES, SERVICE_TESTIMONIALS],
  pricing: [PRICING_PLANS.map((plan) => [planFeatures(plan, english), planLimitations(plan, english)]), PLAN_TAGLINES, pricingFaq(english), ADD_ONS],
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
    expect(texts(HOME_SLIDES).join(" ")).not.toMatch(/next[- ]day express|express[^.]*next business day/i);
  });
});

describe("unsupportedFigures", () => {
  it("names what no module applies, and lets what they apply through", () => {
    // $15 and $8 are prices (a surcharge, an add-on), but not where a service's prices start.
    expect(unsupportedFigures("Express from $15, Standard From $8, insurance 2%, $7")).toEqual(["from $15", "From $8", "$7", "2%"]);
    expect(unsupportedFigures("Express from $12.99, Standard from $5.99, Same Day from $45; 13.00 a month")).toEqual(["13.00"]);
    // The old starting prices and the add-ons no form sells.
    expect(unsupportedFigures("Express from $25, Standard from $12, international express $25 extra")).toEqual(["from $25", "from $12", "$12"]);
    expect(unsupportedFigures("Standard in 3-5 business days, Express in 2 business days")).toEqual(["3-5 business days"]);
    expect(unsupportedFigures("Parcels up to 40 kg, up to 70 lbs (32 kg), up to 75 shipments")).toEqual(["40 kg", "75 shipments"]);
    expect(unsupportedFigures("Cover up to $50,000 or $1,990 a year, $0.50 per kilogram, $5.99")).toEqual([]);
  });
});

/** The form fields and values that choose an additional service, in both shipment forms. */
function choosing(soldAs: SoldAs): Record<string, string> {
  switch (soldAs.kind) {
    case "insurance":
      return { insurance: "on" };
    case "add-on":
      return { [soldAs.id === "signature" ? "signatureRequired" : "fragile"]: "on" };
    case "delivery":
      return { deliveryOption: soldAs.option };
  }
}

/** The same choice as the pricing module takes it. */
function priced(soldAs: SoldAs): Partial<QuoteInput> {
  switch (soldAs.kind) {
    case "insurance":
      return { insurance: true };
    case "add-on":
      return soldAs.id === "signature" ? { signatureRequired: true } : { fragile: true };
    case "delivery":
      return { deliveryOption: soldAs.option };
  }
}

const customerPackageStep = shipmentSchemas({ countries: [], currencies: [{ code: "USD", name: "US dollar", symbol: "$" }] })[3];

/** What each shipment form makes of `fields`, or null when it refuses them. */
function bothForms(fields: Record<string, string>) {
  const customer = parseWithZod(new URLSearchParams({ ...SAMPLE_PACKAGE_STEP, insurance: "", currency: "USD", ...fields }), { schema: customerPackageStep });
  const admin = parseWithZod(new URLSearchParams({ ...VALID_ADMIN_FORM, ...fields }), { schema: ShipmentFormSchema });
  return [customer.status === "success" ? customer.value : null, admin.status === "success" ? admin.value : null] as const;
}

const plainQuote: QuoteInput = {
  serviceType: "standard",
  packageType: "package",
  weightKg: 2,
  fromCountry: "US",
  toCountry: "US",
  rate: BASE_RATE,
  deliveryOption: "standard",
  insurance: false,
  declaredValue: 10_000,
  signatureRequired: false,
  fragile: false,
};

describe("what the pages sell", () => {
  it("every additional service and add-on can be chosen in both shipment forms and is charged what the page states", () => {
    const listed = [...ADDITIONAL_SERVICES.map((service) => service.soldAs), ...ADD_ONS.map((addOn): SoldAs => ({ kind: "add-on", id: addOn.id }))];
    for (const soldAs of listed) {
      const fields = choosing(soldAs);
      for (const value of bothForms(fields)) expect(value, JSON.stringify(soldAs)).toMatchObject(Object.fromEntries(Object.entries(fields).map(([key, chosen]) => [key, chosen === "on" ? true : chosen])));
      const charged = quote({ ...plainQuote, ...priced(soldAs) }).total - quote(plainQuote).total;
      const stated = ADDITIONAL_SERVICES.find((service) => JSON.stringify(service.soldAs) === JSON.stringify(soldAs))?.price;
      // Insurance is stated as 1% of the declared value ($100.00 here), the rest in dollars.
      expect(stated, JSON.stringify(soldAs)).toBe(soldAs.kind === "insurance" ? `${(charged / plainQuote.declaredValue) * 100}% of the declared value` : formatDollars(charged / 100));
    }
    for (const addOn of ADD_ONS) expect(quote({ ...plainQuote, ...priced({ kind: "add-on", id: addOn.id }) }).total - quote(plainQuote).total).toBe(addOn.price * 100);
  });

  it("every service on the services page can be chosen in both shipment forms, from the price the page states", () => {
    for (const tab of SERVICE_TABS) {
      for (const serviceType of tab.sells) {
        // Same Day is sold within one city (the sample sends from Boston).
        const [customer, admin] = bothForms({ serviceType, ...(serviceType === "same_day" ? { recipientCity: "Boston", recipientCountry: "US" } : {}) });
        expect(customer?.serviceType, serviceType).toBe(serviceType);
        expect(admin?.serviceType, serviceType).toBe(serviceType);
      }
      // The lightest document within one country: where the tariff's prices start.
      const lowest = quote({ ...plainQuote, serviceType: tab.sells[0] as ServiceType, packageType: "document", weightKg: 0.01 }).total;
      expect(formatDollars(lowest / 100), tab.id).toBe(formatDollars(tab.startingPrice));
    }
  });
});
