// The analytics screen's rules: its periods, the previous period each figure is compared
// with, growth and rates, the trend's buckets in the reader's calendar, and the chart's scale.
// Every figure is computed from the data; nothing here is a placeholder.
import { localDate, startOfDay } from "~/domain/calendar";
import type { ShipmentStatus } from "~/features/shipments/shipment-status";
import { tk } from "~/features/languages/languages";

export const ANALYTICS_PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Periods 7d, 30d (the default), 90d, 1y of 365 days. */
export const DEFAULT_PERIOD: AnalyticsPeriod = "30d";

/** Catalog keys (namespace `admin`), translated where they are shown. */
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  "7d": tk("Last 7 days"),
  "30d": tk("Last 30 days"),
  "90d": tk("Last 90 days"),
  "1y": tk("Last year"),
};

/** What each figure is compared with (catalog keys, namespace `admin`). */
export const PREVIOUS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  "7d": tk("the 7 days before"),
  "30d": tk("the 30 days before"),
  "90d": tk("the 90 days before"),
  "1y": tk("the year before"),
};

/** Shipments whose status is a problem: counted by the exception rate. */
export const PROBLEM_STATUSES: readonly ShipmentStatus[] = ["exception", "failed", "returned"];

/** The scans that start a parcel's transit: its first one of these is the pickup. */
export const PICKUP_STATUSES: readonly ShipmentStatus[] = ["picked_up", "shipped", "in_transit"];

const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

const DAY_MS = 86_400_000;

/** An unknown or missing period reads as the default. */
export function parsePeriod(value: string | null | undefined): AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? "") ? (value as AnalyticsPeriod) : DEFAULT_PERIOD;
}

/** From `start` (included) to `end` (excluded), epoch milliseconds. */
export type TimeRange = { start: number; end: number };

/** The period ending now, and the previous period of equal length just before it. */
export function periodRanges(period: AnalyticsPeriod, now: number): { current: TimeRange; previous: TimeRange } {
  const length = PERIOD_DAYS[period] * DAY_MS;
  return { current: { start: now - length, end: now }, previous: { start: now - 2 * length, end: now - length } };
}

/**
 * How a figure moved against the previous period: a percentage, "new" when there was nothing
 * before to compare with, or nothing to say when both are zero.
 */
export type Growth = { kind: "percent"; value: number } | { kind: "new" } | { kind: "none" };

export function growth(current: number, previous: number): Growth {
  if (previous === 0) return current === 0 ? { kind: "none" } : { kind: "new" };
  return { kind: "percent", value: ((current - previous) / previous) * 100 };
}

/** "12.5" with one decimal in `locale` (no grouping, as English has always shown it). */
function oneDecimal(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(value);
}

/** "%" after a figure as `locale` writes it: "12.5%", "12,5 %" in French. */
function percentSign(figure: string, locale: string): string {
  return locale.startsWith("fr") ? `${figure}\u202f%` : `${figure}%`;
}

/** "+12.5%", "-3.0%", "new" (a catalog key, translated where shown) or "—". */
export function growthText(value: Growth, locale = "en-US"): string {
  if (value.kind === "new") return tk("new");
  if (value.kind === "none") return "—";
  return percentSign(`${value.value > 0 ? "+" : value.value < 0 ? "−" : "±"}${oneDecimal(Math.abs(value.value), locale)}`, locale);
}

/** `part` of `whole` as a percentage; null when there is no whole to speak of. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

/** A rate's move in percentage points ("+2.5 pts"; `points` says it in the reader's words); "—" when either side has no value. */
export function pointsChangeText(current: number | null, previous: number | null, locale = "en-US", points = (figure: string) => `${figure} pts`): string {
  if (current === null || previous === null) return "—";
  const change = current - previous;
  return points(`${change > 0 ? "+" : change < 0 ? "−" : "±"}${oneDecimal(Math.abs(change), locale)}`);
}

/** "87.5%" or "—". */
export function percentText(value: number | null, locale = "en-US"): string {
  return value === null ? "—" : percentSign(oneDecimal(value, locale), locale);
}

export type TrendUnit = "day" | "week" | "month";

/** By day for 7 and 30 days, by week for 90 days, by month for a year. */
export function trendUnit(period: AnalyticsPeriod): TrendUnit {
  return period === "1y" ? "month" : period === "90d" ? "week" : "day";
}

export type TrendBucket = TimeRange & { label: string };

/**
 * The trend's buckets: calendar days, weeks (from Monday) or months in `timeZone`, cut to the
 * range, so the first and the last may be partial. Together they cover the range exactly.
 * Labels are in `locale`; `weekOf` names a week by its Monday ("Week of Nov 23").
 */
export function trendBuckets(
  unit: TrendUnit,
  range: TimeRange,
  timeZone: string,
  locale = "en-US",
  weekOf = (day: string) => `Week of ${day}`,
): TrendBucket[] {
  const labelFormat = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
  const first = localDate(range.start, timeZone);
  // The calendar start of the bucket holding range.start, as a (year, month, day) that may overflow.
  let year = first.year;
  let month = first.month;
  let day = unit === "month" ? 1 : unit === "week" ? first.day - ((first.weekday + 6) % 7) : first.day;
  const buckets: TrendBucket[] = [];
  let start = startOfDay(year, month, day, timeZone);
  while (start < range.end) {
    const dayLabel = labelFormat.format(Date.UTC(year, month - 1, day));
    const label = unit === "month" ? monthFormat.format(Date.UTC(year, month - 1, 1)) : unit === "week" ? weekOf(dayLabel) : dayLabel;
    if (unit === "month") month += 1;
    else day += unit === "week" ? 7 : 1;
    const next = startOfDay(year, month, day, timeZone);
    // Normalise the overflowing date so labels stay right across month ends.
    const normal = new Date(Date.UTC(year, month - 1, day));
    year = normal.getUTCFullYear();
    month = normal.getUTCMonth() + 1;
    day = normal.getUTCDate();
    buckets.push({ start: Math.max(start, range.start), end: Math.min(next, range.end), label });
    start = next;
  }
  return buckets;
}

/** An axis from 0 to a round number at or above `max`, in four equal steps of a round size. */
export function niceScale(max: number): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 0.25, 0.5, 0.75, 1] };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough)!;
  const top = step * 4;
  return { top, ticks: [0, 1, 2, 3, 4].map((index) => index * step) };
}

/** Reports are generated for shipments or users; any other type is refused. */
export const REPORT_TYPES = ["shipments", "users"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const UNSUPPORTED_REPORT = "Unsupported report type";

/** Catalog keys (namespace `admin`). */
export const REPORT_LABELS: Record<ReportType, string> = { shipments: tk("Shipments"), users: tk("Users") };

export function isReportType(value: unknown): value is ReportType {
  return (REPORT_TYPES as readonly unknown[]).includes(value);
}

/** "swiftparcel-shipments-30d-2026-11-24.csv": what, which period, and the day (UTC) it was made. */
export function exportFileName(type: ReportType, period: AnalyticsPeriod, now: number): string {
  return `swiftparcel-${type}-${period}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
