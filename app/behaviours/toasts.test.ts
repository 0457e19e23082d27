// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { TOAST_DURATION_MS } from "~/domain/toast-durations";
import { enhanceToasts } from "./toasts";

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `<div role="status"><div data-toast-type="success" class="toast-success"><p>Shipment saved</p></div></div>`;
});
afterEach(() => vi.useRealTimers());

const toast = () => document.querySelector<HTMLElement>("[data-toast-type]")!;
const close = () => document.querySelector<HTMLButtonElement>("button[aria-label='Dismiss notification']");

describe("enhanceToasts", () => {
  test("adds a close button that hides the toast", () => {
    enhanceToasts(document);
    expect(close()?.textContent).toBe("×");
    close()!.click();
    expect(toast().hidden).toBe(true);
  });

  test("the toast leaves after its type's time, counted by the script instead of the CSS fade", () => {
    enhanceToasts(document);
    expect(toast().classList.contains("toast-success")).toBe(false);
    vi.advanceTimersByTime(TOAST_DURATION_MS.success - 1);
    expect(toast().hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toast().hidden).toBe(true);
  });

  test("an error stays longer than a success", () => {
    toast().dataset.toastType = "error";
    enhanceToasts(document);
    vi.advanceTimersByTime(TOAST_DURATION_MS.success);
    expect(toast().hidden).toBe(false);
    vi.advanceTimersByTime(TOAST_DURATION_MS.error - TOAST_DURATION_MS.success);
    expect(toast().hidden).toBe(true);
  });

  test("undoing removes the button and stops the timer", () => {
    const undo = enhanceToasts(document.querySelector("[role=status]")!);
    undo();
    expect(close()).toBeNull();
    expect(toast().classList.contains("toast-success")).toBe(true);
    vi.advanceTimersByTime(TOAST_DURATION_MS.error);
    expect(toast().hidden).toBe(false);
  });
});
