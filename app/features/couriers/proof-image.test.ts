import { describe, expect, test } from "vitest";
import { imageType, stripJpegMetadata, stripLocation, stripPngMetadata, stripWebpMetadata } from "./proof-image";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((character) => character.charCodeAt(0)) : part)));
const text = (data: Uint8Array) => String.fromCharCode(...data);

/** A JPEG segment: marker, big-endian length (itself included), payload. */
function segment(marker: number, payload: number[] | string): number[] {
  const body = [...bytes(payload)];
  return [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}
const GPS_EXIF = "Exif\0\0MM\0*GPSLatitude 40.4167N GPSLongitude 3.7037W";
const JFIF = segment(0xe0, "JFIF\0\x01\x01");
const TABLES = segment(0xdb, "quantisation-table");
const SCAN = [...segment(0xda, "scan-header"), 0x12, 0xff, 0x00, 0x34, 0xff, 0xd9];
const jpeg = (...middle: number[][]) => Uint8Array.from([0xff, 0xd8, ...JFIF, ...middle.flat(), ...TABLES, ...SCAN]);

/** A PNG chunk: big-endian length, type, data, a CRC (not checked: chunks are copied whole). */
function chunk(type: string, data: string): number[] {
  const length = data.length;
  return [length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff, ...bytes(type, data), 1, 2, 3, 4];
}
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A WebP chunk: little-endian size, padded to an even length. */
function riffChunk(type: string, data: number[]): number[] {
  return [...bytes(type), data.length & 0xff, (data.length >> 8) & 0xff, 0, 0, ...data, ...(data.length % 2 ? [0] : [])];
}
function webp(...chunks: number[][]): Uint8Array {
  const body = [...bytes("WEBP"), ...chunks.flat()];
  return Uint8Array.from([...bytes("RIFF"), body.length & 0xff, (body.length >> 8) & 0xff, 0, 0, ...body]);
}

describe("imageType", () => {
  test("names JPEG, PNG and WebP by their first bytes, whatever the file claims", () => {
    expect(imageType(jpeg())).toBe("image/jpeg");
    expect(imageType(Uint8Array.from([...PNG_SIGNATURE, ...chunk("IEND", "")]))).toBe("image/png");
    expect(imageType(webp(riffChunk("VP8L", [1, 2, 3])))).toBe("image/webp");
  });

  test("anything else is none of them: text, a GIF, a PDF, an empty or truncated file", () => {
    for (const other of [bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"), bytes("GIF89a"), bytes("%PDF-1.7"), new Uint8Array(0), bytes([0xff, 0xd8]), bytes("RIFF\0\0\0\0WAVE")]) {
      expect(imageType(other)).toBeNull();
    }
  });
});

describe("stripJpegMetadata", () => {
  test("drops the APP1 (EXIF with its GPS position, XMP) and APP13 segments and keeps the rest byte for byte", () => {
    const stripped = stripJpegMetadata(jpeg(segment(0xe1, GPS_EXIF), segment(0xe1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>"), segment(0xed, "Photoshop 3.0\0IPTC")))!;
    expect(stripped).toEqual(jpeg());
    expect(text(stripped)).not.toContain("GPS");
    expect(text(stripped)).not.toContain("Exif");
  });

  test("keeps a JPEG without metadata as it is, colour profile included", () => {
    const profiled = jpeg(segment(0xe2, "ICC_PROFILE\0"));
    expect(stripJpegMetadata(profiled)).toEqual(profiled);
  });

  test("refuses a JPEG whose segments do not hold together", () => {
    expect(stripJpegMetadata(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x10, 0x00, 1, 2]))).toBeNull();
    expect(stripJpegMetadata(Uint8Array.from([0xff, 0xd8, 0x00, 0x00]))).toBeNull();
    expect(stripJpegMetadata(bytes("not a jpeg"))).toBeNull();
  });
});

describe("stripPngMetadata", () => {
  test("drops eXIf and text chunks and keeps the image's chunks", () => {
    const image = [...chunk("IHDR", "0123456789abc"), ...chunk("IDAT", "pixels")];
    const png = Uint8Array.from([...PNG_SIGNATURE, ...chunk("IHDR", "0123456789abc"), ...chunk("eXIf", GPS_EXIF), ...chunk("iTXt", "XML:com.adobe.xmp"), ...chunk("IDAT", "pixels"), ...chunk("tEXt", "Comment"), ...chunk("IEND", "")]);
    expect(stripPngMetadata(png)).toEqual(Uint8Array.from([...PNG_SIGNATURE, ...image, ...chunk("IEND", "")]));
  });

  test("refuses a PNG cut short or without its end", () => {
    const whole = [...PNG_SIGNATURE, ...chunk("IHDR", "0123456789abc"), ...chunk("IEND", "")];
    expect(stripPngMetadata(Uint8Array.from(whole.slice(0, 20)))).toBeNull();
    expect(stripPngMetadata(Uint8Array.from(whole.slice(0, whole.length - 12)))).toBeNull();
  });
});

describe("stripWebpMetadata", () => {
  test("drops the EXIF and XMP chunks, clears the header's flags for them and fixes the RIFF size", () => {
    const flags = 0x08 | 0x04 | 0x10; // EXIF, XMP, alpha
    const withMetadata = webp(riffChunk("VP8X", [flags, 0, 0, 0, 9, 0, 0, 9, 0, 0]), riffChunk("VP8L", [1, 2, 3]), riffChunk("EXIF", [...bytes(GPS_EXIF)]), riffChunk("XMP ", [...bytes("<x/>")]));
    const stripped = stripWebpMetadata(withMetadata)!;
    expect(stripped).toEqual(webp(riffChunk("VP8X", [0x10, 0, 0, 0, 9, 0, 0, 9, 0, 0]), riffChunk("VP8L", [1, 2, 3])));
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    expect(text(stripped)).not.toContain("GPS");
  });

  test("refuses a WebP whose chunks run past its end", () => {
    const broken = webp(riffChunk("VP8L", [1, 2, 3, 4]));
    broken[16] = 200;
    expect(stripWebpMetadata(broken)).toBeNull();
  });
});

test("stripLocation picks the rule of the type", () => {
  expect(stripLocation(jpeg(segment(0xe1, GPS_EXIF)), "image/jpeg")).toEqual(jpeg());
  expect(stripLocation(jpeg(), "image/png")).toBeNull();
});
