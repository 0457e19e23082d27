// The new-password strength meter (features/accounts/password-field.tsx renders it from the last
// submission) follows the typing: label, bars and the five requirements.
import { measurePassword, PASSWORD_REQUIREMENTS } from "~/features/accounts/password-strength";
import { meterColour } from "~/features/accounts/strength-meter-colour";

export function enhanceStrengthMeters(root: ParentNode) {
  for (const meter of root.querySelectorAll<HTMLElement>("[data-strength-of]")) {
    const input = document.getElementById(meter.dataset.strengthOf!);
    const label = meter.querySelector("p");
    const bars = [...meter.querySelectorAll<HTMLElement>("[aria-hidden] > span")];
    const items = [...meter.querySelectorAll<HTMLElement>("li")];
    if (!(input instanceof HTMLInputElement) || !label || bars.length !== PASSWORD_REQUIREMENTS.length || items.length !== bars.length) continue;
    // What the server drew (from the last submission) comes back when the box is emptied.
    const drawn = [label, ...bars, ...items].map((element) => ({ element, html: element.innerHTML, className: element.className }));
    input.addEventListener("input", () => {
      if (input.value === "") {
        for (const { element, html, className } of drawn) {
          element.innerHTML = html;
          element.className = className;
        }
        return;
      }
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
    });
  }
}
