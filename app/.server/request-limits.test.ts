import { describe, expect, it } from "vitest";
import { pagePath, ruleFor } from "./request-limits";

describe("the rule for a path", () => {
  it("is the page's for single fetch's .data addresses", () => {
    expect(pagePath("/login.data")).toBe("/login");
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/admin/shipments/abc/status.data")).toBe("/admin/shipments/abc/status");
    expect(ruleFor("/contact.data")).toBe(ruleFor("/contact"));
  });

  it("takes forms of 32 KB on form actions, 64 KB for a contact message or reply, and JSON of 16 KB under /api/", () => {
    expect(ruleFor("/login")).toMatchObject({ maxBytes: 32 * 1024, accepts: ["application/x-www-form-urlencoded", "multipart/form-data"] });
    expect(ruleFor("/contact").maxBytes).toBe(64 * 1024);
    expect(ruleFor("/admin/messages/m1").maxBytes).toBe(64 * 1024);
    expect(ruleFor("/contacts-export").maxBytes).toBe(32 * 1024);
    expect(ruleFor("/api/chat/sessions")).toMatchObject({ maxBytes: 16 * 1024, accepts: ["application/json"] });
    expect(ruleFor("/apiary").accepts).not.toContain("application/json");
  });

  it("takes one file of up to 2 MB, in a multipart form, on an import's upload only", () => {
    for (const path of ["/dashboard/import", "/admin/shipments/import"]) {
      expect(ruleFor(path)).toMatchObject({ maxBytes: 2 * 1024 * 1024 + 16 * 1024, accepts: ["multipart/form-data"], files: 1 });
    }
    expect(ruleFor("/dashboard/imports/abc").files).toBeUndefined();
    expect(ruleFor("/dashboard/imports/abc").maxBytes).toBe(32 * 1024);
  });
});
