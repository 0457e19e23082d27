import { describe, expect, it } from "vitest";
import { convertMinorUnits, convertParts, describeRate, isValidRate, roundRate, toBaseMinorUnits, type ExchangeRate } from "./exchange-rates";

const rate = (currency: string, value: number): ExchangeRate => ({ currency, rate: value, setAt: 0 });

describe("convertMinorUnits", () => {
  it("converts cents to the target's minor unit, whatever its size", () => {
    expect(convertMinorUnits(3098, rate("USD", 1))).toBe(3098);
    // $30.98 at 0.87 is €26.9526.
    expect(convertMinorUnits(3098, rate("EUR", 0.87))).toBe(2695);
    // At 147 it is ¥4,554.06: yen have no minor unit.
    expect(convertMinorUnits(3098, rate("JPY", 147))).toBe(4554);
    // At 0.376 it is BHD 11.64848: three decimals.
    expect(convertMinorUnits(3098, rate("BHD", 0.376))).toBe(11648);
  });

  it("rounds halves away from zero, also where binary fractions fall short of them", () => {
    expect(convertMinorUnits(1, rate("EUR", 0.5))).toBe(1);
    expect(convertMinorUnits(-1, rate("EUR", 0.5))).toBe(-1);
    // 90 x 0.35 is 31.5 in decimal but 31.499999999999996 in binary.
    expect(convertMinorUnits(90, rate("GBP", 0.35))).toBe(32);
    expect(convertMinorUnits(1000, rate("GBP", 1.0005))).toBe(1001);
  });
});

describe("toBaseMinorUnits", () => {
  it("undoes convertMinorUnits, to the cent", () => {
    expect(toBaseMinorUnits(2695, rate("EUR", 0.87))).toBe(3098);
    expect(toBaseMinorUnits(4554, rate("JPY", 147))).toBe(3098);
    expect(toBaseMinorUnits(11648, rate("BHD", 0.376))).toBe(3098);
    expect(toBaseMinorUnits(-870, rate("EUR", 0.87))).toBe(-1000);
  });
});

describe("convertParts", () => {
  it("keeps parts adding up to the converted whole, each within a minor unit of its own conversion", () => {
    const parts = [1299, 150, 1449, -580, 1000];
    const eur = rate("EUR", 0.8731);
    const converted = convertParts(parts, eur);
    expect(converted.reduce((sum, part) => sum + part, 0)).toBe(convertMinorUnits(parts.reduce((sum, part) => sum + part, 0), eur));
    converted.forEach((part, index) => expect(Math.abs(part - parts[index]! * 0.8731)).toBeLessThanOrEqual(1));
  });
});

describe("rates", () => {
  it("are positive and bounded, kept to six decimals, and read '1 USD = x'", () => {
    expect(isValidRate(0.87)).toBe(true);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2_000_000]) expect(isValidRate(bad)).toBe(false);
    expect(roundRate(0.1 + 0.2)).toBe(0.3);
    expect(describeRate({ currency: "EUR", rate: 0.87 })).toBe("1 USD = 0.87 EUR");
    expect(describeRate({ currency: "IDR", rate: 16300 })).toBe("1 USD = 16,300 IDR");
  });
});
