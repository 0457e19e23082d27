// Scanning with the phone's camera: where the browser has BarcodeDetector, a "Scan with camera"
// button appears beside the tracking-ID field; the first Code 128 (the label) or QR code (the
// receipt) it reads fills the field and opens that stop. Without the detector, or when the
// camera is refused, the field stays what it is without JavaScript: typed, or filled by a
// scanner that types.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { fillIn, wordsOf } from "./page-words";
import { trackingIdFromCode } from "./scanned-code";

/** How often a frame of the camera is read. */
export const SCAN_INTERVAL_MS = 250;

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

export const CAMERA_REFUSED = "The camera is not available: type the tracking ID instead.";

/** What the scan says (data-scan-words on the form): a code read, where to point the camera, a refused camera. */
export type ScanWords = { read: string; point: string; refused: string };

const ENGLISH: ScanWords = { read: "Read {{trackingId}}", point: "Point the camera at the label's barcode or the receipt's QR code.", refused: CAMERA_REFUSED };

export const enhanceScan: Behaviour = (root) => {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return () => {};
  const undos = within<HTMLFormElement>(root, "form[data-scan]").map((form) => {
    const input = form.querySelector<HTMLInputElement>("[data-scan-input]");
    const start = form.querySelector<HTMLButtonElement>("[data-scan-start]");
    const video = form.querySelector<HTMLVideoElement>("[data-scan-video]");
    const status = form.querySelector<HTMLElement>("[data-scan-status]");
    if (!input || !start || !video || !status) return () => {};
    const words = wordsOf(form, "scanWords", ENGLISH);
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      video.hidden = true;
    };
    const read = (detector: Detector) => {
      timer = setTimeout(async () => {
        const codes = await detector.detect(video).catch(() => []);
        const code = codes.find((found) => found.rawValue.trim() !== "");
        if (!code) return read(detector);
        stop();
        input.value = trackingIdFromCode(code.rawValue);
        status.textContent = fillIn(words.read, { trackingId: input.value });
        form.requestSubmit();
      }, SCAN_INTERVAL_MS);
    };
    const scan = async () => {
      stop();
      try {
        const detector = new Detector({ formats: ["code_128", "qr_code"] });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        video.srcObject = stream;
        video.hidden = false;
        await video.play();
        status.textContent = words.point;
        read(detector);
      } catch {
        stop();
        status.textContent = words.refused;
      }
    };
    start.hidden = false;
    start.addEventListener("click", scan);
    return () => {
      stop();
      start.hidden = true;
      start.removeEventListener("click", scan);
    };
  });
  return () => {
    for (const undo of undos) undo();
  };
};
