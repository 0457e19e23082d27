import { describe, expect, it } from "vitest";
import { translator } from "~/features/languages/i18n.server";
import { addBusinessDays, arrivalText, businessDaysBetween, estimateDelivery, sameDayDelivery, serviceTimeText, transitTimesText } from "./delivery-dates";

const friday = Date.UTC(2026, 10, 20, 15, 30);
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

describe("addBusinessDays", () => {
  it("skips weekends", () => {
    expect(day(addBusinessDays(friday, 1))).toBe("2026-11-23");
    expect(day(addBusinessDays(friday, 5))).toBe("2026-11-27");
    expect(day(addBusinessDays(Date.UTC(2026, 10, 21), 1))).toBe("2026-11-23");
  });

  it("keeps the time of day", () => {
    expect(new Date(addBusinessDays(friday, 2)).getUTCHours()).toBe(15);
  });
});

describe("estimateDelivery", () => {
  it("takes 1, 2, 5 and 7 business days by service", () => {
    expect(day(estimateDelivery("overnight", friday))).toBe("2026-11-23");
    expect(day(estimateDelivery("express", friday))).toBe("2026-11-24");
    expect(day(estimateDelivery("standard", friday))).toBe("2026-11-27");
    expect(day(estimateDelivery("economy", friday))).toBe("2026-12-01");
  });
});

describe("Same Day", () => {
  const at = (iso: string) => Date.parse(iso);
  const time = (value: number) => new Date(value).toISOString().slice(0, 16);

  it("arrives within the courier's longest ride when ordered on a business day before 14:00 UTC", () => {
    expect(time(sameDayDelivery(at("2026-11-20T09:00Z")))).toBe("2026-11-20T15:00");
    expect(time(sameDayDelivery(at("2026-11-20T13:59Z")))).toBe("2026-11-20T19:59");
    expect(time(estimateDelivery("same_day", at("2026-11-20T08:30Z")))).toBe("2026-11-20T14:30");
  });

  it("arrives the next business day when ordered from the cut-off on, or on a weekend", () => {
    expect(day(sameDayDelivery(at("2026-11-19T14:00Z")))).toBe("2026-11-20");
    expect(day(sameDayDelivery(at("2026-11-20T15:30Z")))).toBe("2026-11-23");
    expect(day(sameDayDelivery(at("2026-11-21T09:00Z")))).toBe("2026-11-23");
    expect(day(sameDayDelivery(at("2026-11-22T09:00Z")))).toBe("2026-11-23");
  });

  it("is never before it was ordered", () => {
    for (let hour = 0; hour < 24 * 7; hour += 1) {
      const ordered = at("2026-11-16T00:00Z") + hour * 3_600_000;
      expect(sameDayDelivery(ordered)).toBeGreaterThan(ordered);
    }
  });

  it("is said as the same day within one city", () => {
    expect(arrivalText(0)).toBe("the same day");
    const en = translator("en", "shipments");
    expect(serviceTimeText(en, "same_day")).toBe("the same day, within one city");
    expect(serviceTimeText(en, "express")).toBe("2 business days");
    expect(serviceTimeText(en, "overnight")).toBe("1 business day");
    expect(serviceTimeText(translator("es", "shipments"), "overnight")).toBe("1 día hábil");
    expect(transitTimesText()).toBe(
      "Same Day arrives the same day within one city, Overnight the next business day, Express in 2 business days, Standard in 5 and Economy in 7",
    );
  });
});

describe("businessDaysBetween", () => {
  it("undoes addBusinessDays from any day of the week", () => {
    for (let offset = 0; offset < 14; offset += 1) {
      const from = friday + offset * 86_400_000;
      for (const days of [0, 1, 2, 5, 7, 23]) expect(businessDaysBetween(from, addBusinessDays(from, days))).toBe(days);
    }
  });

  it("counts weekdays after the first day up to the last, whatever the hours", () => {
    // Friday 15:30 to Monday 09:00: Monday only.
    expect(businessDaysBetween(friday, Date.UTC(2026, 10, 23, 9))).toBe(1);
    // Saturday to Sunday: none.
    expect(businessDaysBetween(Date.UTC(2026, 10, 21), Date.UTC(2026, 10, 22, 23))).toBe(0);
    // Same day, and an end before the start.
    expect(businessDaysBetween(friday, friday + 3_600_000)).toBe(0);
    expect(businessDaysBetween(friday, friday - 5 * 86_400_000)).toBe(0);
  });

  it("agrees with counting day by day", () => {
    const start = Date.UTC(2025, 0, 1);
    for (let length = 0; length < 40; length += 1) {
      let count = 0;
      for (let day = 1; day <= length; day += 1) {
        const weekday = new Date(start + day * 86_400_000).getUTCDay();
        if (weekday !== 0 && weekday !== 6) count += 1;
      }
      expect(businessDaysBetween(start, start + length * 86_400_000)).toBe(count);
    }
  });
});
