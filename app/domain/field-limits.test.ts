import { describe, expect, it } from "vitest";
import { hasCents, hasControlCharacters, isCalendarDate } from "./field-limits";

describe("control characters", () => {
  it("are refused in one-line text, tabs and line breaks included", () => {
    for (const bad of ["a\u0000b", "a\tb", "a\nb", "a\rb", "a\u001bb", "a\u007fb", "a\u0085b"]) expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    expect(hasControlCharacters("Torstraße 1, 10119 Berlin — 📦")).toBe(false);
  });

  it("leave tabs and line breaks to multi-line text", () => {
    expect(hasControlCharacters("line one\r\nline\ttwo", true)).toBe(false);
    expect(hasControlCharacters("nul\u0000", true)).toBe(true);
    expect(hasControlCharacters("bell\u0007", true)).toBe(true);
  });
});

describe("cents", () => {
  it("are at most two decimal places", () => {
    expect(hasCents(19.99)).toBe(true);
    expect(hasCents(12.345)).toBe(false);
    expect(hasCents(5e-324)).toBe(false);
  });
});

describe("calendar dates", () => {
  it("are real dates in a sane range, written YYYY-MM-DD", () => {
    for (const good of ["2024-02-29", "2025-12-31", "2000-01-01", "2100-12-31"]) expect(isCalendarDate(good), good).toBe(true);
    for (const bad of ["2024-02-30", "2023-02-29", "9999-99-99", "2025-13-01", "2025-00-10", "1999-12-31", "2101-01-01", "2025-1-1", "2025-01-01T00:00", ""]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});
