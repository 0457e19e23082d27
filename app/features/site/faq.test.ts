import { describe, expect, it } from "vitest";
import { BASE_RATES } from "~/features/pricing/pricing";
import { formatDollars } from "~/features/pricing/pricing-plans";
import { FAQ_CATEGORIES, FAQ_ENTRIES } from "./faq";

const answerOf = (id: string) => FAQ_ENTRIES.find((entry) => entry.id === id)!.answer.join(" ");

describe("FAQ content", () => {
  it("has at least twelve questions with unique anchors that never clash with a category's", () => {
    expect(FAQ_ENTRIES.length).toBeGreaterThanOrEqual(12);
    const ids = FAQ_ENTRIES.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(FAQ_CATEGORIES as readonly string[]).not.toContain(id);
    }
    expect(ids).toEqual(expect.arrayContaining(["returns", "claims"]));
  });

  it("states the product's facts", () => {
    expect(answerOf("size-limits")).toContain("70 lbs (32 kg)");
    expect(answerOf("size-limits")).toContain("no side longer than 48 inches (122 cm)");
    expect(answerOf("claims")).toContain("$100");
    expect(answerOf("claims")).toContain("$50,000");
    expect(answerOf("countries")).toContain("220");
  });

  it("quotes the plans and the tariff from their modules", () => {
    expect(answerOf("plans")).toContain("Basic at $29 a month for up to 50 shipments");
    expect(answerOf("plans")).toContain("Premium at $199 a month with no limit on shipments");
    expect(answerOf("plans")).toContain("$290, $790 and $1,990");
    expect(answerOf("plans")).toContain("$58, $158 and $398");
    expect(answerOf("plans")).toContain("Basic charges $2 and Standard charges $1.50");
    for (const rate of Object.values(BASE_RATES)) expect(answerOf("cost")).toContain(formatDollars(rate));
  });
});
