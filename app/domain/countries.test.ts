import { describe, expect, it } from "vitest";
import { COUNTRIES, getCountry, isCountryCode, PRICING_REGIONS } from "./countries";

describe("COUNTRIES", () => {
  it("holds the 193 UN members and the two observer states, once each", () => {
    expect(COUNTRIES).toHaveLength(195);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    for (const code of ["VA", "PS", "US", "DE", "JP", "BR", "NG", "AU"]) expect(isCountryCode(code)).toBe(true);
    // Territories are not countries of their own.
    for (const code of ["PR", "GU", "HK", "GL"]) expect(isCountryCode(code)).toBe(false);
  });

  it("is sorted by English name", () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("gives every country a dialling code, a currency with symbol and name, and a pricing region", () => {
    for (const country of COUNTRIES) {
      expect(country.phoneCode, country.code).toMatch(/^\+[1-9]\d{0,3}$/);
      expect(country.currency, country.code).toMatch(/^[A-Z]{3}$/);
      expect(country.currencySymbol, country.code).not.toBe("");
      expect(country.currencyName, country.code).not.toBe("");
      expect(PRICING_REGIONS, country.code).toContain(country.region);
      expect(country.area, country.code).toBeGreaterThan(0);
    }
  });

  it("knows the details of a few well-known countries", () => {
    expect(getCountry("us")).toMatchObject({ name: "United States", phoneCode: "+1", currency: "USD", currencySymbol: "$", region: "North America" });
    expect(getCountry("DE")).toMatchObject({ phoneCode: "+49", currency: "EUR", currencySymbol: "€", region: "Europe" });
    expect(getCountry("GB")).toMatchObject({ phoneCode: "+44", currency: "GBP", region: "Europe" });
    expect(getCountry("JP")).toMatchObject({ phoneCode: "+81", currency: "JPY", region: "Asia Pacific" });
    expect(getCountry("BR")).toMatchObject({ phoneCode: "+55", currency: "BRL", region: "South America" });
    expect(getCountry("MX")?.region).toBe("North America");
    expect(getCountry("KE")).toMatchObject({ phoneCode: "+254", region: "Africa" });
    expect(getCountry("VA")?.phoneCode).toBe("+39");
    expect(getCountry("ZZ")).toBeUndefined();
  });
});
