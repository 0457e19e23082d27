import { describe, expect, it } from "vitest";
import {
  formatDollars,
  getPlan,
  monthlyEquivalent,
  PRICING_PLANS,
  parsePlanChoice,
  PLAN_CHOICES,
  planSummary,
  pricingChoice,
  registrationHref,
  registrationPlan,
  SERVICE_STARTING_PRICES,
  yearlySaving,
} from "./pricing-plans";
import { quote } from "./pricing";
import { BASE_RATES } from "./tariff";

describe("pricing plans", () => {
  it("holds the plans' prices, limits, cover and overage", () => {
    expect(PRICING_PLANS.map(({ id, monthlyPrice, yearlyPrice, shipmentLimit, insuranceCover, overagePerShipment }) => [
      id,
      monthlyPrice,
      yearlyPrice,
      shipmentLimit,
      insuranceCover,
      overagePerShipment,
    ])).toEqual([
      ["basic", 29, 290, 50, 100, 2],
      ["standard", 79, 790, 200, 500, 1.5],
      ["premium", 199, 1990, null, 2000, null],
    ]);
  });

  it("shows yearly billing as floor(yearly / 12) a month", () => {
    expect(PRICING_PLANS.map((plan) => monthlyEquivalent(plan, "yearly"))).toEqual([24, 65, 165]);
    expect(PRICING_PLANS.map((plan) => monthlyEquivalent(plan, "monthly"))).toEqual([29, 79, 199]);
  });

  it("saves twelve monthly payments minus the yearly price", () => {
    expect(PRICING_PLANS.map(yearlySaving)).toEqual([58, 158, 398]);
  });

  it("rounds down, never up, for a price that does not divide by 12", () => {
    const plan = { ...getPlan("basic"), yearlyPrice: 299 };
    expect(monthlyEquivalent(plan, "yearly")).toBe(24);
    expect(yearlySaving(plan)).toBe(49);
  });

  it("starts each service's prices at the lowest the tariff charges: its base rate", () => {
    expect(SERVICE_STARTING_PRICES).toEqual({ express: 12.99, standard: 5.99, "same-day": 45 });
    const services = { express: "express", standard: "standard", "same-day": "same_day" } as const;
    for (const [tab, serviceType] of Object.entries(services)) {
      // The lightest document within one country: the minimum charge.
      const lowest = quote({
        serviceType,
        packageType: "document",
        weightKg: 0.01,
        fromCountry: "US",
        toCountry: "US",
        rate: { currency: "USD", rate: 1, setAt: 0 },
        deliveryOption: "standard",
        insurance: false,
        declaredValue: 0,
        signatureRequired: false,
        fragile: false,
      });
      expect(lowest.total, tab).toBe(Math.round(SERVICE_STARTING_PRICES[tab as keyof typeof services] * 100));
      expect(SERVICE_STARTING_PRICES[tab as keyof typeof services]).toBe(BASE_RATES[serviceType]);
    }
  });

  it("formats whole dollars without cents and others with two decimals", () => {
    expect([29, 1.5, 2000, 0.5].map((amount) => formatDollars(amount))).toEqual(["$29", "$1.50", "$2,000", "$0.50"]);
  });

  it("reads the billing and the chosen plan from the query, defaulting to monthly and Standard", () => {
    expect(pricingChoice(new URLSearchParams("billing=yearly&plan=premium"))).toEqual({ billing: "yearly", plan: "premium" });
    expect(pricingChoice(new URLSearchParams("billing=weekly&plan=gold"))).toEqual({ billing: "monthly", plan: "standard" });
    expect(pricingChoice(new URLSearchParams())).toEqual({ billing: "monthly", plan: "standard" });
  });

  it("takes a plan chosen on /pricing to registration in a plain link, and reads it back there", () => {
    expect(registrationHref("basic", "yearly")).toBe("/register?plan=basic&billing=yearly");
    expect(registrationPlan(new URLSearchParams("plan=basic&billing=yearly"))).toBe("basic-yearly");
    expect(registrationPlan(new URLSearchParams("plan=premium"))).toBe("premium-monthly");
    expect(registrationPlan(new URLSearchParams("plan=gold&billing=yearly"))).toBe("");
    expect(registrationPlan(new URLSearchParams())).toBe("");
  });

  it("knows each plan with each billing, and says what it costs", () => {
    expect(PLAN_CHOICES).toHaveLength(6);
    expect(parsePlanChoice("standard-yearly")).toEqual({ plan: "standard", billing: "yearly" });
    expect(parsePlanChoice("gold-yearly")).toBeNull();
    expect(parsePlanChoice(undefined)).toBeNull();
    expect(planSummary("basic", "monthly")).toBe("Basic, billed monthly: $29 a month");
    expect(planSummary("basic", "yearly")).toBe("Basic, billed yearly: $290 a year ($24 a month)");
  });
});
