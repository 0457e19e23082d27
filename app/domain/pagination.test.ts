import { describe, expect, it } from "vitest";
import { countLabel, pageOffset, pageParam, paginate } from "./pagination";

describe("pageParam", () => {
  it("reads whole page numbers from 1 and treats anything else as page 1", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const query of ["", "page=0", "page=-2", "page=1.5", "page=abc", "page=1e400"]) {
      expect(pageParam(new URLSearchParams(query))).toBe(1);
    }
  });
});

describe("paginate", () => {
  it("says which items a page shows", () => {
    expect(paginate(23, 2, 10)).toEqual({ page: 2, pageSize: 10, pageCount: 3, first: 11, last: 20, total: 23, more: false, hasPrev: true, hasNext: true });
    expect(paginate(23, 3, 10)).toMatchObject({ first: 21, last: 23, hasNext: false });
    expect(paginate(45, 2, 20)).toMatchObject({ first: 21, last: 40, pageCount: 3 });
  });

  it("pages by 10 unless told otherwise", () => {
    expect(paginate(23, 1)).toMatchObject({ pageSize: 10, pageCount: 3, last: 10 });
  });

  it("shows the last page for a page past the end", () => {
    const pagination = paginate(23, 9, 10);
    expect(pagination.page).toBe(3);
    expect(pageOffset(pagination)).toBe(20);
  });

  it("has one empty page when there is nothing", () => {
    expect(paginate(0, 1, 10)).toEqual({ page: 1, pageSize: 10, pageCount: 1, first: 0, last: 0, total: 0, more: false, hasPrev: false, hasNext: false });
    expect(pageOffset(paginate(0, 5, 10))).toBe(0);
  });

  it("counted in part: the last page counted has a next one, and the count says 1,000+", () => {
    expect(paginate(1_000, 100, 10, true)).toMatchObject({ page: 100, pageCount: 100, first: 991, last: 1_000, more: true, hasNext: true });
    expect(paginate(1_000, 100, 10)).toMatchObject({ hasNext: false });
    expect(countLabel(1_000, true)).toBe("1,000+");
    expect(countLabel(40, false)).toBe("40");
  });
});
