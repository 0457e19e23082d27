// The customer's shipment form with JavaScript (a behaviour, app/behaviours/behaviour.ts; the
// page does not hydrate, docs/decisions/145). Its steps are plain HTML forms the server checks;
// this adds what typing should show at once:
// - what is typed is saved to the draft 300 ms after the last change (intent "save", sent as the
//   form is), and what follows the draft (marked data-follows-draft="name": the cost estimate,
//   the packages' totals) shows the answer's page's own;
// - a step sent while such a save is on its way waits for it, then goes as usual;
// - a field marked invalid loses its message as soon as the browser's checks (the schema's own
//   constraints on the field) pass; the server checks the step again when it is sent;
// - a phone field (data-phone-country: the id of its country select) keeps only digits, spaces
//   and hyphens, and its help names the chosen country's dialling code (data-phone-code on the
//   options) in the page's words (data-phone-help with {{code}}, data-phone-help-none);
// - the currency select (data-currency) names its currency in every data-currency-code;
// - what only a page without JavaScript needs (data-without-js: Update estimate) is hidden.
import { within } from "~/behaviours/behaviour";
import { localPhoneNumber } from "./phone-number";

/** Typing pauses this long before what is on screen is saved and priced. */
export const SAVE_DELAY_MS = 300;

/** A behaviour: every form marked data-step-form under `root`. */
export function enhanceStepForms(root: Element | Document): () => void {
  const undo = within<HTMLFormElement>(root, "form[data-step-form]").map(enhance);
  return () => undo.forEach((step) => step());
}

function hideWithoutJs(root: Document | HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-without-js]")) element.hidden = true;
}

function enhance(form: HTMLFormElement): () => void {
  const document = form.ownerDocument;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  hideWithoutJs(document);

  const save = async () => {
    const values = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") values.append(name, value);
    values.set("intent", "save");
    const response = await fetch(form.action || document.location.href, {
      method: "POST",
      body: values,
      headers: { Accept: "text/html" },
    });
    if (!response.ok) return;
    const answer = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const shown of document.querySelectorAll<HTMLElement>("[data-follows-draft]")) {
      const answered = answer.querySelector(`[data-follows-draft="${shown.dataset.followsDraft}"]`);
      if (!answered) continue;
      shown.replaceChildren(...[...answered.childNodes].map((node) => document.importNode(node, true)));
      hideWithoutJs(shown);
    }
  };
  const startSave = () => {
    timer = undefined;
    const sent: Promise<void> = save()
      .catch(() => undefined)
      .finally(() => {
        if (saving === sent) saving = null;
      });
    saving = sent;
  };

  const onInput = (event: Event) => {
    const control = event.target;
    if (control instanceof HTMLInputElement && control.dataset.phoneCountry !== undefined) cleanPhone(control);
    if (control instanceof HTMLSelectElement) followSelect(form, control);
    if ((control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) && control.getAttribute("aria-invalid") === "true" && control.checkValidity()) {
      control.removeAttribute("aria-invalid");
      const message = document.getElementById(`${control.id}-error`);
      if (message) message.hidden = true;
    }
    clearTimeout(timer);
    timer = setTimeout(startSave, SAVE_DELAY_MS);
  };

  const onSubmit = (event: SubmitEvent) => {
    // The step's own submission saves everything: a save still waiting is dropped, one on its
    // way is waited for (its answer must not come after the step's).
    clearTimeout(timer);
    timer = undefined;
    if (!saving) return;
    event.preventDefault();
    const { submitter } = event;
    void saving.then(() => form.requestSubmit(submitter?.isConnected ? submitter : null));
  };

  form.addEventListener("input", onInput);
  form.addEventListener("change", onInput);
  form.addEventListener("submit", onSubmit);
  return () => {
    clearTimeout(timer);
    form.removeEventListener("input", onInput);
    form.removeEventListener("change", onInput);
    form.removeEventListener("submit", onSubmit);
  };
}

function phoneCodeOf(select: HTMLSelectElement | null): string | undefined {
  return select?.options[select.selectedIndex]?.dataset.phoneCode || undefined;
}

/** Only digits, spaces and hyphens stay; a dialling code typed in front goes. */
function cleanPhone(input: HTMLInputElement): void {
  const country = input.ownerDocument.getElementById(input.dataset.phoneCountry!);
  const cleaned = localPhoneNumber(input.value, phoneCodeOf(country instanceof HTMLSelectElement ? country : null));
  if (cleaned !== input.value.trim()) input.value = cleaned;
}

/** A country names its dialling code in its phone field's help; a currency names itself where the form says it. */
function followSelect(form: HTMLFormElement, select: HTMLSelectElement): void {
  for (const phone of within<HTMLInputElement>(form, `input[data-phone-country="${select.id}"]`)) {
    const help = form.ownerDocument.getElementById(`${phone.id}-help`)?.querySelector<HTMLElement>("[data-phone-help]");
    const code = phoneCodeOf(select);
    if (help) help.textContent = code ? help.dataset.phoneHelp!.replace("{{code}}", code) : (help.dataset.phoneHelpNone ?? "");
  }
  if (select.dataset.currency !== undefined) {
    for (const code of within(form, "[data-currency-code]")) code.textContent = select.value;
  }
}
