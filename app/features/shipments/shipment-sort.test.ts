import { describe, expect, it } from "vitest";
import { parseSort } from "./shipment-sort";

describe("parseSort", () => {
  it("reads a known field and order", () => {
    expect(parseSort(new URLSearchParams("sortBy=totalCost&sortOrder=asc"))).toEqual({ sortBy: "totalCost", sortOrder: "asc" });
  });

  it("falls back to newest first for anything else", () => {
    expect(parseSort(new URLSearchParams("sortBy=password&sortOrder=sideways"))).toEqual({ sortBy: "createdAt", sortOrder: "desc" });
    expect(parseSort(new URLSearchParams(""))).toEqual({ sortBy: "createdAt", sortOrder: "desc" });
  });
});
