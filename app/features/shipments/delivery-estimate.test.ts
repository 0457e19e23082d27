import { describe, expect, it } from "vitest";
import { estimateDelivery } from "./delivery-dates";
import { customDeliveryDayCount, formEstimatedDelivery, receiptEstimatedDelivery } from "./delivery-estimate";

const DAY = 86_400_000;
// Wednesday 2025-01-15 10:00 UTC.
const NOW = Date.UTC(2025, 0, 15, 10);
const route = { serviceType: "standard" as const, fromCountry: "US", toCountry: "DE" };

describe("custom delivery days", () => {
  it("counts only positive whole numbers", () => {
    expect(customDeliveryDayCount("3")).toBe(3);
    expect(customDeliveryDayCount(" 12 ")).toBe(12);
    expect(customDeliveryDayCount("365")).toBe(365);
    for (const value of ["0", "-2", "2.5", "3-5", "soon", "366", "9".repeat(30), "", null, undefined]) {
      expect(customDeliveryDayCount(value)).toBeNull();
    }
  });
});

describe("estimated delivery from the admin form", () => {
  it("is derived from the service once both countries are chosen", () => {
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: null }, NOW)).toBe(estimateDelivery("standard", NOW));
    expect(formEstimatedDelivery({ ...route, toCountry: null, customDeliveryDays: null }, NOW)).toBeNull();
  });

  it("is today plus the custom days when they are a positive whole number", () => {
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "4" }, NOW)).toBe(NOW + 4 * DAY);
  });

  it("is calculated for a new shipment whose custom days are a word or a range", () => {
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "3-5" }, NOW)).toBe(estimateDelivery("standard", NOW));
  });

  it("keeps the saved estimate when an edit gives a word or a range", () => {
    const previous = { ...route, customDeliveryDays: null, estimatedDelivery: NOW - DAY };
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "a week or two" }, NOW, previous)).toBe(NOW - DAY);
  });

  it("keeps the saved estimate when an edit changes nothing it depends on", () => {
    const previous = { ...route, customDeliveryDays: "4", estimatedDelivery: NOW - DAY };
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "4" }, NOW, previous)).toBe(NOW - DAY);
    const plain = { ...route, customDeliveryDays: null, estimatedDelivery: NOW - 2 * DAY };
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "" }, NOW, plain)).toBe(NOW - 2 * DAY);
  });

  it("recalculates when the custom days are cleared or the service or route changes", () => {
    const custom = { ...route, customDeliveryDays: "4", estimatedDelivery: NOW - DAY };
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "" }, NOW, custom)).toBe(estimateDelivery("standard", NOW));
    const plain = { ...route, customDeliveryDays: null, estimatedDelivery: NOW - DAY };
    expect(formEstimatedDelivery({ ...route, serviceType: "express", customDeliveryDays: null }, NOW, plain)).toBe(
      estimateDelivery("express", NOW),
    );
    expect(formEstimatedDelivery({ ...route, toCountry: "FR", customDeliveryDays: null }, NOW, plain)).toBe(
      estimateDelivery("standard", NOW),
    );
  });

  it("moves to today plus the new count when an edit changes the custom days", () => {
    const previous = { ...route, customDeliveryDays: "4", estimatedDelivery: NOW - DAY };
    expect(formEstimatedDelivery({ ...route, customDeliveryDays: "6" }, NOW, previous)).toBe(NOW + 6 * DAY);
  });
});

describe("estimated delivery on the receipt", () => {
  it("counts custom days from creation, else shows the stored estimate", () => {
    const createdAt = NOW - 10 * DAY;
    expect(receiptEstimatedDelivery({ createdAt, customDeliveryDays: "3", estimatedDelivery: NOW })).toBe(createdAt + 3 * DAY);
    expect(receiptEstimatedDelivery({ createdAt, customDeliveryDays: "3-5", estimatedDelivery: NOW })).toBe(NOW);
    expect(receiptEstimatedDelivery({ createdAt, customDeliveryDays: null, estimatedDelivery: null })).toBeNull();
  });
});
