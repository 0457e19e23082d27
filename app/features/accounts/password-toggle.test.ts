// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from "vitest";
import { enhancePasswordToggles } from "./password-toggle";

beforeEach(() => {
  document.body.innerHTML = `
    <label for="password">Password</label>
    <div class="relative" data-password-field data-show="Show" data-hide="Hide" data-hint="password"><input id="password" name="password" type="password" class="input"></div>`;
});
const input = () => document.querySelector<HTMLInputElement>("#password")!;
const toggle = () => document.querySelector<HTMLButtonElement>("[data-password-field] button");

describe("enhancePasswordToggles", () => {
  test("Show reveals the password and becomes Hide; Hide hides it again", () => {
    enhancePasswordToggles(document);
    expect(toggle()!.textContent).toBe("Show password");
    expect(toggle()!.getAttribute("aria-controls")).toBe("password");
    expect(toggle()!.type).toBe("button");
    toggle()!.click();
    expect(input().type).toBe("text");
    expect(toggle()!.textContent).toBe("Hide password");
    toggle()!.click();
    expect(input().type).toBe("password");
    expect(toggle()!.textContent).toBe("Show password");
  });

  test("the visible word is Show or Hide alone; 'password' is for screen readers", () => {
    enhancePasswordToggles(document);
    expect(toggle()!.firstChild!.textContent).toBe("Show");
    expect(toggle()!.querySelector(".sr-only")!.textContent).toBe(" password");
    expect(input().classList.contains("pr-20")).toBe(true);
  });

  test("runs on the field's frame itself (as a React ref gives it)", () => {
    enhancePasswordToggles(document.querySelector("[data-password-field]")!);
    expect(toggle()).not.toBeNull();
  });

  test("undoing removes the button and hides the password", () => {
    const undo = enhancePasswordToggles(document);
    toggle()!.click();
    undo();
    expect(toggle()).toBeNull();
    expect(input().type).toBe("password");
    expect(input().classList.contains("pr-20")).toBe(false);
  });

  test("says Show and Hide in the words the field gives it", () => {
    document.body.innerHTML = `<div data-password-field data-show="Afficher" data-hide="Masquer" data-hint="le mot de passe"><input id="password" type="password"></div>`;
    enhancePasswordToggles(document);
    expect(toggle()!.textContent).toBe("Afficher le mot de passe");
    toggle()!.click();
    expect(toggle()!.textContent).toBe("Masquer le mot de passe");
  });
});
