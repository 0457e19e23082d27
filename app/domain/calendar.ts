// Calendar boundaries in a reader's time zone, for counts such as "shipments this month".

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

/** Midnight at the start of the month that `now` falls in, in `timeZone`. */
export function startOfMonth(now: number, timeZone: string): number {
  const local = new Date(wallClock(now, timeZone));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  // The offset at midnight may differ from the offset now (a clock change in between).
  const guess = midnight - offset(midnight, timeZone);
  return midnight - offset(guess, timeZone);
}
