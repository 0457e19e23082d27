// A submit button marked data-pending="Signing in..." says so once its form is on its way, and
// the form takes no second submission: its submit buttons are disabled, and the one pressed shows
// its data-pending text (an empty data-pending keeps the button's own). They come back when the
// page is shown again from the browser's cache, when the page's router has its answers, and when
// the behaviour is undone.
//
// A submission nothing cancelled is on its way: the browser sends it. A cancelled one is on its
// way only when the page's router sends the form itself (a hydrated page's router cancels the
// browser's submission and sends the form by fetch); any other cancel (a check in the page that
// refused the form, a filter that stays in the page) leaves the buttons as they were.

/** A page's router, which sends forms by fetch (root.tsx). Each function returns its undo. */
export type FormRouter = {
  /** Calls back, during the submit event, as the router starts sending the form. */
  onSending(listener: () => void): () => void;
  /** Calls back once nothing the router sent is waiting and its answers are in the page. */
  onAnswered(listener: () => void): () => void;
};

/** A behaviour (./behaviour.ts); a page whose router sends its forms passes the router too. */
export function enhancePending(root: Element | Document, router?: FormRouter): () => void {
  const restore: (() => void)[] = [];
  // The data-pending button whose submit event is being dispatched.
  let pressed: HTMLButtonElement | null = null;

  const markBusy = (button: HTMLButtonElement) => {
    if (button.disabled) return;
    for (const field of button.form?.elements ?? [button]) {
      if (!(field instanceof HTMLButtonElement) || field.type !== "submit" || field.disabled) continue;
      field.disabled = true;
      restore.push(() => (field.disabled = false));
    }
    if (button.dataset.pending) {
      const content = [...button.childNodes];
      button.textContent = button.dataset.pending;
      restore.push(() => button.replaceChildren(...content));
    }
  };
  const giveBack = () => restore.splice(0).forEach((step) => step());

  const onSubmit = (event: Event) => {
    const button = (event as SubmitEvent).submitter;
    if (!(button instanceof HTMLButtonElement) || button.dataset.pending === undefined) return;
    pressed = button;
    // The browser sends the form after the event, with the button's name and value: only then
    // may the button be disabled.
    setTimeout(() => {
      if (pressed === button) pressed = null;
      if (!event.defaultPrevented) markBusy(button);
    });
  };
  // Every listener of the event has run.
  const onDispatched = () => (pressed = null);
  // The router has read the form, the button's name and value included.
  const onSending = () => {
    if (pressed) markBusy(pressed);
    pressed = null;
  };

  // Capturing: the router starts sending from a listener of the event's way back up.
  root.addEventListener("submit", onSubmit, true);
  window.addEventListener("submit", onDispatched);
  window.addEventListener("pageshow", giveBack);
  const stop = router ? [router.onSending(onSending), router.onAnswered(giveBack)] : [];
  return () => {
    root.removeEventListener("submit", onSubmit, true);
    window.removeEventListener("submit", onDispatched);
    window.removeEventListener("pageshow", giveBack);
    stop.forEach((undo) => undo());
    giveBack();
  };
}
