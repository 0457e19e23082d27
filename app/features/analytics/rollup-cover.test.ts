import { describe, expect, it } from "vitest";
import { coverRanges, HOUR_MS, ROLLUP_SPANS, type RollupCover } from "./rollup-cover";

const DAY = 24 * HOUR_MS;

/** Every millisecond of the cover, as [start, end) ranges sorted: runs expanded to their pieces. */
function pieces(cover: RollupCover): [number, number][] {
  const all: [number, number][] = cover.raw.map((range) => [range.start, range.end]);
  for (const run of cover.runs) {
    expect(run.from % run.span).toBe(0);
    expect(run.to % run.span).toBe(0);
    for (let hour = run.from; hour < run.to; hour += run.span) all.push([hour * HOUR_MS, (hour + run.span) * HOUR_MS]);
  }
  return all.sort((a, b) => a[0] - b[0]);
}

/**
 * The cover is exact: pieces touch end to end from the first boundary to the last, and no
 * rollup piece crosses a boundary (raw rows are placed one by one, so raw ranges may).
 */
function expectExact(boundaries: number[]) {
  const cover = coverRanges(boundaries);
  const all = pieces(cover);
  expect(all[0]![0]).toBe(boundaries[0]);
  expect(all.at(-1)![1]).toBe(boundaries.at(-1));
  for (let index = 1; index < all.length; index += 1) expect(all[index]![0]).toBe(all[index - 1]![1]);
  const rolled = pieces({ runs: cover.runs, raw: [] });
  for (const [start, end] of rolled) for (const boundary of boundaries) expect(start < boundary && boundary < end, `${start}-${end} crosses ${boundary}`).toBe(false);
  return cover;
}

describe("coverRanges", () => {
  it("reads a year ending at an odd time as a few dozen runs and two raw ends", () => {
    const now = Date.UTC(2026, 10, 25, 13, 47, 12, 345);
    const cover = expectExact([now - 730 * DAY, now - 365 * DAY, now]);
    // Raw: the parts of an hour at the three boundaries, the middle one joined across it.
    expect(cover.raw).toEqual([
      { start: now - 730 * DAY, end: Math.ceil((now - 730 * DAY) / HOUR_MS) * HOUR_MS },
      { start: Math.floor((now - 365 * DAY) / HOUR_MS) * HOUR_MS, end: Math.ceil((now - 365 * DAY) / HOUR_MS) * HOUR_MS },
      { start: Math.floor(now / HOUR_MS) * HOUR_MS, end: now },
    ]);
    const rows = cover.runs.reduce((total, run) => total + (run.to - run.from) / run.span, 0);
    expect(rows).toBeLessThan(200);
    expect(cover.runs.map((run) => run.span)).toEqual(expect.arrayContaining([...ROLLUP_SPANS]));
  });

  it("needs no raw range on whole hours, and whole UTC days as days", () => {
    const start = Date.UTC(2026, 10, 1);
    const cover = expectExact([start, start + DAY, start + 2 * DAY, start + 3 * DAY]);
    expect(cover).toEqual({ runs: [{ span: 24, from: start / HOUR_MS, to: start / HOUR_MS + 72 }], raw: [] });
  });

  it("reads the days of another time zone as hours, and a half-hour offset's boundaries raw", () => {
    const start = Date.UTC(2026, 10, 1, 22);
    const cover = expectExact([start, start + DAY, start + 2 * DAY]);
    expect(cover.raw).toEqual([]);
    expect(cover.runs).toEqual([{ span: 1, from: start / HOUR_MS, to: start / HOUR_MS + 48 }]);
    const india = Date.UTC(2026, 10, 1, 18, 30);
    const halves = expectExact([india, india + DAY, india + 2 * DAY]);
    expect(halves.raw).toHaveLength(3);
  });

  it("reads a range inside one hour raw, and nothing for an empty one", () => {
    const start = Date.UTC(2026, 10, 1, 10, 5);
    expect(coverRanges([start, start + 10 * 60_000])).toEqual({ runs: [], raw: [{ start, end: start + 10 * 60_000 }] });
    expect(coverRanges([start, start])).toEqual({ runs: [], raw: [] });
  });

  it("covers many odd boundaries exactly", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 20; round += 1) {
      const boundaries = [Date.UTC(2025, 0, 1) + Math.floor(next() * 400 * DAY)];
      for (let index = 0; index < 5; index += 1) boundaries.push(boundaries.at(-1)! + Math.floor(next() * 60 * DAY));
      expectExact(boundaries);
    }
  });
});
