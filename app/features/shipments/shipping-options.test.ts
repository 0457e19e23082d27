import { describe, expect, it } from "vitest";
import { packageLabel, parseDeliveryOption, parsePackageType, parseServiceType, serviceLabel } from "./shipping-options";

describe("parsing what forms send", () => {
  it("accepts labels and values in any case", () => {
    expect(parseServiceType(" Express ")).toBe("express");
    expect(parseServiceType("OVERNIGHT")).toBe("overnight");
    expect(parseServiceType("Same Day")).toBe("same_day");
    expect(parseServiceType("same-day")).toBe("same_day");
    expect(parseServiceType("same_day")).toBe("same_day");
    expect(parseServiceType("teleport")).toBeNull();
    expect(parsePackageType("Box")).toBe("box");
    expect(parsePackageType("crate")).toBeNull();
  });

  it("reads the customer's 'saturday' as the weekend option", () => {
    expect(parseDeliveryOption("saturday")).toBe("weekend");
    expect(parseDeliveryOption("Saturday")).toBe("weekend");
    expect(parseDeliveryOption("weekend")).toBe("weekend");
    expect(parseDeliveryOption(" Morning ")).toBe("morning");
    expect(parseDeliveryOption("evening")).toBe("evening");
    expect(parseDeliveryOption("standard")).toBe("standard");
    expect(parseDeliveryOption("midnight")).toBeNull();
  });

  it("labels known values and shows unknown ones as they are", () => {
    expect(serviceLabel("economy")).toBe("Economy");
    expect(serviceLabel("same_day")).toBe("Same Day");
    expect(packageLabel("pallet")).toBe("Pallet");
    expect(serviceLabel("Drone")).toBe("Drone");
  });
});
