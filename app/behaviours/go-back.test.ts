// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from "vitest";
import { enhanceGoBack } from "./go-back";

beforeEach(() => {
  document.body.innerHTML = `<a href="/">Go Home</a><button type="button" data-go-back hidden>Go Back</button>`;
});
const button = () => document.querySelector<HTMLButtonElement>("[data-go-back]")!;

describe("enhanceGoBack", () => {
  test("shows Go Back, which goes back in the browser's history", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    enhanceGoBack(document);
    expect(button().hidden).toBe(false);
    button().click();
    expect(back).toHaveBeenCalledTimes(1);
  });

  test("undoing hides it again", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    back.mockClear();
    enhanceGoBack(button())();
    expect(button().hidden).toBe(true);
    button().click();
    expect(back).not.toHaveBeenCalled();
  });
});
