import { describe, expect, it } from "vitest";
import { formatMoney } from "~/domain/format";
import type { ExchangeRate } from "./exchange-rates";
import { partsText, revenueText, revenueTotal, totalText, unconvertedNote } from "./revenue";

const rate = (currency: string, value: number): ExchangeRate => ({ currency, rate: value, setAt: 0 });
const RATES = [rate("EUR", 0.87), rate("JPY", 147), rate("BHD", 0.376)];

describe("revenueTotal", () => {
  it("adds each currency as charged and converts each sum once to US dollars at the stored rate", () => {
    // The admin dashboard read "$2,272.53 · €87.72" with no total: €87.72 at 0.87 a dollar is $100.83.
    const revenue = revenueTotal(
      [
        { currency: "USD", amount: 200_000 },
        { currency: "EUR", amount: 5_000 },
        { currency: "USD", amount: 27_253 },
        { currency: "EUR", amount: 3_772 },
      ],
      RATES,
    );
    expect(revenue).toEqual({ total: 227_253 + 10_083, parts: [{ currency: "USD", amount: 227_253 }, { currency: "EUR", amount: 8_772 }], unconverted: [] });
    expect(totalText(revenue)).toBe("$2,373.36");
    expect(partsText(revenue)).toBe("$2,272.53 + €87.72");
    expect(revenueText(revenue)).toBe("$2,373.36 ($2,272.53 + €87.72)");
  });

  it("reads minor units of every size and orders the parts by what they are worth", () => {
    // ¥14,700 is $100.00; BHD 1.000 is $2.66; €8.70 is $10.00.
    const revenue = revenueTotal(
      [
        { currency: "EUR", amount: 870 },
        { currency: "BHD", amount: 1_000 },
        { currency: "JPY", amount: 14_700 },
      ],
      RATES,
    );
    expect(revenue.total).toBe(10_000 + 266 + 1_000);
    expect(revenue.parts.map((part) => part.currency)).toEqual(["JPY", "EUR", "BHD"]);
  });

  it("leaves a currency without a stored rate out of the total, and says so", () => {
    const revenue = revenueTotal([{ currency: "USD", amount: 1_000 }, { currency: "XAF", amount: 50_000 }], RATES);
    expect(revenue.total).toBe(1_000);
    expect(revenue.unconverted).toEqual(["XAF"]);
    expect(partsText(revenue)).toBe(`$10.00 + ${formatMoney(50_000, "XAF")} (no XAF rate: not in the total)`);
    expect(unconvertedNote([revenue])).toBe("No stored rate for XAF: not in the total.");
  });

  it("is the amount alone when everything is in US dollars, and zero when there is nothing", () => {
    const dollars = revenueTotal([{ currency: "USD", amount: 1_250 }], []);
    expect(revenueText(dollars)).toBe("$12.50");
    expect(partsText(dollars)).toBeNull();
    expect(revenueText(revenueTotal([], RATES))).toBe("$0.00");
    expect(unconvertedNote([dollars])).toBeNull();
  });
});
