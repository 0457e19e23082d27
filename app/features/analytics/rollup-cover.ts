// How a time range is read from the analytics rollups (decision 120): as whole pieces of 384,
// 24 and 1 hours, each aligned to its own length since the epoch (UTC days, blocks of 16 days),
// the largest that fit, plus the parts of an hour at its ends, read from the rows themselves.
// A year is then a few dozen pieces, and no piece crosses a boundary the reader asked for (a
// period's start, a trend bucket's start in the reader's time zone), so that each one falls
// wholly in one bucket.
import type { TimeRange } from "./analytics";

export const HOUR_MS = 3_600_000;

/** The rollups' spans in hours, largest first; each divides the one before it. */
export const ROLLUP_SPANS = [384, 24, 1] as const;

/** Rollup rows of one span from hour `from` (included) to `to` (excluded), both multiples of `span`. */
export type RollupRun = { span: number; from: number; to: number };

export type RollupCover = { runs: RollupRun[]; raw: TimeRange[] };

function coverHours(from: number, to: number, level: number, runs: RollupRun[]): void {
  if (from >= to) return;
  const span = ROLLUP_SPANS[level]!;
  if (level === ROLLUP_SPANS.length - 1) {
    runs.push({ span, from, to });
    return;
  }
  const start = Math.ceil(from / span) * span;
  const end = Math.floor(to / span) * span;
  if (start >= end) {
    coverHours(from, to, level + 1, runs);
    return;
  }
  coverHours(from, start, level + 1, runs);
  runs.push({ span, from: start, to: end });
  coverHours(end, to, level + 1, runs);
}

/**
 * The pieces that cover, without overlap, the ranges between consecutive `boundaries`
 * (ascending epoch milliseconds): rollup runs of whole pieces, and the remaining parts of an
 * hour as raw time ranges. Touching runs of one span, and touching raw ranges, are joined.
 */
export function coverRanges(boundaries: readonly number[]): RollupCover {
  const runs: RollupRun[] = [];
  const raw: TimeRange[] = [];
  for (let index = 0; index + 1 < boundaries.length; index += 1) {
    const start = boundaries[index]!;
    const end = boundaries[index + 1]!;
    if (start >= end) continue;
    const firstHour = Math.ceil(start / HOUR_MS);
    const lastHour = Math.floor(end / HOUR_MS);
    if (firstHour >= lastHour) {
      raw.push({ start, end });
      continue;
    }
    if (start < firstHour * HOUR_MS) raw.push({ start, end: firstHour * HOUR_MS });
    coverHours(firstHour, lastHour, 0, runs);
    if (lastHour * HOUR_MS < end) raw.push({ start: lastHour * HOUR_MS, end });
  }
  const joinedRuns: RollupRun[] = [];
  for (const run of [...runs].sort((a, b) => b.span - a.span || a.from - b.from)) {
    const last = joinedRuns.at(-1);
    if (last && last.span === run.span && last.to === run.from) last.to = run.to;
    else joinedRuns.push({ ...run });
  }
  const joinedRaw: TimeRange[] = [];
  for (const range of raw) {
    const last = joinedRaw.at(-1);
    if (last && last.end === range.start) last.end = range.end;
    else joinedRaw.push({ ...range });
  }
  return { runs: joinedRuns, raw: joinedRaw };
}
