// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from "vitest";
import { enhanceTrackingForms } from "./tracking-box";

beforeEach(() => {
  document.body.innerHTML = `
    <form method="get" action="/track" role="search">
      <textarea name="ids" data-tracking-ids></textarea>
      <button type="submit">Track</button>
    </form>`;
});
const box = () => document.querySelector<HTMLTextAreaElement>("textarea")!;
const button = () => document.querySelector<HTMLButtonElement>("button")!;
function type(value: string) {
  box().value = value;
  box().dispatchEvent(new Event("input", { bubbles: true }));
}
function press(key: string, shiftKey = false) {
  const event = new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true });
  box().dispatchEvent(event);
  return event;
}

describe("enhanceTrackingForms", () => {
  test("the button is disabled while the box is blank", () => {
    enhanceTrackingForms(document);
    expect(button().disabled).toBe(true);
    type("   ");
    expect(button().disabled).toBe(true);
    type("SWP482913K7Q2ZD");
    expect(button().disabled).toBe(false);
  });

  test("Enter searches; Shift+Enter starts a new line", () => {
    enhanceTrackingForms(document.querySelector("form")!);
    const submit = vi.spyOn(document.querySelector("form")!, "requestSubmit").mockImplementation(() => {});
    type("SWP482913K7Q2ZD");
    expect(press("Enter").defaultPrevented).toBe(true);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(press("Enter", true).defaultPrevented).toBe(false);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  test("Enter in a blank box sends nothing", () => {
    enhanceTrackingForms(document);
    const submit = vi.spyOn(document.querySelector("form")!, "requestSubmit").mockImplementation(() => {});
    press("Enter");
    expect(submit).not.toHaveBeenCalled();
  });

  test("undoing enables the button and leaves Enter to the browser", () => {
    enhanceTrackingForms(document)();
    expect(button().disabled).toBe(false);
    expect(press("Enter").defaultPrevented).toBe(false);
  });
});
