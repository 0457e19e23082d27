import { describe, expect, it } from "vitest";
import { quote, routeMultiplier, shippingCost } from "./pricing";

describe("routeMultiplier", () => {
  it("is 1 within a country, 1.5 within a region, 2 between regions", () => {
    expect(routeMultiplier("US", "us")).toBe(1);
    expect(routeMultiplier("US", "CA")).toBe(1.5);
    expect(routeMultiplier("DE", "FR")).toBe(1.5);
    expect(routeMultiplier("JP", "AU")).toBe(1.5);
    expect(routeMultiplier("US", "DE")).toBe(2);
    expect(routeMultiplier("BR", "US")).toBe(2);
  });
});

describe("shippingCost", () => {
  it("is (base + 0.5 per kg) x route x package", () => {
    // (12.99 + 1.00) x 2 x 1 = 27.98
    expect(shippingCost({ serviceType: "express", packageType: "package", weightKg: 2, fromCountry: "US", toCountry: "DE" })).toBe(2798);
    // (5.99 + 5.00) x 1.5 = 16.485, rounded to 16.49 cents-wise, x 1.5 = 24.735, rounded to 24.74
    expect(shippingCost({ serviceType: "standard", packageType: "pallet", weightKg: 10, fromCountry: "DE", toCountry: "FR" })).toBe(2474);
  });

  it("never goes below the base rate", () => {
    // (24.99 + 0.05) x 1 x 0.8 = 20.03 < 24.99
    expect(shippingCost({ serviceType: "overnight", packageType: "document", weightKg: 0.1, fromCountry: "US", toCountry: "US" })).toBe(2499);
  });

  it("uses the currency's own minor units", () => {
    expect(shippingCost({ serviceType: "express", packageType: "package", weightKg: 2, fromCountry: "JP", toCountry: "JP" }, "JPY")).toBe(14);
  });
});

describe("quote", () => {
  const input = {
    serviceType: "standard" as const,
    packageType: "package" as const,
    weightKg: 4,
    fromCountry: "GB",
    toCountry: "DE",
    currency: "EUR",
    deliveryOption: "morning" as const,
    insurance: true,
    declaredValue: 25_000,
  };

  it("itemises every charge and adds them up", () => {
    const result = quote(input);
    expect(result.lines.map((line) => [line.key, line.amount])).toEqual([
      ["base", 599],
      ["weight", 200],
      ["route", 400],
      ["delivery", 1500],
      ["insurance", 250],
    ]);
    expect(result.shipping).toBe(1199);
    expect(result.total).toBe(1199 + 1500 + 250);
    expect(result.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it("shows the minimum charge as its own line", () => {
    const result = quote({ ...input, serviceType: "overnight", packageType: "document", weightKg: 0.1, toCountry: "GB", deliveryOption: "standard", insurance: false });
    expect(result.lines.map((line) => line.key)).toEqual(["base", "weight", "package", "minimum"]);
    expect(result.total).toBe(2499);
    expect(result.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it("replaces the calculated charge with a staff override", () => {
    const result = quote({ ...input, basePriceOverride: 5000, deliveryOption: "weekend", insurance: false });
    expect(result.lines.map((line) => [line.key, line.amount])).toEqual([
      ["override", 5000],
      ["delivery", 2500],
    ]);
    expect(result.total).toBe(7500);
  });
});
