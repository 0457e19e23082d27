// Calendar boundaries in a reader's time zone, for counts such as "shipments this month" and
// filters such as "this week".

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
