// Password inputs (password-field.tsx): a Show/Hide button reveals what was typed. Its name
// ("Show password") never equals the field's label, so the label still points at one control.
// Its words come from the field's frame, in the page's language (data-show, data-hide, data-hint).
import { within, type Behaviour } from "~/behaviours/behaviour";

export const enhancePasswordToggles: Behaviour = (root) => {
  const undo: (() => void)[] = [];
  for (const frame of within(root, "[data-password-field]")) {
    const input = frame.querySelector("input");
    if (!input) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "absolute inset-y-1 right-1 rounded px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50";
    button.setAttribute("aria-controls", input.id);
    const { show = "", hide = "", hint: spoken = "" } = frame.dataset;
    const word = document.createTextNode(show);
    const hint = document.createElement("span");
    hint.className = "sr-only";
    hint.textContent = ` ${spoken}`;
    button.appendChild(word);
    button.appendChild(hint);
    button.onclick = () => {
      const shown = input.type === "password";
      input.type = shown ? "text" : "password";
      word.data = shown ? hide : show;
    };
    input.classList.add("pr-20");
    frame.appendChild(button);
    undo.push(() => {
      button.remove();
      input.type = "password";
      input.classList.remove("pr-20");
    });
  }
  return () => undo.forEach((step) => step());
};
