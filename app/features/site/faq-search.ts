// The FAQ's search and category filter: the /faq page runs it on the server (the GET form,
// without JavaScript) and in the browser as the visitor types; the support assistant can use
// it to find the answers to a question.
import { tk } from "~/features/languages/languages";
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, type FaqCategory, type FaqEntry } from "./faq-categories";

export type FaqCategoryFilter = FaqCategory | "all";
export type FaqFilter = { q: string; category: FaqCategoryFilter };

/** Longer searches are cut here: no question needs more, and the query string stays small. */
export const MAX_FAQ_QUERY_LENGTH = 100;

export function isFaqCategory(value: unknown): value is FaqCategory {
  return FAQ_CATEGORIES.includes(value as FaqCategory);
}

/** The filter a query string asks for (`?q=customs&category=international`); unknown categories mean all. */
export function faqFilterFrom(params: URLSearchParams): FaqFilter {
  const category = params.get("category");
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_FAQ_QUERY_LENGTH),
    category: isFaqCategory(category) ? category : "all",
  };
}

/** Lower case, accents and punctuation dropped, runs of spaces made one. */
function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}$%]+/gu, " ")
    .trim();
}

function searchableText(entry: FaqEntry, categoryLabels: Record<FaqCategory, string>): string {
  return normalize([entry.question, ...entry.answer, ...entry.keywords, categoryLabels[entry.category]].join(" "));
}

/**
 * The entries of the chosen category whose question, answer, keywords or category name
 * contain every word of the search (in any order, ignoring case and accents), in their order.
 * The page searches the entries and category names in its own language.
 */
export function searchFaq(entries: readonly FaqEntry[], { q, category }: FaqFilter, categoryLabels: Record<FaqCategory, string> = FAQ_CATEGORY_LABELS): FaqEntry[] {
  const words = normalize(q.slice(0, MAX_FAQ_QUERY_LENGTH)).split(" ").filter(Boolean);
  return entries.filter((entry) => {
    if (category !== "all" && entry.category !== category) return false;
    if (words.length === 0) return true;
    const text = searchableText(entry, categoryLabels);
    return words.every((word) => text.includes(word));
  });
}

/** The query string of a filter, leaving out what is the default (`""` for all questions). */
export function faqSearchString({ q, category }: FaqFilter): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category !== "all") params.set("category", category);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The count's wordings, with {{found}} and {{all}} for the numbers; the page gives them translated. */
export type FaqCountTexts = { all: string; some: string };
export const FAQ_COUNT_TEXTS: FaqCountTexts = { all: tk("All {{all}} questions"), some: tk("{{found}} of {{all}} questions") };

/** What the page says above the list: "All 24 questions" or "3 of 24 questions". */
export function faqCountText(found: number, all: number, texts: FaqCountTexts = FAQ_COUNT_TEXTS): string {
  return (found === all ? texts.all : texts.some).replace("{{found}}", String(found)).replace("{{all}}", String(all));
}
