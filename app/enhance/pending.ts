// A submit button marked data-pending="Signing in..." says so, and takes no second click,
// once its form is on its way.
export function enhancePending(root: ParentNode) {
  for (const form of root.querySelectorAll("form")) {
    form.addEventListener("submit", (event) => {
      const button = event.submitter;
      if (!(button instanceof HTMLButtonElement) || button.dataset.pending === undefined) return;
      // After the submission has started, so the button's name and value are still sent.
      window.setTimeout(() => {
        button.dataset.label = button.textContent ?? "";
        button.textContent = button.dataset.pending!;
        button.disabled = true;
      });
    });
  }
  // Back to a page the browser kept as it was left: the buttons are ready again.
  window.addEventListener("pageshow", () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-label]")) {
      button.textContent = button.dataset.label!;
      button.disabled = false;
      delete button.dataset.label;
    }
  });
}
