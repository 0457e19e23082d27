import { describe, expect, it } from "vitest";
import {
  growth,
  growthText,
  niceScale,
  parsePeriod,
  percentOf,
  periodRanges,
  pointsChangeText,
  trendBuckets,
  trendUnit,
} from "./analytics";

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();

describe("parsePeriod", () => {
  it("reads the four periods and falls back to 30 days", () => {
    expect(["7d", "30d", "90d", "1y"].map(parsePeriod)).toEqual(["7d", "30d", "90d", "1y"]);
    for (const value of [null, "", "14d", "1Y", "all", "30d "]) expect(parsePeriod(value)).toBe("30d");
  });
});

describe("periodRanges", () => {
  it("ends now and compares with the previous period of equal length", () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(periodRanges("7d", now)).toEqual({
      current: { start: now - 7 * DAY, end: now },
      previous: { start: now - 14 * DAY, end: now - 7 * DAY },
    });
    expect(periodRanges("1y", now).current.start).toBe(now - 365 * DAY);
  });
});

describe("growth", () => {
  it("is computed, and says 'new' or nothing when there was nothing before", () => {
    expect(growth(12, 10)).toEqual({ kind: "percent", value: 20 });
    expect(growthText(growth(9, 12))).toBe("−25.0%");
    expect(growthText(growth(5, 5))).toBe("±0.0%");
    expect(growthText(growth(3, 0))).toBe("new");
    expect(growthText(growth(0, 0))).toBe("—");
  });

  it("gives rates only with a whole, and their moves in points", () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(0, 0)).toBeNull();
    expect(pointsChangeText(80, 75.5)).toBe("+4.5 pts");
    expect(pointsChangeText(null, 75)).toBe("—");
  });
});

describe("trendBuckets", () => {
  it("cuts a week into the reader's calendar days, the first and last partial", () => {
    const now = Date.UTC(2026, 10, 24, 15);
    const range = periodRanges("7d", now).current;
    const buckets = trendBuckets(trendUnit("7d"), range, "UTC");
    expect(buckets).toHaveLength(8);
    expect(buckets[0]).toEqual({ start: range.start, end: Date.UTC(2026, 10, 18), label: "Nov 17" });
    expect(buckets.at(-1)).toEqual({ start: Date.UTC(2026, 10, 24), end: now, label: "Nov 24" });
    // Contiguous, covering the range exactly.
    buckets.slice(1).forEach((bucket, index) => expect(bucket.start).toBe(buckets[index]!.end));
  });

  it("starts days at the reader's midnight", () => {
    const now = Date.UTC(2026, 10, 24, 3);
    const buckets = trendBuckets("day", periodRanges("7d", now).current, "America/New_York");
    // 24 Nov 03:00 UTC is 23 Nov 22:00 in New York.
    expect(buckets.at(-1)!.label).toBe("Nov 23");
    expect(iso(buckets.at(-1)!.start)).toBe("2026-11-23T05:00:00.000Z");
  });

  it("groups 90 days by weeks from Monday and a year by months", () => {
    const now = Date.UTC(2026, 10, 24, 12); // a Tuesday
    const weeks = trendBuckets(trendUnit("90d"), periodRanges("90d", now).current, "UTC");
    expect(weeks.at(-1)).toEqual({ start: Date.UTC(2026, 10, 23), end: now, label: "Week of Nov 23" });
    expect(weeks.length).toBe(14);
    const months = trendBuckets(trendUnit("1y"), periodRanges("1y", now).current, "UTC");
    expect(months.map((bucket) => bucket.label)).toEqual([
      "Nov 2025", "Dec 2025", "Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026", "May 2026",
      "Jun 2026", "Jul 2026", "Aug 2026", "Sep 2026", "Oct 2026", "Nov 2026",
    ]);
    expect(months[1]!.start).toBe(Date.UTC(2025, 11, 1));
  });

  it("labels days across a month end", () => {
    const buckets = trendBuckets("day", { start: Date.UTC(2026, 0, 30, 12), end: Date.UTC(2026, 1, 2, 1) }, "UTC");
    expect(buckets.map((bucket) => bucket.label)).toEqual(["Jan 30", "Jan 31", "Feb 1", "Feb 2"]);
  });
});

describe("niceScale", () => {
  it("rounds the top up in four even steps", () => {
    expect(niceScale(9_300)).toEqual({ top: 10_000, ticks: [0, 2_500, 5_000, 7_500, 10_000] });
    expect(niceScale(41)).toEqual({ top: 60, ticks: [0, 15, 30, 45, 60] });
    expect(niceScale(0).top).toBe(1);
  });
});
