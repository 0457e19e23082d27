// The proof of delivery on the courier's phone, with JavaScript: the photo is shrunk before it
// is sent (at most about 1600 px and 500 KB, re-encoded as JPEG, which also leaves its location
// data behind), and the recipient signs with a finger in a box whose drawing goes into the
// form's own file field as a PNG. Both put their result into the form's inputs, so the form is
// sent (or kept and sent later) as it is. Without JavaScript the photo goes as taken and the
// typed name stands as the signature.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { fillIn, wordsOf } from "./page-words";
import { PROOF_LIMITS } from "./proof-image";

export const PHOTO_SHRINKING = "Shrinking the photo...";
export const PHOTO_NOT_SHRUNK = "The photo could not be shrunk here: it goes as taken.";

/** What the photo field says (data-photo-words): shrinking, ready (its size in KB), or sent as taken. */
export type PhotoWords = { shrinking: string; ready: string; notShrunk: string };

const ENGLISH: PhotoWords = { shrinking: PHOTO_SHRINKING, ready: "Photo ready ({{size}} KB)", notShrunk: PHOTO_NOT_SHRUNK };

export function photoReady(bytes: number, words: Pick<PhotoWords, "ready"> = ENGLISH): string {
  return fillIn(words.ready, { size: Math.max(1, Math.round(bytes / 1024)) });
}

/** The size that fits a picture within `max` pixels on its longer side, its proportions kept. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Qualities tried in turn, then the same at three quarters of the size, until the picture fits. */
const QUALITIES = [0.85, 0.75, 0.65, 0.5];
const SCALES = [1, 0.75, 0.5];

/** The first encoding (at a scale and a quality) that fits in `maxBytes`, or null when none does. */
export async function encodeWithin(encode: (scale: number, quality: number) => Promise<Blob | null>, maxBytes: number): Promise<Blob | null> {
  for (const scale of SCALES) {
    for (const quality of QUALITIES) {
      const blob = await encode(scale, quality);
      if (blob && blob.size <= maxBytes) return blob;
    }
  }
  return null;
}

/** The browser's own shrinking: decoded (turned upright), drawn smaller on a canvas, encoded as JPEG. */
export async function shrinkPhoto(file: File): Promise<File | null> {
  if (typeof createImageBitmap !== "function") return null;
  const bitmap = await createImageBitmap(file);
  const size = fitWithin(bitmap.width, bitmap.height, PROOF_LIMITS.photoPixels);
  const canvas = document.createElement("canvas");
  const blob = await encodeWithin((scale, quality) => {
    canvas.width = Math.max(1, Math.round(size.width * scale));
    canvas.height = Math.max(1, Math.round(size.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  }, PROOF_LIMITS.photoBytes);
  bitmap.close();
  return blob ? new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg" }) : null;
}

/** Puts `file` into a file input as if it had been chosen; false where the browser cannot. */
function setFile(input: HTMLInputElement, file: File | null): boolean {
  if (typeof DataTransfer !== "function") return false;
  const transfer = new DataTransfer();
  if (file) transfer.items.add(file);
  input.files = transfer.files;
  return true;
}

/**
 * The photo field of `[data-photo-shrink]`, shrunk by `shrink` when a photo is chosen. A submit
 * while it works waits for it, then goes on by itself with the shrunk photo.
 */
export function photoShrinker(shrink: (file: File) => Promise<File | null> = shrinkPhoto): Behaviour {
  return (root) => {
    const undos = within(root, "[data-photo-shrink]").map((box) => {
      const input = box.querySelector<HTMLInputElement>("input[type=file]");
      const status = box.querySelector<HTMLElement>("[data-photo-status]");
      const form = input?.form;
      if (!input || !status || !form) return () => {};
      const words = wordsOf(box, "photoWords", ENGLISH);
      let shrunk: File | null = null;
      let busy = false;
      let waiting: { submitter: HTMLElement | null } | null = null;
      const onSubmit = (event: SubmitEvent) => {
        if (!busy) return;
        event.preventDefault();
        waiting = { submitter: event.submitter };
      };
      const onChange = async () => {
        const chosen = input.files?.[0];
        // The change that putting the shrunk photo in makes.
        if (!chosen || chosen === shrunk) return;
        busy = true;
        status.textContent = words.shrinking;
        let result: File | null = null;
        try {
          result = await shrink(chosen);
        } catch {
          result = null;
        }
        busy = false;
        if (result && setFile(input, result)) {
          shrunk = result;
          status.textContent = photoReady(result.size, words);
        } else {
          status.textContent = words.notShrunk;
        }
        if (waiting) {
          const { submitter } = waiting;
          waiting = null;
          form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
        }
      };
      form.addEventListener("submit", onSubmit);
      input.addEventListener("change", onChange);
      return () => {
        form.removeEventListener("submit", onSubmit);
        input.removeEventListener("change", onChange);
      };
    });
    return () => {
      for (const undo of undos) undo();
    };
  };
}

export const enhancePhotoShrink = photoShrinker();

/** A data: address's bytes. */
function dataUrlBytes(url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(url.slice(url.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The signature box of `[data-signature-pad]`: shown, it takes a finger's (or a mouse's) strokes,
 * and after each one the drawing is the form's `signature` file, a PNG. "Clear signature"
 * empties both.
 */
export const enhanceSignaturePad: Behaviour = (root) => {
  const undos = within(root, "[data-signature-pad]").map((pad) => {
    const canvas = pad.querySelector("canvas");
    const input = pad.querySelector<HTMLInputElement>("input[type=file]");
    const clear = pad.querySelector<HTMLButtonElement>("[data-signature-clear]");
    const context = canvas?.getContext("2d");
    if (!canvas || !input || !clear || !context || typeof DataTransfer !== "function") return () => {};
    context.lineWidth = 3;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#0f172a";
    let drawing = false;
    const point = (event: PointerEvent) => {
      const box = canvas.getBoundingClientRect();
      return {
        x: ((event.clientX - box.left) * canvas.width) / Math.max(box.width, 1),
        y: ((event.clientY - box.top) * canvas.height) / Math.max(box.height, 1),
      };
    };
    const down = (event: PointerEvent) => {
      drawing = true;
      canvas.setPointerCapture?.(event.pointerId);
      const { x, y } = point(event);
      context.beginPath();
      context.moveTo(x, y);
      event.preventDefault();
    };
    const move = (event: PointerEvent) => {
      if (!drawing) return;
      const { x, y } = point(event);
      context.lineTo(x, y);
      context.stroke();
      event.preventDefault();
    };
    const up = () => {
      if (!drawing) return;
      drawing = false;
      setFile(input, new File([dataUrlBytes(canvas.toDataURL("image/png"))], "signature.png", { type: "image/png" }));
    };
    const empty = () => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      setFile(input, null);
    };
    canvas.addEventListener("pointerdown", down);
    canvas.addEventListener("pointermove", move);
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointerleave", up);
    clear.addEventListener("click", empty);
    pad.hidden = false;
    return () => {
      pad.hidden = true;
      canvas.removeEventListener("pointerdown", down);
      canvas.removeEventListener("pointermove", move);
      canvas.removeEventListener("pointerup", up);
      canvas.removeEventListener("pointerleave", up);
      clear.removeEventListener("click", empty);
    };
  });
  return () => {
    for (const undo of undos) undo();
  };
};
