import { describe, expect, it } from "vitest";
import { likePattern, MAX_LIKE_PATTERN_BYTES } from "./text-search";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("likePattern", () => {
  it("matches a prefix or a part, wildcards taken literally", () => {
    expect(likePattern("SWP48", "prefix")).toBe("SWP48%");
    expect(likePattern("lena", "contains")).toBe("%lena%");
    expect(likePattern("50%_off\\", "contains")).toBe("%50\\%\\_off\\\\%");
  });

  it("keeps every pattern within D1's 50 bytes, cutting whole characters from the end", () => {
    expect(likePattern("a".repeat(48), "contains")).toBe(`%${"a".repeat(48)}%`);
    expect(likePattern("a".repeat(60), "contains")).toBe(`%${"a".repeat(48)}%`);
    expect(likePattern("a".repeat(60), "prefix")).toBe(`${"a".repeat(49)}%`);
    for (const text of ["%".repeat(40), "é".repeat(40), "📦".repeat(40), `${"a".repeat(47)}_`]) {
      for (const match of ["prefix", "contains"] as const) {
        const pattern = likePattern(text, match);
        expect(bytes(pattern), `${match} ${text}`).toBeLessThanOrEqual(MAX_LIKE_PATTERN_BYTES);
        // Never a dangling escape: the text part is whole escaped characters.
        expect(pattern.replace(/^%|%$/g, "")).toMatch(/^(?:\\[\\%_]|[^\\%_])*$/u);
      }
    }
    expect(likePattern("é".repeat(40), "contains")).toBe(`%${"é".repeat(24)}%`);
    expect(likePattern("📦".repeat(40), "prefix")).toBe(`${"📦".repeat(12)}%`);
  });
});
