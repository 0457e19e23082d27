import { describe, expect, it } from "vitest";
import { invoiceFiltersQuery, isInvoiceListFiltered, parseInvoiceFilters } from "./invoice-filters";

const parse = (query: string) => parseInvoiceFilters(new URLSearchParams(query));

describe("invoice filters", () => {
  it("read search, status, dates and page; nonsense falls back to the defaults", () => {
    expect(parse("search=+INV-SWP+&status=paid&dateFrom=2025-01-02&dateTo=2025-02-01&page=2")).toEqual({
      search: "INV-SWP",
      status: "paid",
      dateFrom: "2025-01-02",
      dateTo: "2025-02-01",
      datesSwapped: false,
      page: 2,
    });
    expect(parse("status=lost&dateFrom=yesterday&page=-3")).toEqual({ search: "", status: null, dateFrom: null, dateTo: null, datesSwapped: false, page: 1 });
    expect(parse("dateFrom=2025-02-01&dateTo=2025-01-02")).toMatchObject({ dateFrom: "2025-01-02", dateTo: "2025-02-01", datesSwapped: true });
  });

  it("write the query of a list, and of its export without the page", () => {
    const filters = parse("search=lee&status=void&dateTo=2025-02-01&page=3");
    expect(invoiceFiltersQuery(filters)).toBe("?search=lee&status=void&dateTo=2025-02-01&page=3");
    expect(invoiceFiltersQuery(filters, { withPage: false })).toBe("?search=lee&status=void&dateTo=2025-02-01");
    expect(invoiceFiltersQuery(parse(""))).toBe("");
    expect(isInvoiceListFiltered(parse("page=2"))).toBe(false);
    expect(isInvoiceListFiltered(parse("status=unpaid"))).toBe(true);
  });
});
