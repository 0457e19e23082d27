// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQ_ENTRIES } from "./faq";
import { faqCountText, searchFaq } from "./faq-search";
import { enhanceFaqFilter, URL_DELAY_MS } from "./faq-filter";

// The page as routes/_site.faq.tsx renders it for /faq: every question shown.
function drawPage() {
  document.body.innerHTML = `
    <main>
      <form data-faq-filter action="/faq">
        <input id="faq-q" name="q" type="search">
        <input type="radio" name="category" value="all" checked>
        ${FAQ_CATEGORIES.map((category) => `<input type="radio" name="category" value="${category}">`).join("")}
        <button type="submit">Search</button>
      </form>
      <p data-faq-count>${faqCountText(FAQ_ENTRIES.length, FAQ_ENTRIES.length)}</p>
      <div data-faq-none hidden>No questions found</div>
      ${FAQ_CATEGORIES.map(
        (category) => `<section id="${category}" aria-labelledby="${category}-title"><h2 id="${category}-title">${FAQ_CATEGORY_LABELS[category]}</h2>
          ${FAQ_ENTRIES.filter((entry) => entry.category === category)
            .map(
              (entry) =>
                `<details data-faq-question="${entry.id}" data-faq-keywords="${entry.keywords.join("|")}"><summary>${entry.question}<span aria-hidden="true">+</span></summary>` +
                `<div id="${entry.id}">${entry.answer.map((paragraph) => `<p>${paragraph}</p>`).join("")}</div></details>`,
            )
            .join("")}</section>`,
      ).join("")}
    </main>`;
}

let undo: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, "", "/faq");
  drawPage();
});
afterEach(() => {
  undo();
  vi.useRealTimers();
});

const search = () => document.querySelector<HTMLInputElement>("#faq-q")!;
const question = (id: string) => document.querySelector<HTMLDetailsElement>(`details[data-faq-question="${id}"]`)!;
const shown = () => FAQ_ENTRIES.filter((entry) => !question(entry.id).hidden).map((entry) => entry.id);
const count = () => document.querySelector("[data-faq-count]")!.textContent;
function typeInSearch(value: string) {
  search().value = value;
  search().dispatchEvent(new Event("input", { bubbles: true }));
}

describe("enhanceFaqFilter", () => {
  test("typing hides the questions that do not match and updates the count", () => {
    undo = enhanceFaqFilter(document.querySelector("main")!);
    typeInSearch("insurance");
    const insured = FAQ_ENTRIES.find((entry) => entry.question === "Is my parcel insured, and how do I make a claim?")!;
    expect(shown()).toContain(insured.id);
    expect(shown().length).toBeLessThan(FAQ_ENTRIES.length);
    expect(question(FAQ_ENTRIES.find((entry) => entry.question === "Which countries do you deliver to?")!.id).hidden).toBe(true);
    expect(count()).toBe(faqCountText(shown().length, FAQ_ENTRIES.length));
    // A category left with no question is hidden as a whole.
    for (const category of FAQ_CATEGORIES) {
      const section = document.getElementById(category)!;
      expect(section.hidden).toBe([...section.querySelectorAll("details")].every((question) => question.hidden));
    }
  });

  test("read from the page, the questions found are the ones the server finds", () => {
    undo = enhanceFaqFilter(document);
    for (const q of ["customs", "weight limit", "refund", "plan", "signature", "PIN", "tracking ID", "sábado", "$"]) {
      typeInSearch(q);
      expect(shown(), q).toEqual(searchFaq(FAQ_ENTRIES, { q, category: "all" }).map((entry) => entry.id));
    }
  });

  test("a category shows only its questions", () => {
    undo = enhanceFaqFilter(document);
    const international = document.querySelector<HTMLInputElement>("input[value=international]")!;
    international.checked = true;
    international.dispatchEvent(new Event("change", { bubbles: true }));
    expect(shown()).toEqual(FAQ_ENTRIES.filter((entry) => entry.category === "international").map((entry) => entry.id));
  });

  test("nothing found says so", () => {
    undo = enhanceFaqFilter(document);
    typeInSearch("xyzzy");
    expect(shown()).toEqual([]);
    expect(document.querySelector<HTMLElement>("[data-faq-none]")!.hidden).toBe(false);
    expect(count()).toBe(faqCountText(0, FAQ_ENTRIES.length));
  });

  test("the address catches up after the typing pauses, keeping the history entry's state", () => {
    window.history.replaceState({ key: "router" }, "", "/faq");
    undo = enhanceFaqFilter(document);
    typeInSearch("cus");
    vi.advanceTimersByTime(URL_DELAY_MS - 1);
    typeInSearch("customs");
    vi.advanceTimersByTime(URL_DELAY_MS - 1);
    expect(window.location.search).toBe("");
    vi.advanceTimersByTime(1);
    expect(window.location.search).toBe("?q=customs");
    expect(window.history.state).toEqual({ key: "router" });
  });

  test("a link followed while the address is still to catch up leaves the next page's address alone", () => {
    undo = enhanceFaqFilter(document);
    typeInSearch("insurance");
    search().dispatchEvent(new Event("change", { bubbles: true }));
    window.history.pushState(null, "", "/services");
    vi.advanceTimersByTime(URL_DELAY_MS);
    expect(window.location.pathname + window.location.search).toBe("/services");
  });

  test("the Search button filters in place instead of loading the page", () => {
    undo = enhanceFaqFilter(document);
    search().value = "customs";
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    document.querySelector("form")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.location.search).toBe("?q=customs");
    expect(shown().length).toBeLessThan(FAQ_ENTRIES.length);
  });

  test("a link to a question opens its answer", () => {
    const claims = FAQ_ENTRIES.find((entry) => entry.category === "security")!;
    window.history.replaceState(null, "", `/faq#${claims.id}`);
    undo = enhanceFaqFilter(document);
    expect(question(claims.id).open).toBe(true);
  });

  test("undoing stops following the typing", () => {
    enhanceFaqFilter(document)();
    typeInSearch("xyzzy");
    expect(shown()).toHaveLength(FAQ_ENTRIES.length);
    vi.advanceTimersByTime(URL_DELAY_MS);
    expect(window.location.search).toBe("");
  });
});
