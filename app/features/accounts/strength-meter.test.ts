// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from "vitest";
import { PASSWORD_REQUIREMENTS, REQUIREMENTS_TO_MEET } from "./password-strength";
import { enhanceStrengthMeters, type MeterWords } from "./strength-meter";

const ENGLISH: MeterWords = {
  heading: "Password strength: <strong>{{label}}</strong>",
  labels: { Weak: "Weak", Fair: "Fair", Good: "Good", Strong: "Strong" },
  requirements: Object.fromEntries(PASSWORD_REQUIREMENTS.map((requirement) => [requirement.id, requirement.label])),
  met: "(met)",
  notMet: "(not met)",
};

// The meter as password-field.tsx draws it before anything was submitted.
function drawMeter(words: MeterWords) {
  document.body.innerHTML = `
    <input id="password" type="password">
    <div data-strength-of="password" data-strength-words='${JSON.stringify(words)}'>
      <p aria-live="polite">Use at least ${REQUIREMENTS_TO_MEET} of these:</p>
      <div aria-hidden="true">${PASSWORD_REQUIREMENTS.map(() => `<span class="h-1.5 rounded-full bg-slate-200"></span>`).join("")}</div>
      <ul>${PASSWORD_REQUIREMENTS.map((requirement) => `<li class="text-slate-700"><span aria-hidden="true">○ </span>${requirement.label}</li>`).join("")}</ul>
    </div>`;
}
beforeEach(() => drawMeter(ENGLISH));
const input = () => document.querySelector<HTMLInputElement>("#password")!;
const label = () => document.querySelector("[data-strength-of] p")!.textContent;
const bars = () => [...document.querySelectorAll("[aria-hidden] > span")].filter((bar) => !bar.className.includes("bg-slate-200")).length;
const met = () => [...document.querySelectorAll("li")].filter((item) => item.textContent!.includes("(met)")).length;

function type(value: string) {
  input().value = value;
  input().dispatchEvent(new Event("input", { bubbles: true }));
}

describe("enhanceStrengthMeters", () => {
  test("follows the typing: label, bars and requirements", () => {
    enhanceStrengthMeters(document);
    type("a");
    expect(label()).toBe("Password strength: Weak");
    expect(bars()).toBe(1);
    expect(met()).toBe(1);
    type("Parcel123!");
    expect(label()).toBe("Password strength: Strong");
    expect(bars()).toBe(PASSWORD_REQUIREMENTS.length);
    expect(met()).toBe(PASSWORD_REQUIREMENTS.length);
    expect(document.querySelectorAll("li.text-green-800")).toHaveLength(PASSWORD_REQUIREMENTS.length);
  });

  test("an emptied box brings back what the server drew, the same nodes", () => {
    const drawn = document.querySelector("[data-strength-of] p")!.firstChild;
    enhanceStrengthMeters(document);
    type("Parcel1");
    type("");
    expect(label()).toBe(`Use at least ${REQUIREMENTS_TO_MEET} of these:`);
    expect(document.querySelector("[data-strength-of] p")!.firstChild).toBe(drawn);
    expect(bars()).toBe(0);
  });

  test("undoing stops following and gives the drawn meter back", () => {
    const undo = enhanceStrengthMeters(document.querySelector("[data-strength-of]")!);
    type("Parcel123!");
    undo();
    expect(label()).toBe(`Use at least ${REQUIREMENTS_TO_MEET} of these:`);
    type("Parcel123!");
    expect(label()).toBe(`Use at least ${REQUIREMENTS_TO_MEET} of these:`);
  });

  test("writes the words the page gives it, in the page's language", () => {
    drawMeter({
      heading: "Seguridad de la contraseña: <strong>{{label}}</strong>",
      labels: { Weak: "Débil", Fair: "Aceptable", Good: "Buena", Strong: "Fuerte" },
      requirements: { ...ENGLISH.requirements, digit: "Un número" },
      met: "(cumplido)",
      notMet: "(pendiente)",
    });
    enhanceStrengthMeters(document);
    type("1");
    expect(label()).toBe("Seguridad de la contraseña: Débil");
    expect(document.querySelector("[data-strength-of] strong")!.textContent).toBe("Débil");
    expect(document.querySelectorAll("li")[3]!.textContent).toBe("✓ Un número (cumplido)");
    expect(document.querySelectorAll("li")[0]!.textContent).toContain("(pendiente)");
  });
});
