// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from "vitest";
import { enhanceScrolling } from "./scrolling";

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

beforeEach(() => {
  scrollTo(0);
  document.body.innerHTML = `<header data-site-header class="sticky"></header><main></main><button type="button" data-back-to-top hidden aria-label="Back to top"></button>`;
});

const header = () => document.querySelector("header")!;
const backToTop = () => document.querySelector<HTMLButtonElement>("[data-back-to-top]")!;

describe("enhanceScrolling", () => {
  test("the header gains its shadow past 10 px and loses it back at the top", () => {
    enhanceScrolling(document);
    expect(header().classList.contains("shadow-md")).toBe(false);
    scrollTo(11);
    expect(header().classList.contains("shadow-md")).toBe(true);
    expect(header().dataset.scrolled).toBe("true");
    scrollTo(0);
    expect(header().classList.contains("shadow-md")).toBe(false);
  });

  test("Back to top shows past 300 px and scrolls to the top", () => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    enhanceScrolling(backToTop());
    scrollTo(300);
    expect(backToTop().hidden).toBe(true);
    scrollTo(301);
    expect(backToTop().hidden).toBe(false);
    backToTop().click();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  test("a page already scrolled (back in history) shows both at once", () => {
    scrollTo(500);
    enhanceScrolling(document);
    expect(header().classList.contains("shadow-md")).toBe(true);
    expect(backToTop().hidden).toBe(false);
  });

  test("undoing stops following the scrolling", () => {
    const undo = enhanceScrolling(document);
    scrollTo(500);
    undo();
    expect(backToTop().hidden).toBe(true);
    expect(header().classList.contains("shadow-md")).toBe(false);
    scrollTo(600);
    expect(backToTop().hidden).toBe(true);
  });
});
