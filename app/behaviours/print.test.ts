// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AUTO_PRINT_DELAY_MS, enhancePrint } from "./print";

let print: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  print = vi.fn();
  window.print = print as unknown as typeof window.print;
});
afterEach(() => vi.useRealTimers());

describe("enhancePrint", () => {
  test("a print link opens the print dialog instead of the print view", () => {
    document.body.innerHTML = `<a href="?print=1" data-print>Print / Save PDF</a>`;
    enhancePrint(document);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("a")!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
  });

  test("the print view opens the dialog by itself, once, after a moment", () => {
    document.body.innerHTML = `<div><p data-auto-print>This is the print view</p></div>`;
    enhancePrint(document.body.firstElementChild!);
    expect(print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(AUTO_PRINT_DELAY_MS);
    expect(print).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AUTO_PRINT_DELAY_MS * 10);
    expect(print).toHaveBeenCalledTimes(1);
  });

  test("a page that is not the print view never prints by itself; undoing leaves the link alone", () => {
    document.body.innerHTML = `<a href="?print=1" data-print>Print</a>`;
    const undo = enhancePrint(document);
    vi.advanceTimersByTime(AUTO_PRINT_DELAY_MS * 10);
    expect(print).not.toHaveBeenCalled();
    undo();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("a")!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(print).not.toHaveBeenCalled();
  });

  test("undone before its time, the print view does not print", () => {
    document.body.innerHTML = `<p data-auto-print>Print view</p>`;
    enhancePrint(document)();
    vi.advanceTimersByTime(AUTO_PRINT_DELAY_MS);
    expect(print).not.toHaveBeenCalled();
  });
});
