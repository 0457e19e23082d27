// The FAQ's filter (routes/_site.faq.tsx is a GET form over the whole list, the questions the
// filter leaves out hidden): the list follows every keystroke, the address catches up 300 ms
// after the last one so the filtered view can still be linked to, and a link to a question
// (/faq#claims) opens its answer.
import { FAQ_ENTRIES } from "~/features/site/faq";
import { faqCountText, faqFilterFrom, faqSearchString, searchFaq } from "~/features/site/faq-search";

const URL_DELAY_MS = 300;

export function enhanceFaq(root: ParentNode) {
  openTargetedQuestion();
  window.addEventListener("hashchange", openTargetedQuestion);
  const form = root.querySelector<HTMLFormElement>("form[data-faq-filter]");
  const count = root.querySelector<HTMLElement>("[data-faq-count]");
  const none = root.querySelector<HTMLElement>("[data-faq-none]");
  if (!form || !count || !none) return;
  let timer: number | undefined;

  const currentFilter = () => faqFilterFrom(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
  const writeUrl = () => {
    window.clearTimeout(timer);
    const search = faqSearchString(currentFilter());
    if (search !== window.location.search) window.history.replaceState(null, "", `${window.location.pathname}${search}`);
  };
  const apply = () => {
    const found = new Set(searchFaq(FAQ_ENTRIES, currentFilter()).map((entry) => entry.id));
    for (const entry of FAQ_ENTRIES) {
      const element = document.querySelector<HTMLElement>(`details[data-faq-question="${entry.id}"]`);
      if (element) element.hidden = !found.has(entry.id);
    }
    for (const section of form.parentElement?.querySelectorAll<HTMLElement>("section[aria-labelledby]") ?? []) {
      const questions = [...section.querySelectorAll<HTMLElement>("details")];
      if (questions.length > 0) section.hidden = questions.every((question) => question.hidden);
    }
    count.textContent = faqCountText(found.size);
    none.hidden = found.size > 0;
    window.clearTimeout(timer);
    timer = window.setTimeout(writeUrl, URL_DELAY_MS);
  };
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply();
    writeUrl();
  });
}

function openTargetedQuestion() {
  const target = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
  const question = target?.closest("details");
  if (question) question.open = true;
}
