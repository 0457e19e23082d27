import { useTranslation } from "react-i18next";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { MAX_LENGTH } from "~/domain/field-limits";
import { enhanceScan, type ScanWords } from "./scan";

/**
 * The tracking-ID field of the run sheet: a GET form that opens the stop, typed or filled by a
 * scanner that types; with JavaScript and a browser that reads barcodes, the camera too (scan.ts).
 */
export function ScanField({ defaultValue, error }: { defaultValue: string; error: string | null }) {
  const form = useBehaviour<HTMLFormElement>(enhanceScan);
  const { t } = useTranslation("couriers");
  const words: ScanWords = {
    read: t("Read {{trackingId}}"),
    point: t("Point the camera at the label's barcode or the receipt's QR code."),
    refused: t("The camera is not available: type the tracking ID instead."),
  };
  return (
    <form method="get" action="/courier" data-scan data-scan-words={JSON.stringify(words)} ref={form} className="space-y-2">
      <label htmlFor="scan-tracking-id" className="block text-sm font-medium">
        {t("Tracking ID")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="scan-tracking-id"
          name="trackingId"
          type="text"
          defaultValue={defaultValue}
          maxLength={MAX_LENGTH.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          data-scan-input
          className="input w-60 max-w-full font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "scan-error" : undefined}
        />
        <button type="submit" className="btn-primary">
          {t("Open")}
        </button>
        <button type="button" className="btn-secondary" data-scan-start hidden>
          {t("Scan with camera")}
        </button>
      </div>
      {error ? (
        <p id="scan-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <video data-scan-video hidden muted playsInline className="w-full max-w-sm rounded" aria-label={t("Camera view")} />
      <p data-scan-status aria-live="polite" className="text-sm text-slate-700" />
    </form>
  );
}
