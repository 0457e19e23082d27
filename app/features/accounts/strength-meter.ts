// The new-password strength meter (password-field.tsx draws it from the last submission)
// follows the typing: label, bars and the five requirements. Emptying the box brings back what
// was drawn.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { measurePassword, PASSWORD_REQUIREMENTS } from "./password-strength";
import { meterColour } from "./strength-meter-colour";

export const enhanceStrengthMeters: Behaviour = (root) => {
  const undo: (() => void)[] = [];
  for (const meter of within(root, "[data-strength-of]")) {
    const input = document.getElementById(meter.dataset.strengthOf!);
    const label = meter.querySelector("p");
    const bars = [...meter.querySelectorAll<HTMLElement>("[aria-hidden] > span")];
    const items = [...meter.querySelectorAll<HTMLElement>("li")];
    if (!(input instanceof HTMLInputElement) || !label || bars.length !== PASSWORD_REQUIREMENTS.length || items.length !== bars.length) continue;
    // The drawn nodes themselves are kept (not copies), so that a React-rendered meter gets its own back.
    const drawn = [label, ...bars, ...items].map((element) => ({ element, nodes: [...element.childNodes], className: element.className }));
    const restore = () => {
      for (const { element, nodes, className } of drawn) {
        element.replaceChildren(...nodes);
        element.className = className;
      }
    };
    const follow = () => {
      if (input.value === "") return restore();
      const report = measurePassword(input.value);
      const score = report.met.length;
      const strong = document.createElement("strong");
      strong.textContent = report.label;
      label.replaceChildren("Password strength: ", strong);
      bars.forEach((bar, index) => {
        bar.className = `h-1.5 rounded-full ${index < score ? meterColour(score) : "bg-slate-200"}`;
      });
      PASSWORD_REQUIREMENTS.forEach((requirement, index) => {
        const met = report.met.includes(requirement.id);
        const mark = document.createElement("span");
        mark.setAttribute("aria-hidden", "true");
        mark.textContent = met ? "✓ " : "○ ";
        const spoken = document.createElement("span");
        spoken.className = "sr-only";
        spoken.textContent = met ? " (met)" : " (not met)";
        items[index]!.className = met ? "text-green-800" : "text-slate-700";
        items[index]!.replaceChildren(mark, requirement.label, spoken);
      });
    };
    input.addEventListener("input", follow);
    undo.push(() => {
      input.removeEventListener("input", follow);
      restore();
    });
  }
  return () => undo.forEach((step) => step());
};
