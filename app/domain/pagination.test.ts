import { describe, expect, it } from "vitest";
import { pageOffset, pageParam, pageWindow } from "./pagination";

describe("pageParam", () => {
  it("reads whole page numbers from 1 and treats anything else as page 1", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const query of ["", "page=0", "page=-2", "page=1.5", "page=abc", "page=1e400"]) {
      expect(pageParam(new URLSearchParams(query))).toBe(1);
    }
  });
});

describe("pageWindow", () => {
  it("says which items a page shows", () => {
    expect(pageWindow(23, 2, 10)).toEqual({ page: 2, pageCount: 3, first: 11, last: 20, total: 23, hasPrev: true, hasNext: true });
    expect(pageWindow(23, 3, 10)).toMatchObject({ first: 21, last: 23, hasNext: false });
  });

  it("shows the last page for a page past the end", () => {
    const window = pageWindow(23, 9, 10);
    expect(window.page).toBe(3);
    expect(pageOffset(window, 10)).toBe(20);
  });

  it("has one empty page when there is nothing", () => {
    expect(pageWindow(0, 1, 10)).toEqual({ page: 1, pageCount: 1, first: 0, last: 0, total: 0, hasPrev: false, hasNext: false });
  });
});
