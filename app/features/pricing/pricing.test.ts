import { describe, expect, it } from "vitest";
import type { ExchangeRate } from "./exchange-rates";
import { ENGLISH_VOICE } from "~/.server/answer-language";
import { translator } from "~/features/languages/i18n.server";
import { insuranceCapFault, insuredValueCap, quote, routeMultiplier, shippingCost } from "./pricing";
import { getAddOn } from "./pricing-plans";
import { BASE_RATES, MAX_INSURED_VALUE } from "./tariff";

const setAt = Date.UTC(2026, 10, 20);
const EUR: ExchangeRate = { currency: "EUR", rate: 0.87, setAt };
const JPY: ExchangeRate = { currency: "JPY", rate: 147, setAt };
const BHD: ExchangeRate = { currency: "BHD", rate: 0.376, setAt };
const USD: ExchangeRate = { currency: "USD", rate: 1, setAt };

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

  it("converts the dollar price at the rate, to the currency's own minor unit", () => {
    const domestic = { serviceType: "express", packageType: "package", weightKg: 2, fromCountry: "JP", toCountry: "JP" } as const;
    // $13.99: ¥2,056.53 at 147 is ¥2,057 (no decimals); BHD 5.26024 at 0.376 is BHD 5.260 (three).
    expect(shippingCost(domestic)).toBe(1399);
    expect(shippingCost(domestic, JPY)).toBe(2057);
    expect(shippingCost(domestic, BHD)).toBe(5260);
  });
});

describe("quote", () => {
  const input = {
    serviceType: "standard" as const,
    packageType: "package" as const,
    weightKg: 4,
    fromCountry: "GB",
    toCountry: "DE",
    rate: USD,
    deliveryOption: "morning" as const,
    insurance: true,
    declaredValue: 25_000,
    signatureRequired: false,
    fragile: false,
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

  it("charges each add-on chosen at its advertised price, after the delivery option and before the insurance", () => {
    const result = quote({ ...input, signatureRequired: true, fragile: true });
    expect(result.lines.map((line) => [line.key, line.label, line.amount])).toEqual([
      ["base", "Base rate", 599],
      ["weight", "Weight (4 kg)", 200],
      ["route", "Route (x1.5)", 400],
      ["delivery", "Morning (before 12:00)", 1500],
      ["signature", "Signature confirmation", getAddOn("signature").price * 100],
      ["fragile", "Fragile handling", getAddOn("fragile").price * 100],
      ["insurance", "Insurance (1% of declared value)", 250],
    ]);
    // The add-ons are options: the shipping charge is the carriage alone.
    expect(result.shipping).toBe(1199);
    expect(result.total).toBe(1199 + 1500 + 300 + 800 + 250);
  });

  it("prices Same Day from its base rate within one country, never below it", () => {
    const sameDay = { ...input, serviceType: "same_day" as const, fromCountry: "US", toCountry: "US", deliveryOption: "standard" as const, insurance: false };
    expect(quote({ ...sameDay, packageType: "document", weightKg: 0.1 }).total).toBe(BASE_RATES.same_day * 100);
    // 45.00 + 2 kg x 0.50 = 46.00, fragile 8.00.
    expect(quote({ ...sameDay, weightKg: 2, fragile: true }).total).toBe(4600 + 800);
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

describe("quote in another currency", () => {
  const input = {
    serviceType: "express" as const,
    packageType: "document" as const,
    weightKg: 3,
    fromCountry: "US",
    toCountry: "DE",
    deliveryOption: "evening" as const,
    insurance: false,
    declaredValue: 0,
    signatureRequired: false,
    fragile: false,
  };

  it("is the dollar price converted at the rate, its lines still adding up", () => {
    const dollars = quote({ ...input, rate: USD });
    for (const rate of [EUR, JPY, BHD]) {
      const converted = quote({ ...input, rate });
      expect(converted.currency).toBe(rate.currency);
      expect(converted.total).toBe(Math.round((dollars.total / 100) * rate.rate * 10 ** { EUR: 2, JPY: 0, BHD: 3 }[rate.currency as "EUR"]));
      expect(converted.lines.map((line) => line.key)).toEqual(dollars.lines.map((line) => line.key));
      expect(converted.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(converted.total);
      expect(converted.exchange).toEqual({ base: "USD", ...rate });
    }
  });

  it("converts the add-ons with the rest of the tariff", () => {
    const result = quote({ ...input, rate: EUR, fragile: true, signatureRequired: true });
    // $8 and $3 at 0.87: €6.96 and €2.61, within a cent of their own conversion while the lines add up.
    expect(Math.abs(result.lines.find((line) => line.key === "fragile")!.amount - 696)).toBeLessThanOrEqual(1);
    expect(Math.abs(result.lines.find((line) => line.key === "signature")!.amount - 261)).toBeLessThanOrEqual(1);
    expect(result.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it("takes a staff override and the insured value as they are, in the quote's currency", () => {
    const result = quote({ ...input, rate: JPY, basePriceOverride: 5000, insurance: true, declaredValue: 100_000 });
    // Evening delivery: $10 at 147 is ¥1,470.
    expect(result.lines.map((line) => [line.key, line.amount])).toEqual([
      ["override", 5000],
      ["delivery", 1470],
      ["insurance", 1000],
    ]);
    expect(result.total).toBe(7470);
  });
});

describe("the insurance cap", () => {
  it("is $50,000 converted at the rate of the declared value's currency", () => {
    expect(insuredValueCap(USD)).toBe(MAX_INSURED_VALUE * 100);
    expect(insuredValueCap(EUR)).toBe(4_350_000);
    expect(insuredValueCap(JPY)).toBe(7_350_000);
  });

  it("lets a value up to the cap through, and names both figures above it", () => {
    expect(insuranceCapFault(5_000_000, USD, ENGLISH_VOICE)).toBeNull();
    expect(insuranceCapFault(4_350_000, EUR, ENGLISH_VOICE)).toBeNull();
    expect(insuranceCapFault(5_000_001, USD, ENGLISH_VOICE)).toBe("Insurance covers at most $50,000 of declared value; this shipment declares $50,000.01.");
    // The same number read as euros is over the cap: €50,000 is more than $50,000.
    expect(insuranceCapFault(5_000_000, EUR, ENGLISH_VOICE)).toBe("Insurance covers at most $50,000 (€43,500.00) of declared value; this shipment declares €50,000.00.");
    // In the reader's language, amounts in their locale.
    const french = { t: translator("fr", "messages"), locale: "fr-FR" };
    expect(insuranceCapFault(5_000_000, EUR, french)?.replace(/[\u00a0\u202f]/g, " ")).toBe("L'assurance couvre au plus 50 000 $US (43 500,00 €) de valeur déclarée ; cet envoi déclare 50 000,00 €.");
  });
});
