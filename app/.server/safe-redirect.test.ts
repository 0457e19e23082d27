import { describe, expect, it } from "vitest";
import { safeRedirect, sameSiteReferrer } from "./safe-redirect";

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

describe("sameSiteReferrer", () => {
  const from = (referrer: string | null, url = "https://parcel.test/missing") =>
    sameSiteReferrer(new Request(url, referrer === null ? {} : { headers: { Referer: referrer } }));

  it("is the path of the page of this site that linked here", () => {
    expect(from("https://parcel.test/profile?tab=security")).toBe("/profile?tab=security");
    expect(from("https://parcel.test/")).toBe("/");
  });

  it("is null for another site, no referrer, a malformed one or the failing page itself", () => {
    expect(from("https://evil.test/profile")).toBeNull();
    expect(from("http://parcel.test/profile")).toBeNull();
    expect(from(null)).toBeNull();
    expect(from("not a url")).toBeNull();
    expect(from("https://parcel.test/missing")).toBeNull();
  });
});
