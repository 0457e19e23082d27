// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from "vitest";
import { encodeWithin, enhanceSignaturePad, fitWithin, PHOTO_NOT_SHRUNK, PHOTO_SHRINKING, photoReady, photoShrinker } from "./proof-capture";

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

/** The browser's DataTransfer, as far as the behaviours use it: a list of files for an input. */
class FakeDataTransfer {
  private list: File[] = [];
  items = { add: (file: File) => this.list.push(file) };
  get files() {
    return Object.assign([...this.list], { item: (index: number) => this.list[index] ?? null }) as unknown as FileList;
  }
}
vi.stubGlobal("DataTransfer", FakeDataTransfer);

function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, "files", { configurable: true, writable: true, value: Object.assign([file], { item: () => file }) });
  input.dispatchEvent(new Event("change"));
}

describe("fitWithin and encodeWithin", () => {
  test("a picture larger than the bound is scaled down with its proportions; a smaller one stays", () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  test("tries lower qualities, then smaller sizes, until the picture fits; none fitting is null", async () => {
    const tried: string[] = [];
    const fits = await encodeWithin(async (scale, quality) => {
      tried.push(`${scale}@${quality}`);
      return new Blob([new Uint8Array(scale === 0.75 && quality === 0.65 ? 400 : 900)]);
    }, 500);
    expect(fits?.size).toBe(400);
    expect(tried).toEqual(["1@0.85", "1@0.75", "1@0.65", "1@0.5", "0.75@0.85", "0.75@0.75", "0.75@0.65"]);
    expect(await encodeWithin(async () => new Blob([new Uint8Array(900)]), 500)).toBeNull();
  });
});

const PHOTO_MARKUP = `<form><div data-photo-shrink><input type="file" name="photo" /><p data-photo-status></p></div><button type="submit">Save status</button></form>`;

describe("photoShrinker", () => {
  test("a chosen photo is replaced by its shrunk copy; a submit meanwhile waits for it, then goes on by itself", async () => {
    document.body.innerHTML = PHOTO_MARKUP;
    let finish: (file: File) => void = () => {};
    const small = new File([new Uint8Array(2048)], "door.jpg", { type: "image/jpeg" });
    const undo = photoShrinker(() => new Promise((resolve) => (finish = resolve)))(document);
    const form = document.querySelector("form")!;
    const input = document.querySelector<HTMLInputElement>("input")!;
    const requestSubmit = vi.spyOn(form, "requestSubmit").mockImplementation(() => {});
    choose(input, new File([new Uint8Array(40_000)], "door.heic"));
    expect(document.querySelector("[data-photo-status]")!.textContent).toBe(PHOTO_SHRINKING);
    const early = new SubmitEvent("submit", { cancelable: true, submitter: document.querySelector("button") });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(requestSubmit).not.toHaveBeenCalled();
    finish(small);
    await vi.waitFor(() => expect(input.files?.[0]).toBe(small));
    expect(document.querySelector("[data-photo-status]")!.textContent).toBe(photoReady(2048));
    expect(requestSubmit).toHaveBeenCalledWith(document.querySelector("button"));
    // Once it is made, a submit goes as usual.
    const later = new SubmitEvent("submit", { cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    undo();
  });

  test("a photo the browser cannot shrink goes as taken, and the form is not held", async () => {
    document.body.innerHTML = PHOTO_MARKUP;
    photoShrinker(async () => {
      throw new Error("cannot decode");
    })(document);
    const input = document.querySelector<HTMLInputElement>("input")!;
    const taken = new File([new Uint8Array(10)], "door.jpg");
    choose(input, taken);
    await vi.waitFor(() => expect(document.querySelector("[data-photo-status]")!.textContent).toBe(PHOTO_NOT_SHRUNK));
    expect(input.files?.[0]).toBe(taken);
  });
});

describe("enhanceSignaturePad", () => {
  const MARKUP = `<div data-signature-pad hidden><canvas width="600" height="200"></canvas><input type="file" name="signature" hidden /><button type="button" data-signature-clear>Clear signature</button></div>`;

  function stubCanvas() {
    const strokes: string[] = [];
    const context = {
      beginPath: () => strokes.push("begin"),
      moveTo: (x: number, y: number) => strokes.push(`move ${x},${y}`),
      lineTo: (x: number, y: number) => strokes.push(`line ${x},${y}`),
      stroke: () => strokes.push("stroke"),
      clearRect: () => strokes.push("clear"),
    };
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(context as unknown as CanvasRenderingContext2D);
    // "PNG" as a data: address, as the browser's encoder answers.
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue(`data:image/png;base64,${btoa("\x89PNG drawn")}`);
    vi.spyOn(HTMLCanvasElement.prototype, "getBoundingClientRect").mockReturnValue({ left: 0, top: 0, width: 300, height: 100 } as DOMRect);
    return strokes;
  }

  test("shown, it draws a finger's stroke (scaled to the canvas) and puts the drawing in the signature field as a PNG; Clear empties both", async () => {
    document.body.innerHTML = MARKUP;
    const strokes = stubCanvas();
    const undo = enhanceSignaturePad(document);
    const pad = document.querySelector<HTMLElement>("[data-signature-pad]")!;
    const canvas = document.querySelector("canvas")!;
    const input = document.querySelector<HTMLInputElement>("input")!;
    expect(pad.hidden).toBe(false);
    canvas.dispatchEvent(new PointerEvent("pointerdown", { clientX: 10, clientY: 20 }));
    canvas.dispatchEvent(new PointerEvent("pointermove", { clientX: 50, clientY: 40 }));
    canvas.dispatchEvent(new PointerEvent("pointerup"));
    expect(strokes).toEqual(["begin", "move 20,40", "line 100,80", "stroke"]);
    const file = input.files![0]!;
    expect(file.type).toBe("image/png");
    expect(new TextDecoder("latin1").decode(await file.arrayBuffer())).toBe("\x89PNG drawn");
    document.querySelector<HTMLButtonElement>("[data-signature-clear]")!.click();
    expect(strokes.at(-1)).toBe("clear");
    expect(input.files).toHaveLength(0);
    undo();
    expect(pad.hidden).toBe(true);
  });

  test("a move without a finger down draws nothing and fills nothing", () => {
    document.body.innerHTML = MARKUP;
    const strokes = stubCanvas();
    enhanceSignaturePad(document);
    document.querySelector("canvas")!.dispatchEvent(new PointerEvent("pointermove", { clientX: 50, clientY: 40 }));
    document.querySelector("canvas")!.dispatchEvent(new PointerEvent("pointerup"));
    expect(strokes).toEqual([]);
    expect(document.querySelector<HTMLInputElement>("input")!.files ?? []).toHaveLength(0);
  });
});
