import { describe, expect, it } from "vitest";
import { checkPlace, CustomDestinationSchema, LocationSchema } from "./shipment-places";

describe("places an admin types", () => {
  it("are trimmed, bounded and must name something", () => {
    expect(checkPlace(LocationSchema, "  Leipzig hub ")).toEqual({ ok: true, place: "Leipzig hub" });
    for (const bad of [undefined, "", "   ", "?!", "-- --"]) {
      expect(checkPlace(LocationSchema, bad), String(bad)).toEqual({ ok: false, message: "Please enter a location" });
    }
    expect(checkPlace(LocationSchema, "x".repeat(121))).toEqual({ ok: false, message: "Location must be at most 120 characters" });
    expect(checkPlace(LocationSchema, "Hub\u0000")).toEqual({ ok: false, message: "Location must be one line, without tabs or control characters" });
    expect(checkPlace(CustomDestinationSchema, " ")).toEqual({ ok: false, message: "Please enter a destination" });
    expect(checkPlace(CustomDestinationSchema, "x".repeat(201))).toEqual({ ok: false, message: "Destination must be at most 200 characters" });
  });
});
