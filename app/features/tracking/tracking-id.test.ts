import { describe, expect, it } from "vitest";
import { generateTrackingId, normalizeTrackingId, parseTrackingSearch, TRACKING_ID_PATTERN, trackingSearchPath } from "./tracking-id";

describe("generateTrackingId", () => {
  it("is the prefix, the last 6 digits of the time and 6 random characters", () => {
    const id = generateTrackingId("SWP", 1_795_359_021_055, () => new Uint8Array([0, 1, 25, 26, 35, 61]));
    expect(id).toBe("SWP021055ABZ09Z");
    expect(id).toMatch(TRACKING_ID_PATTERN);
  });

  it("draws again for bytes that would bias the alphabet", () => {
    const batches = [new Uint8Array([252, 253, 254, 255, 0, 1]), new Uint8Array([2, 3, 4, 5])];
    const id = generateTrackingId("ABC", 123_456, () => batches.shift()!);
    expect(id).toBe("ABC123456ABCDEF");
  });

  it("pads short times and uses crypto randomness by default", () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateTrackingId("SWP", 42)));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^SWP000042[A-Z0-9]{6}$/);
  });

  it("refuses a prefix that is not three capital letters", () => {
    expect(() => generateTrackingId("sw", 1)).toThrow();
    expect(() => generateTrackingId("SW1", 1)).toThrow();
  });
});

describe("normalizeTrackingId", () => {
  it("trims and upper-cases what was typed", () => {
    expect(normalizeTrackingId("  swp482913k7q2zd ")).toBe("SWP482913K7Q2ZD");
    expect(normalizeTrackingId("   ")).toBe("");
  });
});

describe("parseTrackingSearch", () => {
  it("reads IDs separated by commas, spaces or new lines, each once, in the order typed", () => {
    expect(parseTrackingSearch(" swp1, SWP2\r\nswp3  swp1,,")).toEqual({ ok: true, trackingIds: ["SWP1", "SWP2", "SWP3"] });
  });

  it("asks for an ID when there is none", () => {
    expect(parseTrackingSearch(" ,\n ")).toEqual({ ok: false, message: "Please enter a tracking ID" });
  });

  it("takes up to 10 IDs", () => {
    const ten = Array.from({ length: 10 }, (_, index) => `SWP${index}`);
    expect(parseTrackingSearch(ten.join(","))).toEqual({ ok: true, trackingIds: ten });
    expect(parseTrackingSearch([...ten, "SWPX"].join(","))).toEqual({ ok: false, message: "Enter up to 10 tracking IDs at a time." });
    expect(parseTrackingSearch("A ".repeat(600))).toEqual({ ok: false, message: "Enter up to 10 tracking IDs at a time." });
  });

  it("refuses a word longer than any tracking ID, however long", () => {
    const tooLong = { ok: false, message: "A tracking ID has at most 40 characters." };
    expect(parseTrackingSearch(`SWP1, ${"X".repeat(41)}`)).toEqual(tooLong);
    expect(parseTrackingSearch("X".repeat(5_000))).toEqual(tooLong);
    expect(parseTrackingSearch("X".repeat(40)).ok).toBe(true);
  });
});

describe("trackingSearchPath", () => {
  it("is the ID's own page for one, a list address for several", () => {
    expect(trackingSearchPath(["SWP1"])).toBe("/track/SWP1");
    expect(trackingSearchPath(["SWP1", "SWP2"])).toBe("/track?ids=SWP1,SWP2");
    expect(trackingSearchPath(["A/B", "C"])).toBe("/track?ids=A%2FB,C");
  });
});
