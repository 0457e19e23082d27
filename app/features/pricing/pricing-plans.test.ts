import { describe, expect, it } from "vitest";
import {
  formatDollars,
  getPlan,
  monthlyEquivalent,
  PRICING_PLANS,
  pricingChoice,
  SERVICE_STARTING_PRICES,
  yearlySaving,
} from "./pricing-plans";

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

  it("keeps the services page's starting prices", () => {
    expect(SERVICE_STARTING_PRICES).toEqual({ express: 25, standard: 12, "same-day": 45 });
  });

  it("formats whole dollars without cents and others with two decimals", () => {
    expect([29, 1.5, 2000, 0.5].map(formatDollars)).toEqual(["$29", "$1.50", "$2,000", "$0.50"]);
  });

  it("reads the billing and the chosen plan from the query, defaulting to monthly and Standard", () => {
    expect(pricingChoice(new URLSearchParams("billing=yearly&plan=premium"))).toEqual({ billing: "yearly", plan: "premium" });
    expect(pricingChoice(new URLSearchParams("billing=weekly&plan=gold"))).toEqual({ billing: "monthly", plan: "standard" });
    expect(pricingChoice(new URLSearchParams())).toEqual({ billing: "monthly", plan: "standard" });
  });
});
