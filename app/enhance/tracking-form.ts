// The tracking search (features/tracking/tracking-form.tsx): Enter searches (Shift+Enter starts a new
// line), and the button stays disabled while the box is blank (enhance/pending.ts while a
// search is on its way).
export function enhanceTrackingForms(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLTextAreaElement>("textarea[data-tracking-ids]")) {
    const form = box.form;
    const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!form || !button) continue;
    const update = () => {
      button.disabled = box.value.trim() === "";
    };
    box.addEventListener("input", update);
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      if (box.value.trim() !== "") form.requestSubmit();
    });
    // Back from the result page, the browser may restore the page as it was left.
    window.addEventListener("pageshow", update);
    update();
  }
}
