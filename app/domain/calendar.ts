// Calendar boundaries in a reader's time zone, for counts such as "shipments this month" and
// filters such as "this week"; and the days of date-only values.
//
// A date-only value (an estimated delivery) names a day, not a moment. It is kept as an instant
// on that day in UTC, the calendar business days are counted on (app/features/shipments/
// delivery-dates.ts), and its day is read in UTC for every reader: read in the reader's zone it
// would be the day before or after for half the world.

/** The zone date-only values are kept in. */
export const DATE_ONLY_ZONE = "UTC";

/** A day of the calendar; month 1-12. */
export type CalendarDay = { year: number; month: number; day: number };

/** The zone's wall-clock time at `time`, read as if it were UTC. */
function wallClock(time: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(time)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far the zone's clocks are ahead of UTC at `time`, in milliseconds. */
function offset(time: number, timeZone: string): number {
  return wallClock(time, timeZone) - Math.floor(time / 1000) * 1000;
}

/** The calendar date `time` falls on in `timeZone`; month 1-12, weekday 0 (Sunday) to 6. */
export function localDate(time: number, timeZone: string): { year: number; month: number; day: number; weekday: number } {
  const local = new Date(wallClock(time, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), weekday: local.getUTCDay() };
}

/** The instant a calendar day begins in `timeZone` (month and day may overflow, as in Date.UTC). */
export function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const midnight = Date.UTC(year, month - 1, day);
  // The offset at midnight may differ from the offset at the guess (a clock change in between).
  const guess = midnight - offset(midnight, timeZone);
  return midnight - offset(guess, timeZone);
}

/** Midnight at the start of the month that `now` falls in, in `timeZone`. */
export function startOfMonth(now: number, timeZone: string): number {
  const today = localDate(now, timeZone);
  return startOfDay(today.year, today.month, 1, timeZone);
}

/** The day a date-only value names, the same wherever it is read. */
export function dayOf(value: number): CalendarDay {
  const date = new Date(value);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A day as ISO 8601 writes it: "2026-11-27". */
export function isoDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The day after `day`. */
export function nextDay({ year, month, day }: CalendarDay): CalendarDay {
  return dayOf(Date.UTC(year, month - 1, day + 1));
}

/** Whether the day a date-only value names is over where the reader is: it is before their today (`now` in `timeZone`). */
export function isPastDay(value: number, now: number, timeZone: string): boolean {
  return isoDay(dayOf(value)) < isoDay(localDate(now, timeZone));
}
