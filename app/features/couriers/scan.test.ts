// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CAMERA_REFUSED, enhanceScan, SCAN_INTERVAL_MS } from "./scan";

const MARKUP = `<form method="get" action="/courier" data-scan>
  <input name="trackingId" data-scan-input />
  <button type="button" data-scan-start hidden>Scan with camera</button>
  <video data-scan-video hidden></video>
  <p data-scan-status></p>
</form>`;

const scope = globalThis as { BarcodeDetector?: unknown };

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = MARKUP;
});
afterEach(() => {
  vi.useRealTimers();
  delete scope.BarcodeDetector;
});

describe("enhanceScan", () => {
  test("without BarcodeDetector the field stays as it is without JavaScript: no camera button", () => {
    enhanceScan(document);
    expect(document.querySelector<HTMLButtonElement>("[data-scan-start]")!.hidden).toBe(true);
  });

  test("the first code read fills the field with its tracking ID and opens the stop; the camera stops", async () => {
    const stopTrack = vi.fn();
    const detect = vi.fn().mockResolvedValueOnce([]).mockResolvedValueOnce([{ rawValue: "https://x.example/track/swp482913k7q2zd" }]);
    scope.BarcodeDetector = class {
      constructor(readonly options: { formats: string[] }) {
        expect(options.formats).toEqual(["code_128", "qr_code"]);
      }
      detect = detect;
    };
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] }) } });
    const video = document.querySelector("video")!;
    video.play = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(video, "srcObject", { configurable: true, writable: true, value: null });
    const form = document.querySelector("form")!;
    const submit = vi.fn();
    form.requestSubmit = submit;
    enhanceScan(document);
    const start = document.querySelector<HTMLButtonElement>("[data-scan-start]")!;
    expect(start.hidden).toBe(false);
    start.click();
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 3);
    expect(detect).toHaveBeenCalledTimes(2);
    expect(document.querySelector("input")!.value).toBe("SWP482913K7Q2ZD");
    expect(submit).toHaveBeenCalledTimes(1);
    expect(stopTrack).toHaveBeenCalled();
    expect(video.hidden).toBe(true);
  });

  test("a refused camera says to type instead", async () => {
    scope.BarcodeDetector = class {
      detect = vi.fn();
    };
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: vi.fn().mockRejectedValue(new Error("denied")) } });
    enhanceScan(document);
    document.querySelector<HTMLButtonElement>("[data-scan-start]")!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(document.querySelector("[data-scan-status]")!.textContent).toBe(CAMERA_REFUSED);
  });
});
