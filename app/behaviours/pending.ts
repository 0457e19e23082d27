// A submit button marked data-pending="Signing in..." says so, and takes no second click, once
// its form is on its way. Its own content comes back when the page is shown again from the
// browser's cache, and when the behaviour is undone (a hydrated page undoes and reruns it once
// each submission has been answered: root.tsx).
import type { Behaviour } from "./behaviour";

export const enhancePending: Behaviour = (root) => {
  const busy = new Map<HTMLButtonElement, ChildNode[]>();
  const onSubmit = (event: Event) => {
    const button = (event as SubmitEvent).submitter;
    if (!(button instanceof HTMLButtonElement) || button.dataset.pending === undefined) return;
    // After the submission has started, so the button's name and value are still sent.
    setTimeout(() => {
      if (busy.has(button)) return;
      busy.set(button, [...button.childNodes]);
      button.textContent = button.dataset.pending!;
      button.disabled = true;
    });
  };
  const restore = () => {
    for (const [button, content] of busy) {
      button.replaceChildren(...content);
      button.disabled = false;
    }
    busy.clear();
  };
  root.addEventListener("submit", onSubmit);
  window.addEventListener("pageshow", restore);
  return () => {
    root.removeEventListener("submit", onSubmit);
    window.removeEventListener("pageshow", restore);
    restore();
  };
};
