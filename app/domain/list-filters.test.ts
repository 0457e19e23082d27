import { describe, expect, it } from "vitest";
import { dateParam, dateRange, dateRangeParams, listQuery, oneOf, SEARCH_MAX_LENGTH, searchParam } from "./list-filters";

const params = (query: string) => new URLSearchParams(query);

describe("searchParam", () => {
  it("reads `search`, trimmed, and `q` from old links", () => {
    expect(searchParam(params("search=+lena+"))).toBe("lena");
    expect(searchParam(params("q=lena"))).toBe("lena");
    expect(searchParam(params("search=new&q=old"))).toBe("new");
    expect(searchParam(params(""))).toBe("");
  });

  it("cuts a long search to whole characters", () => {
    expect(searchParam(params(`search=${"a".repeat(60)}`))).toBe("a".repeat(SEARCH_MAX_LENGTH));
    const emoji = searchParam(params(`search=${encodeURIComponent("📦".repeat(60))}`));
    expect([...emoji]).toHaveLength(SEARCH_MAX_LENGTH);
    expect(emoji).toBe("📦".repeat(SEARCH_MAX_LENGTH));
    expect(searchParam(params(`search=${"a".repeat(39)}+++b`))).toBe("a".repeat(39));
  });
});

describe("dateParam", () => {
  it("accepts real calendar dates only", () => {
    expect(dateParam(params("dateFrom=2025-01-02"), "dateFrom")).toBe("2025-01-02");
    expect(dateParam(params("dateTo=2025-02-30"), "dateTo")).toBeNull();
    expect(dateParam(params("dateTo=2025-1-2"), "dateTo")).toBeNull();
    expect(dateParam(params(""), "dateTo")).toBeNull();
  });
});

describe("oneOf", () => {
  it("falls back for anything not listed", () => {
    expect(oneOf(["a", "b"], "b", "a")).toBe("b");
    expect(oneOf(["a", "b"], "c", "a")).toBe("a");
    expect(oneOf(["a", "b"], null, "a")).toBe("a");
  });
});

describe("listQuery", () => {
  it("writes only what differs from the defaults, in order", () => {
    expect(listQuery({ search: "", status: null, page: 1 }, { page: 1 })).toBe("");
    expect(listQuery({ search: "a b", status: "pending", sortOrder: "desc", page: 2 }, { sortOrder: "desc", page: 1 })).toBe(
      "?search=a+b&status=pending&page=2",
    );
  });
});

describe("date ranges", () => {
  it("turn a dateFrom/dateTo range into instants, the end day included", () => {
    expect(dateRange("2025-01-31", "2025-02-01", "UTC")).toEqual({ start: Date.UTC(2025, 0, 31), end: Date.UTC(2025, 1, 2) });
    expect(dateRange(null, null, "UTC")).toEqual({ start: null, end: null });
  });

  it("swap a start after the end instead of matching nothing, and say so", () => {
    expect(dateRangeParams(params("dateFrom=2025-03-01&dateTo=2025-01-02"))).toEqual({ dateFrom: "2025-01-02", dateTo: "2025-03-01", datesSwapped: true });
    expect(dateRangeParams(params("dateFrom=2025-01-02&dateTo=2025-01-02"))).toEqual({ dateFrom: "2025-01-02", dateTo: "2025-01-02", datesSwapped: false });
    expect(dateRangeParams(params("dateFrom=2025-01-02&dateTo=nonsense"))).toEqual({ dateFrom: "2025-01-02", dateTo: null, datesSwapped: false });
  });
});
