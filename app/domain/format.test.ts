import { describe, expect, it } from "vitest";
import { formatMoney, minorUnitsInput, toMinorUnits } from "./format";

describe("money in minor units", () => {
  it("converts major to minor units by the currency's exponent", () => {
    expect(toMinorUnits(12.5, "USD")).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, "EUR")).toBe(30);
    expect(toMinorUnits(1500, "JPY")).toBe(1500);
    expect(toMinorUnits(1.234, "KWD")).toBe(1234);
  });

  it("shows minor units as an input value and as money", () => {
    expect(minorUnitsInput(1250, "USD")).toBe("12.50");
    expect(minorUnitsInput(1500, "JPY")).toBe("1500");
    expect(formatMoney(1250, "USD")).toBe("$12.50");
  });
});
