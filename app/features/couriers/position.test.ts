// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { enhancePosition, POSITION_ADDED, POSITION_REFUSED } from "./position";

const MARKUP = `<div data-position>
  <input type="hidden" name="latitude" /><input type="hidden" name="longitude" />
  <button type="button" hidden>Add my position</button>
  <p data-position-status></p>
</div>`;

function withGeolocation(getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  Object.defineProperty(navigator, "geolocation", { configurable: true, value: { getCurrentPosition } });
}
afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

describe("enhancePosition", () => {
  test("allowed, the position fills the two fields and says so", () => {
    document.body.innerHTML = MARKUP;
    withGeolocation((ok) => ok({ coords: { latitude: 40.4167754, longitude: -3.7037902 } } as GeolocationPosition));
    const undo = enhancePosition(document);
    const button = document.querySelector("button")!;
    expect(button.hidden).toBe(false);
    button.click();
    expect(document.querySelector<HTMLInputElement>("[name=latitude]")!.value).toBe("40.416775");
    expect(document.querySelector<HTMLInputElement>("[name=longitude]")!.value).toBe("-3.703790");
    expect(document.querySelector("[data-position-status]")!.textContent).toBe(`${POSITION_ADDED} (40.416775, -3.703790)`);
    undo();
    expect(button.hidden).toBe(true);
  });

  test("refused, the fields stay empty and the update goes without it", () => {
    document.body.innerHTML = MARKUP;
    withGeolocation((_ok, fail) => fail!({ code: 1 } as GeolocationPositionError));
    enhancePosition(document);
    document.querySelector("button")!.click();
    expect(document.querySelector<HTMLInputElement>("[name=latitude]")!.value).toBe("");
    expect(document.querySelector("[data-position-status]")!.textContent).toBe(POSITION_REFUSED);
  });

});
