// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { enhanceCookieBanner } from "./cookie-choice";

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = `
    <section aria-label="Cookie consent" data-cookie-banner>
      <form method="post" action="/cookie-consent">
        <button type="submit" name="choice" value="declined">Decline</button>
        <button type="submit" name="choice" value="accepted">Accept</button>
        <button type="submit" name="choice" value="closed" aria-label="Close cookie banner">×</button>
      </form>
    </section>`;
});
let undo: () => void = () => {};
afterEach(() => undo());

const banner = () => document.querySelector<HTMLElement>("[data-cookie-banner]")!;
function choose(value: string) {
  const button = document.querySelector<HTMLButtonElement>(`button[value=${value}]`)!;
  const event = new Event("submit", { bubbles: true, cancelable: true }) as SubmitEvent;
  Object.defineProperty(event, "submitter", { value: button });
  button.form!.dispatchEvent(event);
  return event;
}

describe("enhanceCookieBanner", () => {
  test("Accept is kept in localStorage and hides the banner; the form still posts", () => {
    undo = enhanceCookieBanner(document);
    expect(banner().hidden).toBe(false);
    const event = choose("accepted");
    expect(event.defaultPrevented).toBe(false);
    expect(localStorage.getItem("cookieConsent")).toBe("accepted");
    expect(banner().hidden).toBe(true);
  });

  test("× hides the banner for this tab only, without a request", () => {
    undo = enhanceCookieBanner(document);
    const event = choose("closed");
    expect(event.defaultPrevented).toBe(true);
    expect(banner().hidden).toBe(true);
    expect(sessionStorage.getItem("cookieConsent")).toBe("closed");
    expect(localStorage.getItem("cookieConsent")).toBeNull();
  });

  test("a banner answered before, or closed in this tab, is not shown", () => {
    localStorage.setItem("cookieConsent", "declined");
    undo = enhanceCookieBanner(document);
    expect(banner().hidden).toBe(true);
    undo();
    localStorage.clear();
    sessionStorage.setItem("cookieConsent", "closed");
    undo = enhanceCookieBanner(banner());
    expect(banner().hidden).toBe(true);
  });

  test("anything else found in localStorage is no choice, and is dropped", () => {
    localStorage.setItem("cookieConsent", "maybe");
    undo = enhanceCookieBanner(document);
    expect(banner().hidden).toBe(false);
    expect(localStorage.getItem("cookieConsent")).toBeNull();
  });

  test("undoing shows the banner and stops listening", () => {
    enhanceCookieBanner(document)();
    const event = choose("closed");
    expect(event.defaultPrevented).toBe(false);
    expect(banner().hidden).toBe(false);
  });
});
