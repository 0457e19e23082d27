import { describe, expect, it } from "vitest";
import { countryName, formatDate, formatDateTime, formatDay, formatMoney, formatMonthDay, isTimeZone, listOf, minorUnitsInput, relativeTime, shipmentSizes, toMinorUnits } from "./format";

const time = Date.UTC(2026, 10, 22, 14, 5);

describe("dates", () => {
  it("formats in the reader's zone and names it", () => {
    expect(formatDate(time)).toBe("Nov 22, 2026");
    expect(formatDateTime(time)).toBe("Nov 22, 2026, 2:05 PM UTC");
    expect(formatDateTime(time, "Asia/Tokyo")).toBe("Nov 22, 2026, 11:05 PM GMT+9");
  });

  it("shows a date-only value as the day it names, whatever the reader's zone", () => {
    const lateEvening = Date.UTC(2026, 10, 26, 23, 30);
    expect(formatDay(lateEvening)).toBe("Nov 26, 2026");
    expect(formatMonthDay(lateEvening)).toBe("Nov 26");
    expect(formatDay(null)).toBe("N/A");
  });

  it("says 'N/A' for a missing date and 'Invalid Date' for a broken one", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDateTime(undefined)).toBe("N/A");
    expect(formatDate(Number.NaN)).toBe("Invalid Date");
    expect(formatDateTime(8.64e15 + 1)).toBe("Invalid Date");
  });

  it("knows a time zone from a made-up one", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("relativeTime", () => {
  it("counts up to 30 days, then shows the date", () => {
    expect(relativeTime(time - 30_000, time)).toBe("Just now");
    expect(relativeTime(time - 60_000, time)).toBe("1 minute ago");
    expect(relativeTime(time - 5 * 3_600_000, time)).toBe("5 hours ago");
    expect(relativeTime(time - 30 * 86_400_000, time)).toBe("30 days ago");
    expect(relativeTime(time - 31 * 86_400_000, time)).toBe("Oct 22, 2026");
  });
});

describe("formatMoney", () => {
  it("reads minor units with the currency's own exponent", () => {
    expect(formatMoney(123_456, "USD")).toBe("$1,234.56");
    expect(formatMoney(1299, "EUR")).toBe("€12.99");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(1500, "KWD")).toBe("KWD\u00a01.500");
  });
});

describe("countryName", () => {
  it("names ISO codes and leaves unknown ones alone", () => {
    expect(countryName("de")).toBe("Germany");
    expect(countryName("US")).toBe("United States");
    expect(countryName("ZZZ")).toBe("ZZZ");
  });
});

describe("money inputs", () => {
  it("turn major units into minor units by the currency's exponent", () => {
    expect(toMinorUnits(12.5, "USD")).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, "EUR")).toBe(30);
    expect(toMinorUnits(1500, "JPY")).toBe(1500);
    expect(toMinorUnits(1.234, "KWD")).toBe(1234);
  });

  it("show minor units as the plain number an input holds", () => {
    expect(minorUnitsInput(1250, "USD")).toBe("12.50");
    expect(minorUnitsInput(1500, "JPY")).toBe("1500");
  });
});

describe("listOf", () => {
  it("joins with commas and a final 'and'", () => {
    expect([[], ["a"], ["a", "b"], ["a", "b", "c"]].map((items) => listOf(items))).toEqual(["", "a", "a and b", "a, b and c"]);
  });
});

describe("shipmentSizes", () => {
  it("is the shipment's own size when it has one", () => {
    expect(shipmentSizes({ length: 40, width: 30, height: 20.5 }, [{ length: 1, width: 1, height: 1, quantity: 1 }])).toBe("40 × 30 × 20.5 cm");
  });

  it("lists its parcels' sizes, each once with its count", () => {
    const parcels = [
      { length: 40, width: 30, height: 20, quantity: 2 },
      { length: 10, width: 10, height: 10, quantity: 1 },
      { length: 40, width: 30, height: 20, quantity: 1 },
    ];
    expect(shipmentSizes(null, parcels)).toBe("40 × 30 × 20 cm ×3, 10 × 10 × 10 cm");
  });

  it("is '-' when nothing was measured", () => {
    expect(shipmentSizes(null, [])).toBe("-");
  });
});
