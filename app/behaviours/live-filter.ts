// A list's filter bar (a GET form marked data-live-filter, components/list.tsx) follows what is
// typed or chosen: 300 ms after the last change the list shows the form's values, without a
// press of its button (which still sends the form, at once). A page that hydrates hands over
// its router's way of showing them; on a page that does not, the list's page is fetched and
// its results (the element marked data-live-results) take the place of the ones shown, so the
// reader's focus and caret stay where they are, and the address replaces the current one in
// the history. An answer without results (an error, a sign-in page) is opened as a page.
import { within } from "./behaviour";

/** The quiet time after a change before the list follows it. */
export const LIVE_FILTER_DELAY_MS = 300;

/** Shows the list for the form's values. */
export type ShowList = (form: HTMLFormElement) => void;

/** A behaviour (./behaviour.ts); a page whose router shows lists passes its own `show`. */
export function enhanceLiveFilters(root: Element | Document, show?: ShowList): () => void {
  const undo = within<HTMLFormElement>(root, "form[data-live-filter]").map((form) => follow(form, show));
  return () => undo.forEach((step) => step());
}

function follow(form: HTMLFormElement, show?: ShowList): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  // The values the list shows: a change that comes back to them (a field left after typing) asks for nothing.
  let shownValues = formValues(form).toString();
  const showList: ShowList =
    show ??
    ((target) => {
      inFlight?.abort();
      inFlight = new AbortController();
      void swapResults(target, inFlight.signal);
    });
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const values = formValues(form).toString();
      if (values === shownValues) return;
      shownValues = values;
      showList(form);
    }, LIVE_FILTER_DELAY_MS);
  };
  // A press of the button sends the form itself: nothing is left to follow.
  const onSubmit = () => {
    clearTimeout(timer);
    inFlight?.abort();
  };
  form.addEventListener("input", onChange);
  form.addEventListener("change", onChange);
  form.addEventListener("submit", onSubmit);
  return () => {
    onSubmit();
    form.removeEventListener("input", onChange);
    form.removeEventListener("change", onChange);
    form.removeEventListener("submit", onSubmit);
  };
}

/** The form's values as the browser sends them. */
function formValues(form: HTMLFormElement): URLSearchParams {
  const values = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values.append(name, value);
  return values;
}

/** The form's address with its values. */
function formAddress(form: HTMLFormElement): URL {
  const address = new URL(form.getAttribute("action") ?? "", document.baseURI);
  address.search = formValues(form).toString();
  return address;
}

async function swapResults(form: HTMLFormElement, signal: AbortSignal): Promise<void> {
  const address = formAddress(form);
  let html: string;
  let answered: string;
  try {
    const response = await fetch(address, { signal, headers: { Accept: "text/html" } });
    answered = response.url || address.href;
    html = response.ok ? await response.text() : "";
  } catch {
    if (!signal.aborted) window.location.assign(address);
    return;
  }
  if (signal.aborted) return;
  const shown = document.querySelector("[data-live-results]");
  const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live-results]");
  if (!shown || !fresh) {
    window.location.assign(answered);
    return;
  }
  shown.replaceWith(document.importNode(fresh, true));
  window.history.replaceState(window.history.state, "", answered);
}
