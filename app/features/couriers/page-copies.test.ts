import { describe, expect, test } from "vitest";
import { isCourierPage, isKeptPage, withoutToast } from "./page-copies";

const url = (path: string) => new URL(path, "https://swiftparcel.example");

describe("the courier pages kept on the phone", () => {
  test("are the run sheet and the stops, not a scan's answer nor any other page", () => {
    expect(isKeptPage(url("/courier"))).toBe(true);
    expect(isKeptPage(url("/courier?order=postal&print=1"))).toBe(true);
    expect(isKeptPage(url("/courier/stops/SWP482913K7Q2ZD"))).toBe(true);
    expect(isKeptPage(url("/courier?trackingId=SWP482913K7Q2ZD"))).toBe(false);
    expect(isCourierPage(url("/courier?trackingId=SWP482913K7Q2ZD"))).toBe(true);
    for (const path of ["/couriers", "/admin/couriers", "/track/SWP482913K7Q2ZD", "/login", "/courier/stops/A/B"]) expect(isKeptPage(url(path)), path).toBe(false);
  });

  test("leave out the toast of the moment they were fetched", () => {
    const page = `<div role="status" aria-live="polite" class="fixed"><div class="pointer-events-auto flex toast-success" data-toast-type="success"><p class="flex-1">SWP1: Delivered</p></div></div><main>Run sheet</main>`;
    expect(withoutToast(page)).toBe(`<div role="status" aria-live="polite" class="fixed"></div><main>Run sheet</main>`);
    expect(withoutToast("<main>Run sheet</main>")).toBe("<main>Run sheet</main>");
  });
});
