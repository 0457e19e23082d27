// QR codes drawn by the app itself (no outside service sees what they encode).
import { encode } from "uqr";

export type QrCode = { size: number; path: string };

/**
 * The dark modules of a QR code as one SVG path in module units, the quiet zone included
 * in `size`. Medium error correction survives a smudged print.
 */
export function qrCode(text: string): QrCode {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    // One rectangle per run of dark modules keeps the path short.
    for (let x = 0; x < size; x += 1) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x += 1;
      const run = x - start + 1;
      path += `M${start} ${y}h${run}v1h-${run}z`;
    }
  });
  return { size, path };
}
