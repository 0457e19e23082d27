import { describe, expect, it } from "vitest";
import { dayOf, isoDay, isPastDay, localDate, nextDay, startOfDay, startOfMonth } from "./calendar";

const iso = (time: number) => new Date(time).toISOString();

describe("startOfMonth", () => {
  it("is midnight on the 1st in UTC", () => {
    expect(iso(startOfMonth(Date.UTC(2026, 10, 22, 15, 30), "UTC"))).toBe("2026-11-01T00:00:00.000Z");
  });

  it("is midnight on the 1st in the reader's zone", () => {
    // 1 Dec 03:00 UTC is still 30 Nov in New York (UTC-5 in winter).
    expect(iso(startOfMonth(Date.UTC(2026, 11, 1, 3), "America/New_York"))).toBe("2026-11-01T04:00:00.000Z");
    // 30 Nov 20:00 UTC is already 1 Dec in Tokyo (UTC+9).
    expect(iso(startOfMonth(Date.UTC(2026, 10, 30, 20), "Asia/Tokyo"))).toBe("2026-11-30T15:00:00.000Z");
  });

  it("uses the offset in force at midnight, across a clock change", () => {
    // New York moves to winter time on 1 Nov 2026; on 1 Nov at midnight it is still UTC-4.
    expect(iso(startOfMonth(Date.UTC(2026, 10, 20), "America/New_York"))).toBe("2026-11-01T04:00:00.000Z");
    // Berlin: 1 Apr 2026 midnight is summer time (UTC+2).
    expect(iso(startOfMonth(Date.UTC(2026, 3, 15), "Europe/Berlin"))).toBe("2026-03-31T22:00:00.000Z");
  });
});

describe("startOfDay", () => {
  it("handles daylight-saving days", () => {
    // 2025-03-09 begins at 05:00 UTC in New York (EST); the next day at 04:00 UTC (EDT).
    expect(startOfDay(2025, 3, 9, "America/New_York")).toBe(Date.UTC(2025, 2, 9, 5));
    expect(startOfDay(2025, 3, 10, "America/New_York")).toBe(Date.UTC(2025, 2, 10, 4));
  });

  it("lets the day overflow into the next month, as Date.UTC does", () => {
    expect(startOfDay(2026, 1, 32, "UTC")).toBe(Date.UTC(2026, 1, 1));
  });
});

describe("localDate", () => {
  it("reads the date and weekday where the reader is", () => {
    // 2026-11-22 23:30 UTC is already Monday 23 November in Tokyo.
    expect(localDate(Date.UTC(2026, 10, 22, 23, 30), "Asia/Tokyo")).toEqual({ year: 2026, month: 11, day: 23, weekday: 1 });
    expect(localDate(Date.UTC(2026, 10, 22, 23, 30), "UTC")).toEqual({ year: 2026, month: 11, day: 22, weekday: 0 });
  });
});

describe("date-only values", () => {
  const lateEvening = Date.UTC(2026, 10, 22, 23, 30);

  it("name the same day wherever they are read", () => {
    expect(dayOf(lateEvening)).toEqual({ year: 2026, month: 11, day: 22 });
    expect(isoDay(dayOf(lateEvening))).toBe("2026-11-22");
    expect(isoDay(nextDay(dayOf(Date.UTC(2028, 1, 28))))).toBe("2028-02-29");
    expect(isoDay(nextDay(dayOf(Date.UTC(2026, 11, 31))))).toBe("2027-01-01");
  });

  it("are past once the reader's today is after their day", () => {
    expect(isPastDay(lateEvening, Date.UTC(2026, 10, 22, 23, 59), "UTC")).toBe(false);
    expect(isPastDay(lateEvening, Date.UTC(2026, 10, 23, 0, 0), "UTC")).toBe(true);
    // 20:00 UTC on the 22nd is already the 23rd in Tokyo; 03:00 UTC on the 23rd still the 22nd in Los Angeles.
    expect(isPastDay(lateEvening, Date.UTC(2026, 10, 22, 20), "Asia/Tokyo")).toBe(true);
    expect(isPastDay(lateEvening, Date.UTC(2026, 10, 23, 3), "America/Los_Angeles")).toBe(false);
  });
});
