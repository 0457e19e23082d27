// The images of a proof of delivery, checked on the server by their bytes: what type they
// really are (JPEG, PNG or WebP, whatever name or type the upload claims), and the same image
// without the metadata that can say where and when it was taken (EXIF with its GPS position,
// XMP, IPTC, text chunks). Pure functions over bytes: nothing is decoded or re-encoded.

import { MAX_LENGTH } from "~/domain/field-limits";

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

/** The proof of delivery's bounds: the phone shrinks a photo to about 1600 px and 500 KB before it goes. */
export const PROOF_LIMITS = { photoBytes: 500 * 1024, signatureBytes: 100 * 1024, receivedBy: MAX_LENGTH.name, photoPixels: 1600 } as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The image type the bytes start with, or null when they are none of the three. */
export function imageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** APP1 (EXIF, XMP) and APP13 (IPTC) segments: where a camera writes the place and the moment. */
const JPEG_METADATA = new Set([0xe1, 0xed]);

/**
 * A JPEG without its APP1 and APP13 segments; everything else (the picture, its colour profile)
 * is kept byte for byte. Null when the segments before the picture data do not hold together.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  if (!startsWith(bytes, [0xff, 0xd8])) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: the end of the image, restarts, TEM.
    if (marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      if (marker === 0xd9) break;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const end = at + 2 + length;
    // Start of scan: the picture data follows to the end; no metadata comes after it.
    if (marker === 0xda) {
      kept.push(bytes.subarray(at));
      return concat(kept);
    }
    if (!JPEG_METADATA.has(marker)) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return concat(kept);
}

/** PNG chunks that carry EXIF (eXIf) or text, where XMP with a position goes. */
const PNG_METADATA = new Set(["eXIf", "tEXt", "zTXt", "iTXt"]);

/** A PNG without its eXIf and text chunks. Null when its chunks do not hold together. */
export function stripPngMetadata(bytes: Uint8Array): Uint8Array | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let ended = false;
  while (at < bytes.length && !ended) {
    if (at + 12 > bytes.length) return null;
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(at, end));
    ended = type === "IEND";
    at = end;
  }
  return ended ? concat(kept) : null;
}

/** The VP8X header's flags for EXIF and XMP chunks. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** A WebP without its EXIF and XMP chunks (and the header's flags saying it has them). Null when its chunks do not hold together. */
export function stripWebpMetadata(bytes: Uint8Array): Uint8Array | null {
  if (imageType(bytes) !== "image/webp") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = view.getUint32(4, true) + 8;
  if (declared > bytes.length || declared < 12) return null;
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at < declared) {
    if (at + 8 > declared) return null;
    const type = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > declared) return null;
    if (type === "VP8X") {
      const chunk = bytes.slice(at, end);
      if (chunk.length > 8) chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    } else if (type !== "EXIF" && type !== "XMP ") {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** The image without the metadata its type can carry; null when its structure is broken. */
export function stripLocation(bytes: Uint8Array, type: ImageType): Uint8Array | null {
  if (type === "image/jpeg") return stripJpegMetadata(bytes);
  if (type === "image/png") return stripPngMetadata(bytes);
  return stripWebpMetadata(bytes);
}
