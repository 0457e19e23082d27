// Scannable codes drawn as inline SVG: the QR code of a tracking address (its modules are
// computed on the server) and the tracking ID as a Code 128 barcode.
import type { QrCode } from "~/features/shipments/qr-code.server";
import { code128Bars } from "~/features/shipments/code128";
import { useTranslation } from "react-i18next";

export function QrCodeImage({ code, label, className }: { code: QrCode; label: string; className?: string }) {
  return (
    <svg viewBox={`0 0 ${code.size} ${code.size}`} role="img" aria-label={label} className={className} shapeRendering="crispEdges">
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}

export function Code128Barcode({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation("tracking");
  const { bars, width } = code128Bars(text);
  const height = Math.round(width * 0.25);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t("Barcode of {{text}}", { text })}
      className={className}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
    >
      <rect width={width} height={height} fill="#fff" />
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} width={bar.width} height={height} fill="#000" />
      ))}
    </svg>
  );
}
