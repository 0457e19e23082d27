// The FAQ's filter (routes/_site.faq.tsx is a GET form over the whole list, the questions the
// filter leaves out hidden): the list follows every keystroke, the address catches up 300 ms
// after the last one so the filtered view can still be linked to, and a link to a question
// (/faq#claims) opens its answer. The questions are read from the page, so that the FAQ's text
// is not in the script of every public page; the rule that picks them is the server's.
import type { Behaviour } from "~/behaviours/behaviour";
import type { FaqCategory, FaqEntry } from "./faq-categories";
import { FAQ_COUNT_TEXTS, faqCountText, faqFilterFrom, faqSearchString, searchFaq } from "./faq-search";

export const URL_DELAY_MS = 300;

export const enhanceFaqFilter: Behaviour = (root) => {
  const off = new AbortController();
  const on = { signal: off.signal };
  let timer: ReturnType<typeof setTimeout> | undefined;
  openTargetedQuestion();
  window.addEventListener("hashchange", openTargetedQuestion, on);
  const form = root.querySelector<HTMLFormElement>("form[data-faq-filter]");
  const count = root.querySelector<HTMLElement>("[data-faq-count]");
  const none = root.querySelector<HTMLElement>("[data-faq-none]");
  const stop = () => {
    clearTimeout(timer);
    off.abort();
  };
  if (!form || !count || !none) return stop;
  const questions = [...root.querySelectorAll<HTMLDetailsElement>("details[data-faq-question]")];
  const entries: FaqEntry[] = questions.map((question) => ({
    id: question.dataset.faqQuestion!,
    category: question.closest("section")?.id as FaqCategory,
    question: question.querySelector("summary")?.textContent ?? "",
    answer: [...question.querySelectorAll("p")].map((paragraph) => paragraph.textContent ?? ""),
    keywords: question.dataset.faqKeywords!.split("|"),
  }));
  // The words of the page's language: the category names from their headings, the count's wordings from its attributes.
  const categoryLabels = Object.fromEntries(
    [...root.querySelectorAll<HTMLElement>("section[id] > h2")].map((heading) => [heading.closest("section")!.id, heading.textContent ?? ""]),
  ) as Record<FaqCategory, string>;
  const countTexts = { all: count.dataset.faqCountAll ?? FAQ_COUNT_TEXTS.all, some: count.dataset.faqCountSome ?? FAQ_COUNT_TEXTS.some };

  const currentFilter = () => faqFilterFrom(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
  // A link followed from the page blurs the box (a "change") and moves the router to the next
  // address before the page is taken down: the filter writes only the FAQ's own address.
  const faqPath = location.pathname;
  const writeUrl = () => {
    clearTimeout(timer);
    if (location.pathname !== faqPath) return;
    const search = faqSearchString(currentFilter());
    // The router's own state is kept, so that a hydrated page's history stays its own.
    if (search !== location.search) history.replaceState(history.state, "", location.pathname + search);
  };
  const apply = () => {
    const found = new Set(searchFaq(entries, currentFilter(), categoryLabels).map((entry) => entry.id));
    for (const question of questions) {
      question.hidden = !found.has(question.dataset.faqQuestion!);
      const section = question.closest("section")!;
      section.hidden = [...section.querySelectorAll("details")].every((inSection) => inSection.hidden);
    }
    count.textContent = faqCountText(found.size, entries.length, countTexts);
    none.hidden = found.size > 0;
    clearTimeout(timer);
    timer = setTimeout(writeUrl, URL_DELAY_MS);
  };
  form.addEventListener("input", apply, on);
  form.addEventListener("change", apply, on);
  form.addEventListener(
    "submit",
    (event) => {
      event.preventDefault();
      apply();
      writeUrl();
    },
    on,
  );
  return stop;
};

// A question's anchor is its answer, inside the <details>: the browser opens it for the link by
// itself; this also does it for a change of fragment within the page.
function openTargetedQuestion() {
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  const question = target?.closest("details");
  if (question) question.open = true;
}
