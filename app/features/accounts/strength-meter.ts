// The new-password strength meter (password-field.tsx draws it from the last submission)
// follows the typing: label, bars and the five requirements. Emptying the box brings back what
// was drawn. Its words come from the meter, in the page's language (data-strength-words).
import { within, type Behaviour } from "~/behaviours/behaviour";
import { measurePassword, PASSWORD_REQUIREMENTS, type StrengthLabel } from "./password-strength";
import { meterColour } from "./strength-meter-colour";

/** Where the strength's label goes in the meter's heading. */
export const LABEL_SLOT = "<strong>{{label}}</strong>";

/** The meter's words as the page gives them: the heading (around LABEL_SLOT), the labels, each requirement (by id), and what a screen reader hears after one. */
export type MeterWords = {
  heading: string;
  labels: Record<StrengthLabel, string>;
  requirements: Record<string, string>;
  met: string;
  notMet: string;
};

export const enhanceStrengthMeters: Behaviour = (root) => {
  const undo: (() => void)[] = [];
  for (const meter of within(root, "[data-strength-of]")) {
    const input = document.getElementById(meter.dataset.strengthOf!);
    const label = meter.querySelector("p");
    const bars = [...meter.querySelectorAll<HTMLElement>("[aria-hidden] > span")];
    const items = [...meter.querySelectorAll<HTMLElement>("li")];
    if (!(input instanceof HTMLInputElement) || !label || bars.length !== PASSWORD_REQUIREMENTS.length || items.length !== bars.length) continue;
    const words = JSON.parse(meter.dataset.strengthWords ?? "null") as MeterWords | null;
    if (!words) continue;
    const [before = "", after = ""] = words.heading.split(LABEL_SLOT);
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
      strong.textContent = words.labels[report.label];
      label.replaceChildren(before, strong, after);
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
        spoken.textContent = ` ${met ? words.met : words.notMet}`;
        items[index]!.className = met ? "text-green-800" : "text-slate-700";
        items[index]!.replaceChildren(mark, words.requirements[requirement.id] ?? "", spoken);
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
