import { describe, expect, it } from "vitest";
import { addBusinessDays, estimateDelivery } from "./delivery-dates";

const friday = Date.UTC(2026, 10, 20, 15, 30);
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

describe("addBusinessDays", () => {
  it("skips weekends", () => {
    expect(day(addBusinessDays(friday, 1))).toBe("2026-11-23");
    expect(day(addBusinessDays(friday, 5))).toBe("2026-11-27");
    expect(day(addBusinessDays(Date.UTC(2026, 10, 21), 1))).toBe("2026-11-23");
  });

  it("keeps the time of day", () => {
    expect(new Date(addBusinessDays(friday, 2)).getUTCHours()).toBe(15);
  });
});

describe("estimateDelivery", () => {
  it("takes 1, 2, 5 and 7 business days by service", () => {
    expect(day(estimateDelivery("overnight", friday))).toBe("2026-11-23");
    expect(day(estimateDelivery("express", friday))).toBe("2026-11-24");
    expect(day(estimateDelivery("standard", friday))).toBe("2026-11-27");
    expect(day(estimateDelivery("economy", friday))).toBe("2026-12-01");
  });
});
