import { describe, expect, it } from "vitest";
import { COUNTRIES, type Country } from "~/domain/countries";
import { CURRENCIES, isPickerCurrency, MAJOR_CURRENCIES, PICKER_SIZE, pickerCurrencies } from "./currencies";

describe("CURRENCIES", () => {
  it("offers 50 distinct currencies, listed by code", () => {
    expect(CURRENCIES).toHaveLength(PICKER_SIZE);
    const codes = CURRENCIES.map((currency) => currency.code);
    expect(new Set(codes).size).toBe(50);
    expect(codes).toEqual([...codes].sort());
  });

  it("takes each currency, symbol and name from a country that uses it", () => {
    for (const currency of CURRENCIES) {
      const country = COUNTRIES.find((candidate) => candidate.currency === currency.code);
      expect(country, currency.code).toBeDefined();
      expect(currency.symbol).toBe(country!.currencySymbol);
      expect(currency.name).toBe(country!.currencyName);
    }
    expect(CURRENCIES.find((currency) => currency.code === "EUR")).toEqual({ code: "EUR", name: "Euro", symbol: "€" });
  });

  it("always includes the major currencies that belong to a country, and the shared ones", () => {
    for (const code of MAJOR_CURRENCIES.filter((major) => COUNTRIES.some((country) => country.currency === major))) {
      expect(isPickerCurrency(code), code).toBe(true);
    }
    // Not the currency of any country in the table.
    expect(isPickerCurrency("HKD")).toBe(false);
    // Used by several countries each.
    for (const code of ["XOF", "XAF", "XCD"]) expect(isPickerCurrency(code), code).toBe(true);
  });

  it("is knowable by code", () => {
    expect(isPickerCurrency("USD")).toBe(true);
    expect(isPickerCurrency("usd")).toBe(false);
    expect(isPickerCurrency("XXX")).toBe(false);
  });
});

describe("pickerCurrencies", () => {
  const country = (code: string, currency: string, area: number): Country => ({
    code,
    name: code,
    phoneCode: "+1",
    currency,
    currencySymbol: currency,
    currencyName: currency,
    region: "Europe",
    area,
  });
  const table = [
    country("AA", "AAA", 10),
    country("BB", "BBB", 500),
    country("CC", "CCC", 1),
    country("DD", "CCC", 1),
    country("EE", "EEE", 500),
    country("FF", "GBP", 1),
  ];

  it("ranks majors first, then by countries using a currency, then by their area, then by code", () => {
    expect(pickerCurrencies(table, 3).map((currency) => currency.code)).toEqual(["BBB", "CCC", "GBP"]);
    expect(pickerCurrencies(table, 4).map((currency) => currency.code)).toEqual(["BBB", "CCC", "EEE", "GBP"]);
  });

  it("gives the same list for the same table", () => {
    expect(pickerCurrencies(COUNTRIES)).toEqual(CURRENCIES);
  });
});
