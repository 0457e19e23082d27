import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/dashboard?page=2#list")).toBe("/dashboard?page=2#list");
    expect(safeRedirect("/admin/shipments", "/x")).toBe("/admin/shipments");
  });

  it("falls back for anything that could leave the site", () => {
    for (const target of ["https://evil.test", "//evil.test", "/\\evil.test", "evil", "", null, undefined]) {
      expect(safeRedirect(target, "/home")).toBe("/home");
    }
  });
});
