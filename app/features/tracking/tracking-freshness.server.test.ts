import { describe, expect, it } from "vitest";
import { confirmVersion, forgetConfirmedVersions, recentlyConfirmed, TRUST_MS } from "./tracking-freshness.server";

describe("trusting a confirmed tracking version", () => {
  it("trusts the confirmed version for TRUST_MS, and no other version", () => {
    confirmVersion("SWPFRESH0000001", "3.0", 1_000);
    expect(recentlyConfirmed("SWPFRESH0000001", "3.0", 1_000 + TRUST_MS - 1)).toBe(true);
    expect(recentlyConfirmed("SWPFRESH0000001", "3.0", 1_000 + TRUST_MS)).toBe(false);
    expect(recentlyConfirmed("SWPFRESH0000001", "4.0", 1_001)).toBe(false);
    expect(recentlyConfirmed("SWPFRESH0000002", "3.0", 1_001)).toBe(false);
  });

  it("forgets everything when told a shipment changed", () => {
    confirmVersion("SWPFRESH0000003", "1.0", 5_000);
    expect(recentlyConfirmed("SWPFRESH0000003", "1.0", 5_001)).toBe(true);
    forgetConfirmedVersions();
    expect(recentlyConfirmed("SWPFRESH0000003", "1.0", 5_001)).toBe(false);
  });

  it("keeps at most 1,000 pages, dropping the oldest", () => {
    for (let index = 0; index <= 1_000; index += 1) confirmVersion(`SWPBOUND${String(index).padStart(7, "0")}`, "1.0", 9_000);
    expect(recentlyConfirmed("SWPBOUND0000000", "1.0", 9_001)).toBe(false);
    expect(recentlyConfirmed("SWPBOUND0000001", "1.0", 9_001)).toBe(true);
    expect(recentlyConfirmed("SWPBOUND0001000", "1.0", 9_001)).toBe(true);
  });
});
