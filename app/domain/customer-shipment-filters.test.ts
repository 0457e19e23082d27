import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, filtersQuery, isFiltered, parseShipmentFilters } from "./customer-shipment-filters";

const parse = (query: string) => parseShipmentFilters(new URLSearchParams(query));

describe("parseShipmentFilters", () => {
  it("defaults to newest first, page 1, no search or status", () => {
    expect(parse("")).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toEqual({ search: "", status: null, sortBy: "createdAt", sortOrder: "desc", page: 1 });
  });

  it("reads search, status, sort and page", () => {
    expect(parse("search=+swp48+&status=in-transit&sortBy=totalCost&sortOrder=asc&page=3")).toEqual({
      search: "SWP48",
      status: "in_transit",
      sortBy: "totalCost",
      sortOrder: "asc",
      page: 3,
    });
  });

  it("falls back to the defaults for anything it does not know", () => {
    expect(parse("status=lost&sortBy=password&sortOrder=sideways&page=-2")).toEqual(DEFAULT_FILTERS);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse(`search=${"A".repeat(40)}`).search).toHaveLength(15);
  });
});

describe("filtersQuery", () => {
  it("writes only what differs from the defaults", () => {
    expect(filtersQuery(DEFAULT_FILTERS)).toBe("");
    const filters = parse("search=SWP&status=delivered&sortOrder=asc");
    expect(filtersQuery(filters, { page: 2 })).toBe("?search=SWP&status=delivered&sortOrder=asc&page=2");
    expect(filtersQuery({ ...filters, page: 4 }, { page: 1 })).toBe("?search=SWP&status=delivered&sortOrder=asc");
  });

  it("round-trips", () => {
    const filters = parse("search=SWP1&status=pending&sortBy=status&sortOrder=asc&page=2");
    expect(parse(filtersQuery(filters).slice(1))).toEqual(filters);
  });
});

describe("isFiltered", () => {
  it("is true for a search or a status, not for a sort", () => {
    expect(isFiltered(parse("sortBy=status"))).toBe(false);
    expect(isFiltered(parse("search=S"))).toBe(true);
    expect(isFiltered(parse("status=pending"))).toBe(true);
  });
});
