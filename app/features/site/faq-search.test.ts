import { describe, expect, it } from "vitest";
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQ_ENTRIES, type FaqCategory } from "~/features/site/faq";
import { translator } from "~/features/languages/i18n.server";
import { faqFilterFrom, faqSearchString, MAX_FAQ_QUERY_LENGTH, searchFaq } from "./faq-search";

const ids = (q: string, category: Parameters<typeof searchFaq>[1]["category"] = "all") =>
  searchFaq(FAQ_ENTRIES, { q, category }).map((entry) => entry.id);

describe("FAQ search", () => {
  it("lists every question when nothing is asked", () => {
    expect(ids("")).toEqual(FAQ_ENTRIES.map((entry) => entry.id));
    expect(ids("   ")).toHaveLength(FAQ_ENTRIES.length);
  });

  it("filters by category, keeping the content's order", () => {
    expect(ids("", "international")).toEqual(["countries", "customs"]);
    expect(ids("", "security")).toEqual(["claims", "privacy"]);
    for (const category of FAQ_CATEGORIES) expect(ids("", category).length).toBeGreaterThanOrEqual(2);
  });

  it("finds a word in the question, the answer or the keywords, ignoring case", () => {
    expect(ids("CUSTOMS")).toEqual(["customs"]);
    expect(ids("insurance")).toContain("claims");
    expect(ids("kg")).toContain("size-limits");
    expect(ids("50,000")).toContain("claims");
  });

  it("needs every word, in any order", () => {
    expect(ids("claim damaged")).toEqual(["claims"]);
    expect(ids("damaged claim")).toEqual(["claims"]);
    expect(ids("damaged countries")).toEqual([]);
  });

  it("combines the search with the category", () => {
    expect(ids("deliver", "international")).toEqual(["countries"]);
    expect(ids("customs", "shipping")).toEqual([]);
  });

  it("ignores accents and punctuation", () => {
    expect(ids("cústoms?")).toEqual(["customs"]);
    expect(ids("e-mail")).toContain("status-emails");
  });

  it("finds nothing for nonsense", () => {
    expect(ids("xyzzy plugh")).toEqual([]);
  });
});

describe("FAQ filter from the query", () => {
  it("reads the search and a known category", () => {
    expect(faqFilterFrom(new URLSearchParams("q=%20customs%20&category=international"))).toEqual({ q: "customs", category: "international" });
  });

  it("treats a missing or unknown category as all and bounds the search", () => {
    expect(faqFilterFrom(new URLSearchParams("category=everything"))).toEqual({ q: "", category: "all" });
    expect(faqFilterFrom(new URLSearchParams({ q: "x".repeat(500) })).q).toHaveLength(MAX_FAQ_QUERY_LENGTH);
  });

  it("writes the query back without defaults", () => {
    expect(faqSearchString({ q: "", category: "all" })).toBe("");
    expect(faqSearchString({ q: "lost parcel", category: "security" })).toBe("?q=lost+parcel&category=security");
  });

  it("finds the words of the page's language in the translated questions, answers and category names", () => {
    for (const [language, words, category] of [["es", "aduana impuestos", "reclamaciones"], ["fr", "douane taxes", "réclamations"]] as const) {
      const t = translator(language, "faq");
      const entries = FAQ_ENTRIES.map((entry) => ({ ...entry, question: t(entry.question), answer: entry.answer.map((paragraph) => t(paragraph)) }));
      const labels = Object.fromEntries(FAQ_CATEGORIES.map((one) => [one, t(FAQ_CATEGORY_LABELS[one])])) as Record<FaqCategory, string>;
      expect(entries.every((entry, index) => entry.question !== FAQ_ENTRIES[index]!.question), language).toBe(true);
      expect(searchFaq(entries, { q: words, category: "all" }, labels).map((entry) => entry.id), language).toEqual(["customs"]);
      expect(searchFaq(entries, { q: category, category: "all" }, labels).map((entry) => entry.category), language).toEqual(
        FAQ_ENTRIES.filter((entry) => entry.category === "security").map(() => "security"),
      );
    }
  });
});
