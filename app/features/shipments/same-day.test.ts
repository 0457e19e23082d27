import { describe, expect, it } from "vitest";
import { isOneCity, SAME_DAY_CUTOFF_TEXT, SAME_DAY_HOURS_TEXT, SAME_DAY_ONE_CITY, sameDayRouteFault } from "./same-day";

const route = (fromCity: string, fromCountry: string, toCity: string, toCountry: string) => ({ fromCity, fromCountry, toCity, toCountry });

describe("where Same Day is sold", () => {
  it("is one city of one country, whatever the case, accents, punctuation or spacing", () => {
    expect(isOneCity(route("San Francisco", "US", "san  francisco ", "US"))).toBe(true);
    expect(isOneCity(route("São Paulo", "BR", "Sao-Paulo", "BR"))).toBe(true);
    expect(isOneCity(route("Zürich", "CH", "ZURICH", "ch"))).toBe(true);
  });

  it("is not between two cities, nor between two countries with a city of one name", () => {
    expect(isOneCity(route("San Francisco", "US", "Oakland", "US"))).toBe(false);
    expect(isOneCity(route("London", "GB", "London", "CA"))).toBe(false);
    expect(isOneCity(route("", "US", "", "US"))).toBe(false);
  });

  it("says why it cannot carry a parcel, or nothing", () => {
    expect(sameDayRouteFault(route("Berlin", "DE", "Berlin", "DE"))).toBeNull();
    expect(sameDayRouteFault(route("San Francisco", "US", "Berlin", "DE"))).toBe(SAME_DAY_ONE_CITY);
  });

  it("states its hours and cut-off as the pages quote them", () => {
    expect(SAME_DAY_HOURS_TEXT).toBe("4-6 hours");
    expect(SAME_DAY_CUTOFF_TEXT).toBe("14:00 UTC");
  });
});
