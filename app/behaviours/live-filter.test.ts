// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { enhanceLiveFilters, LIVE_FILTER_DELAY_MS } from "./live-filter";

const FORM = `
  <form method="get" action="/dashboard" data-live-filter>
    <label for="search">Search</label><input id="search" name="search" value="">
    <label for="status">Status</label>
    <select id="status" name="status"><option value="all" selected>All</option><option value="pending">Pending</option></select>
    <button type="submit">Apply</button>
  </form>`;

const results = (rows: string) => `<div data-live-results=""><table><tbody>${rows}</tbody></table></div>`;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = FORM + results("<tr><td>SWP1</td></tr><tr><td>SWP2</td></tr>");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const form = () => document.querySelector("form")!;
const search = () => document.querySelector<HTMLInputElement>("#search")!;
function type(value: string) {
  search().value = value;
  search().dispatchEvent(new Event("input", { bubbles: true }));
}

describe("enhanceLiveFilters with the page's own way of showing a list", () => {
  test("shows the list once, 300 ms after the last change", () => {
    const show = vi.fn();
    enhanceLiveFilters(document, show);
    type("S");
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS - 1);
    type("SW");
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS - 1);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(form());
  });

  test("a change that ends where the list already is asks for nothing (the field's change event after typing)", () => {
    const show = vi.fn();
    enhanceLiveFilters(document, show);
    type("SWP");
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS);
    search().dispatchEvent(new Event("change", { bubbles: true }));
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS);
    type("");
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS);
    expect(show).toHaveBeenCalledTimes(2);
  });

  test("a choice in a select counts as a change", () => {
    const show = vi.fn();
    enhanceLiveFilters(document, show);
    document.querySelector<HTMLOptionElement>('option[value="pending"]')!.selected = true;
    document.querySelector<HTMLElement>("#status")!.dispatchEvent(new Event("change", { bubbles: true }));
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS);
    expect(show).toHaveBeenCalledTimes(1);
  });

  test("pressing the button sends the form alone, and the undo stops following", () => {
    const show = vi.fn();
    const undo = enhanceLiveFilters(document, show);
    type("SWP");
    form().dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS);
    type("SWP1");
    undo();
    type("SWP12");
    vi.advanceTimersByTime(LIVE_FILTER_DELAY_MS);
    expect(show).not.toHaveBeenCalled();
  });
});

describe("enhanceLiveFilters on a page that does not hydrate", () => {
  function answer(html: string, url: string, ok = true) {
    const fetch = vi.fn(async () => ({ ok, url, text: async () => html }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  test("fetches the list's page and puts its results in place of the shown ones; the field keeps focus and the address follows", async () => {
    const fetch = answer(`<html><body><main>${results("<tr><td>SWP482913K7Q2ZD</td></tr>")}</main></body></html>`, `${location.origin}/dashboard?search=SWP4`);
    const replaceState = vi.spyOn(window.history, "replaceState");
    enhanceLiveFilters(document);
    search().focus();
    type("swp4");
    await vi.advanceTimersByTimeAsync(LIVE_FILTER_DELAY_MS);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`${location.origin}/dashboard?search=swp4&status=all`);
    expect(document.querySelectorAll("[data-live-results] tr")).toHaveLength(1);
    expect(document.querySelector("[data-live-results]")!.textContent).toBe("SWP482913K7Q2ZD");
    expect(document.activeElement).toBe(search());
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(location.href).toBe(`${location.origin}/dashboard?search=SWP4`);
  });

  test("an answer without results (a sign-in page, an error) opens as a page", async () => {
    answer("<html><body><h1>Sign in</h1></body></html>", `${location.origin}/login?redirectTo=%2Fdashboard`);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    enhanceLiveFilters(document);
    type("SWP");
    await vi.advanceTimersByTimeAsync(LIVE_FILTER_DELAY_MS);
    expect(assign).toHaveBeenCalledWith(`${location.origin}/login?redirectTo=%2Fdashboard`);
    expect(document.querySelectorAll("[data-live-results] tr")).toHaveLength(2);
  });
});
