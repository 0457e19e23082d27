// The tracking search (tracking-form.tsx): Enter searches (Shift+Enter starts a new line), and
// the button stays disabled while the box is blank (behaviours/pending.ts while a search is on
// its way).
import { within, type Behaviour } from "~/behaviours/behaviour";

export const enhanceTrackingForms: Behaviour = (root) => {
  const undo: (() => void)[] = [];
  for (const box of within<HTMLTextAreaElement>(root, "textarea[data-tracking-ids]")) {
    const form = box.form;
    const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!form || !button) continue;
    const update = () => {
      button.disabled = box.value.trim() === "";
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      if (box.value.trim() !== "") form.requestSubmit();
    };
    box.addEventListener("input", update);
    box.addEventListener("keydown", onKey);
    // Back from the result page, the browser may restore the page as it was left.
    window.addEventListener("pageshow", update);
    update();
    undo.push(() => {
      box.removeEventListener("input", update);
      box.removeEventListener("keydown", onKey);
      window.removeEventListener("pageshow", update);
      button.disabled = false;
    });
  }
  return () => undo.forEach((step) => step());
};
