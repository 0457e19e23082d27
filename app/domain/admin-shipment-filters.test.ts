import { describe, expect, it } from "vitest";
import { dateRange, hasActiveFilters, parseListFilters, periodStart } from "./admin-shipment-filters";

describe("list filters from the URL", () => {
  it("reads every filter and falls back to the defaults on nonsense", () => {
    const filters = parseListFilters(
      new URLSearchParams("q=+SWP48+&status=in-transit&period=week&from=2025-01-02&to=2025-02-30&sortBy=totalCost&sortOrder=asc&page=3"),
    );
    expect(filters).toEqual({
      q: "SWP48",
      status: "in_transit",
      period: "week",
      from: "2025-01-02",
      to: null,
      sortBy: "totalCost",
      sortOrder: "asc",
      page: 3,
    });
    expect(parseListFilters(new URLSearchParams("status=lost&period=decade&sortBy=password&page=-1"))).toEqual({
      q: "",
      status: "all",
      period: "all",
      from: null,
      to: null,
      sortBy: "createdAt",
      sortOrder: "desc",
      page: 1,
    });
  });

  it("knows when the list is narrowed", () => {
    expect(hasActiveFilters(parseListFilters(new URLSearchParams("sortOrder=asc&page=2")))).toBe(false);
    expect(hasActiveFilters(parseListFilters(new URLSearchParams("q=lee")))).toBe(true);
    expect(hasActiveFilters(parseListFilters(new URLSearchParams("period=today")))).toBe(true);
  });
});

describe("time filters", () => {
  // Thursday 2025-05-15 02:30 UTC, which is still Wednesday evening in New York.
  const now = Date.UTC(2025, 4, 15, 2, 30);

  it("start at midnight in the reader's time zone", () => {
    expect(periodStart("today", now, "UTC")).toBe(Date.UTC(2025, 4, 15));
    expect(periodStart("today", now, "America/New_York")).toBe(Date.UTC(2025, 4, 14, 4));
    expect(periodStart("today", now, "Asia/Tokyo")).toBe(Date.UTC(2025, 4, 14, 15));
  });

  it("start the week on Monday, the month on the 1st and the quarter on its first month", () => {
    expect(periodStart("week", now, "UTC")).toBe(Date.UTC(2025, 4, 12));
    expect(periodStart("month", now, "UTC")).toBe(Date.UTC(2025, 4, 1));
    expect(periodStart("quarter", now, "UTC")).toBe(Date.UTC(2025, 3, 1));
    expect(periodStart("all", now, "UTC")).toBeNull();
    // A Sunday belongs to the week that began six days before.
    expect(periodStart("week", Date.UTC(2025, 4, 18, 12), "UTC")).toBe(Date.UTC(2025, 4, 12));
  });

  it("turn a from/to date range into instants, the end day included", () => {
    expect(dateRange("2025-01-31", "2025-02-01", "UTC")).toEqual({ start: Date.UTC(2025, 0, 31), end: Date.UTC(2025, 1, 2) });
    expect(dateRange(null, null, "UTC")).toEqual({ start: null, end: null });
  });
});
