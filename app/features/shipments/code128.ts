// Code 128 (ISO/IEC 15417), code set B: every printable ASCII character, which covers
// tracking IDs. A symbol is the start character, the data, a modulo-103 check character and
// the stop character; each character is three bars and three spaces, 11 modules wide.

/** Bar and space widths, bar first, for the symbol values 0-106 (106 is the stop character). */
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;

export const CODE128_PATTERNS: readonly string[] = PATTERNS;

const START_B = 104;
const STOP = 106;
/** White space required before and after the symbol, in modules. */
export const QUIET_ZONE_MODULES = 10;

export function isCode128BText(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7e]+$/.test(text);
}

/** The start value weighted once, then each data value by its position; modulo 103. */
export function code128CheckValue(values: readonly number[]): number {
  return values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
}

/** Start B, the data, the check character and stop, as symbol values. */
export function code128BValues(text: string): number[] {
  if (!isCode128BText(text)) throw new Error("Code 128 set B encodes printable ASCII characters only");
  const withStart = [START_B, ...[...text].map((char) => char.charCodeAt(0) - 32)];
  return [...withStart, code128CheckValue(withStart), STOP];
}

export type Bar = { x: number; width: number };

/** The dark bars of the symbol in module units, quiet zones included in `width`. */
export function code128Bars(text: string): { bars: Bar[]; width: number } {
  const bars: Bar[] = [];
  let x = QUIET_ZONE_MODULES;
  for (const value of code128BValues(text)) {
    [...PATTERNS[value]!].forEach((digit, index) => {
      const width = Number(digit);
      if (index % 2 === 0) bars.push({ x, width });
      x += width;
    });
  }
  return { bars, width: x + QUIET_ZONE_MODULES };
}
