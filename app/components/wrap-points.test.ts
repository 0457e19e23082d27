import { describe, expect, it } from "vitest";
import { wrapPieces } from "./wrap-points";

describe("wrapPieces", () => {
  it("breaks an e-mail address after @ and before dots, never inside a word", () => {
    expect(wrapPieces("demo@swiftparcel.example")).toEqual(["demo@", "swiftparcel", ".example"]);
  });
  it("breaks a web address after slashes and before the query", () => {
    expect(wrapPieces("http://localhost:8787/track/SWP1?x=1&y=2")).toEqual(["http:/", "/", "localhost:8787/", "track/", "SWP1", "?x=1", "&y=2"]);
  });
  it("keeps a word without joints whole", () => {
    expect(wrapPieces("SWP482913K7Q2ZD")).toEqual(["SWP482913K7Q2ZD"]);
    expect(wrapPieces("")).toEqual([""]);
  });
});
