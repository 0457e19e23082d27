// The 4 × 6 inch parcel label as one SVG document, for the API (the label page prints the same
// facts as HTML): sender, recipient, weight, handling, the QR code of the tracking address and
// the tracking ID as a Code 128 barcode.
import { countryName, escapeHtml } from "~/domain/format";
import { code128Bars } from "./code128";
import type { getReceipt } from "./receipt.server";
import { packageLabel, serviceLabel } from "./shipping-options";

type Receipt = NonNullable<Awaited<ReturnType<typeof getReceipt>>>;

/** 96 units an inch: 4 × 6 inches. */
const WIDTH = 384;
const HEIGHT = 576;

function lines(x: number, y: number, rows: readonly (string | null)[], { size = 12, bold = false, step }: { size?: number; bold?: boolean; step?: number } = {}): string {
  const lineStep = step ?? size + 3;
  return rows
    .filter((row): row is string => Boolean(row))
    .map((row, index) => `<text x="${x}" y="${y + index * lineStep}" font-size="${size}"${bold ? ' font-weight="bold"' : ""}>${escapeHtml(row)}</text>`)
    .join("");
}

export function parcelLabelSvg(receipt: Receipt, companyName: string): string {
  const { shipment, qr } = receipt;
  const barcode = code128Bars(shipment.trackingId);
  const barWidth = WIDTH - 32;
  const scale = barWidth / barcode.width;
  const bars = barcode.bars.map((bar) => `<rect x="${(16 + bar.x * scale).toFixed(2)}" y="450" width="${(bar.width * scale).toFixed(2)}" height="80"/>`).join("");
  const place = (city: string, state: string | null, postalCode: string | null) => [city, state, postalCode].filter(Boolean).join(", ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="4in" height="6in" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="Helvetica, Arial, sans-serif" role="img" aria-label="Parcel label ${escapeHtml(shipment.trackingId)}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
<g fill="#000">
${lines(16, 28, [companyName], { size: 18, bold: true })}<text x="${WIDTH - 16}" y="28" font-size="14" font-weight="bold" text-anchor="end">${escapeHtml(serviceLabel(shipment.serviceType).toUpperCase())}</text>
<rect x="16" y="38" width="${WIDTH - 32}" height="2"/>
${lines(16, 58, ["FROM"], { size: 10, bold: true })}${lines(16, 72, [shipment.senderName, shipment.senderAddress, `${place(shipment.senderCity, shipment.senderState, shipment.senderPostalCode)}, ${countryName(shipment.senderCountry)}`], { size: 11 })}
<rect x="16" y="120" width="${WIDTH - 32}" height="2"/>
${lines(16, 140, ["TO"], { size: 10, bold: true })}${lines(16, 162, [shipment.recipientName], { size: 18, bold: true })}${lines(16, 184, [shipment.recipientCompany, shipment.recipientAddress, place(shipment.recipientCity, shipment.recipientState, shipment.recipientPostalCode)], { size: 13 })}${lines(16, 236, [countryName(shipment.recipientCountry).toUpperCase()], { size: 13, bold: true })}${lines(16, 254, [shipment.recipientPhone], { size: 11 })}
<rect x="16" y="266" width="${WIDTH - 32}" height="2"/>
${lines(16, 290, [`Weight: ${shipment.weightKg} kg`, `Type: ${packageLabel(shipment.packageType)}`, `Signature: ${shipment.signatureRequired ? "Required" : "Not required"}`, `Handling: ${shipment.fragile ? "FRAGILE" : "Standard"}`], { size: 12, step: 18 })}
<svg x="${WIDTH - 16 - 140}" y="276" width="140" height="140" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges"><path d="${qr.path}"/></svg>
<g shape-rendering="crispEdges">${bars}</g>
<text x="${WIDTH / 2}" y="556" font-size="18" font-weight="bold" font-family="Courier New, monospace" text-anchor="middle" letter-spacing="2">${escapeHtml(shipment.trackingId)}</text>
</g>
</svg>
`;
}
