import { describe, expect, it } from "vitest";
import { CODE128_PATTERNS, code128Bars, code128BValues, code128CheckValue, QUIET_ZONE_MODULES } from "./code128";

describe("Code 128 set B", () => {
  it("has 107 distinct patterns, each 11 modules with an even bar sum (stop: 13)", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      const total = widths.reduce((sum, width) => sum + width, 0);
      expect(total, `value ${value}`).toBe(value === 106 ? 13 : 11);
      const bars = widths.filter((_, index) => index % 2 === 0).reduce((sum, width) => sum + width, 0);
      expect(bars % 2, `value ${value}`).toBe(0);
    });
  });

  it("computes the published check character of 'PJJ123C' (55)", () => {
    // Start B 104 + P 48x1 + J 42x2 + J 42x3 + 1 17x4 + 2 18x5 + 3 19x6 + C 35x7 = 879; 879 mod 103 = 55.
    expect(code128BValues("PJJ123C")).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it("encodes a tracking ID with its check character", () => {
    const values = code128BValues("SWP482913K7Q2ZD");
    expect(values[0]).toBe(104);
    expect(values.at(-1)).toBe(106);
    expect(values.slice(1, -2)).toEqual([..."SWP482913K7Q2ZD"].map((char) => char.charCodeAt(0) - 32));
    expect(values.at(-2)).toBe(code128CheckValue(values.slice(0, -2)));
    expect(code128CheckValue([104, 33])).toBe(34); // "A": (104 + 33) mod 103
  });

  it("lays out bars in modules between quiet zones", () => {
    const { bars, width } = code128Bars("A");
    // start + A + check + stop = 11 + 11 + 11 + 13 modules, plus two quiet zones.
    expect(width).toBe(46 + 2 * QUIET_ZONE_MODULES);
    // Start B is 211214: bars of width 2, 1, 1 at modules 0, 3, 6 of the symbol.
    expect(bars.slice(0, 3)).toEqual([
      { x: QUIET_ZONE_MODULES, width: 2 },
      { x: QUIET_ZONE_MODULES + 3, width: 1 },
      { x: QUIET_ZONE_MODULES + 6, width: 1 },
    ]);
    // The stop pattern 2331112 ends with a 2-module bar right before the trailing quiet zone.
    expect(bars.at(-1)).toEqual({ x: width - QUIET_ZONE_MODULES - 2, width: 2 });
  });

  it("refuses text outside printable ASCII", () => {
    expect(() => code128BValues("")).toThrow();
    expect(() => code128BValues("Größe")).toThrow();
  });
});
