import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILTERS,
  filtersQuery,
  isFiltered,
  ignoredDateFiltersNotice,
  parseAdminShipmentFilters,
  parseCustomerShipmentFilters,
  periodStart,
} from "./shipment-filters";

const customer = (query: string) => parseCustomerShipmentFilters(new URLSearchParams(query));
const admin = (query: string) => parseAdminShipmentFilters(new URLSearchParams(query));

describe("the customer's filters", () => {
  it("default to newest first, page 1, no search or status", () => {
    expect(customer("")).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toEqual({ search: "", status: null, sortBy: "createdAt", sortOrder: "desc", page: 1 });
  });

  it("read search (as the start of a tracking ID), status, sort and page", () => {
    expect(customer("search=+swp48+&status=in-transit&sortBy=totalCost&sortOrder=asc&page=3")).toEqual({
      search: "SWP48",
      status: "in_transit",
      sortBy: "totalCost",
      sortOrder: "asc",
      page: 3,
    });
  });

  it("fall back to the defaults for anything they do not know", () => {
    expect(customer("status=lost&sortBy=password&sortOrder=sideways&page=-2")).toEqual(DEFAULT_FILTERS);
    expect(customer("status=all").status).toBeNull();
    expect(customer("page=2.5").page).toBe(1);
    expect(customer(`search=${"A".repeat(60)}`).search).toHaveLength(15);
  });
});

describe("the admin's filters", () => {
  it("read every filter under the lists' names and fall back to the defaults on nonsense", () => {
    expect(admin("search=+SWP48+&status=in-transit&period=week&dateFrom=2025-01-02&dateTo=2025-02-30&sortBy=totalCost&sortOrder=asc&page=3")).toEqual({
      search: "SWP48",
      status: "in_transit",
      period: "week",
      dateFrom: "2025-01-02",
      dateTo: null,
      datesSwapped: false,
      sortBy: "totalCost",
      sortOrder: "asc",
      page: 3,
    });
    expect(admin("status=lost&period=decade&sortBy=password&page=-1")).toEqual({
      ...DEFAULT_FILTERS,
      period: "all",
      dateFrom: null,
      dateTo: null,
      datesSwapped: false,
    });
  });

  it("swap a range given end first, and say so", () => {
    expect(admin("dateFrom=2025-03-01&dateTo=2025-01-02")).toMatchObject({ dateFrom: "2025-01-02", dateTo: "2025-03-01", datesSwapped: true });
  });

  it("keep free text and old `q` links, bounded", () => {
    expect(admin("q=Lena Fischer").search).toBe("Lena Fischer");
    expect(admin(`search=${"x".repeat(60)}`).search).toHaveLength(40);
  });
});

describe("filtersQuery", () => {
  it("writes only what differs from the defaults", () => {
    expect(filtersQuery(DEFAULT_FILTERS)).toBe("");
    expect(filtersQuery({ ...customer("search=SWP&status=delivered&sortOrder=asc"), page: 2 })).toBe("?search=SWP&status=delivered&sortOrder=asc&page=2");
    expect(filtersQuery(admin("search=lee&status=all&period=today&dateFrom=2025-01-02&dateTo=&sortBy=createdAt"))).toBe(
      "?search=lee&period=today&dateFrom=2025-01-02",
    );
  });

  it("round-trips", () => {
    const filters = customer("search=SWP1&status=pending&sortBy=status&sortOrder=asc&page=2");
    expect(customer(filtersQuery(filters).slice(1))).toEqual(filters);
    const adminFilters = admin("search=a%25b&status=pending&period=month&dateFrom=2025-01-02&dateTo=2025-03-01&sortOrder=asc&page=2");
    expect(admin(filtersQuery(adminFilters).slice(1))).toEqual(adminFilters);
  });
});

describe("isFiltered", () => {
  it("is true for a search, a status, a period or a date, not for a sort or a page", () => {
    expect(isFiltered(customer("sortBy=status&page=2"))).toBe(false);
    expect(isFiltered(customer("search=S"))).toBe(true);
    expect(isFiltered(customer("status=pending"))).toBe(true);
    expect(isFiltered(admin("sortOrder=asc&page=2"))).toBe(false);
    expect(isFiltered(admin("period=today"))).toBe(true);
    expect(isFiltered(admin("dateTo=2025-01-01"))).toBe(true);
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
});

describe("date filters that are not real dates", () => {
  const notice = (query: string) => ignoredDateFiltersNotice(new URLSearchParams(query));

  it("are left out of the list with a notice naming them", () => {
    expect(notice("dateFrom=2024-02-30")).toBe("The Created from date is not a real date (YYYY-MM-DD), so it was left out.");
    expect(notice("dateTo=2024-13-01")).toBe("The Created to date is not a real date (YYYY-MM-DD), so it was left out.");
    expect(notice("dateFrom=9999-99-99&dateTo=garbage")).toBe(
      "The Created from and Created to dates are not real dates (YYYY-MM-DD), so they were left out.",
    );
    expect(parseAdminShipmentFilters(new URLSearchParams("dateFrom=9999-12-31&dateTo=2024-02-29"))).toMatchObject({ dateFrom: null, dateTo: "2024-02-29" });
  });

  it("are not named when absent, empty or real", () => {
    expect(notice("")).toBeNull();
    expect(notice("dateFrom=&dateTo=")).toBeNull();
    expect(notice("dateFrom=2024-02-29&dateTo=2025-01-31")).toBeNull();
  });
});
