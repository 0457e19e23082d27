import { describe, expect, it } from "vitest";
import { formatTaxRate, invoiceAmounts, invoiceNumber, nextStatuses, sameAmounts, statusChange, taxAmount } from "./invoice";
import { quote } from "~/features/pricing/pricing";

const euroQuote = quote({
  serviceType: "standard",
  packageType: "package",
  weightKg: 4,
  fromCountry: "GB",
  toCountry: "DE",
  rate: { currency: "EUR", rate: 0.87, setAt: Date.UTC(2026, 10, 20) },
  deliveryOption: "morning",
  insurance: true,
  declaredValue: 25_000,
  signatureRequired: false,
  fragile: false,
});

describe("invoiceAmounts", () => {
  it("bills the lines of the stored quote, without tax by default", () => {
    const invoice = invoiceAmounts({ cost: euroQuote.total, costBreakdown: JSON.stringify(euroQuote), taxRateBasisPoints: 0 });
    expect(invoice.lines).toEqual(euroQuote.lines.map(({ label, amount }) => ({ label, amount })));
    expect(invoice.subtotal).toBe(euroQuote.total);
    expect(invoice.tax).toBe(0);
    expect(invoice.total).toBe(euroQuote.total);
  });

  it("records the rate the quote was converted at, and none for a breakdown without one", () => {
    const invoice = invoiceAmounts({ cost: euroQuote.total, costBreakdown: JSON.stringify(euroQuote), taxRateBasisPoints: 0 });
    expect(invoice.exchange).toEqual({ baseCurrency: "USD", rate: 0.87, setAt: Date.UTC(2026, 10, 20) });
    expect(invoiceAmounts({ cost: 10, costBreakdown: JSON.stringify(euroQuote.lines), taxRateBasisPoints: 0 }).exchange).toBeNull();
    expect(invoiceAmounts({ cost: 10, costBreakdown: JSON.stringify({ exchange: { base: "USD", rate: -1, setAt: 0 } }), taxRateBasisPoints: 0 }).exchange).toBeNull();
  });

  it("also reads a breakdown stored as the lines alone", () => {
    const invoice = invoiceAmounts({ cost: euroQuote.total, costBreakdown: JSON.stringify(euroQuote.lines), taxRateBasisPoints: 0 });
    expect(invoice.lines).toHaveLength(euroQuote.lines.length);
  });

  it("bills one shipping line when there is no breakdown, it is unreadable, or it no longer adds up to the cost", () => {
    for (const costBreakdown of [null, "not json", "{}", "[]", JSON.stringify([{ label: "x", amount: 1.5 }]), JSON.stringify(euroQuote)]) {
      const invoice = invoiceAmounts({ cost: 4200, costBreakdown, taxRateBasisPoints: 0 });
      expect(invoice.lines, String(costBreakdown)).toEqual([{ label: "Shipping charge", amount: 4200 }]);
      expect(invoice.total).toBe(4200);
    }
  });

  it("adds tax at the settings' rate", () => {
    const invoice = invoiceAmounts({ cost: 10_000, costBreakdown: null, taxRateBasisPoints: 750 });
    expect(invoice).toMatchObject({ subtotal: 10_000, taxRateBasisPoints: 750, tax: 750, total: 10_750 });
  });
});

describe("tax", () => {
  it("rounds to the minor unit", () => {
    expect(taxAmount(999, 825)).toBe(82);
    expect(taxAmount(999, 0)).toBe(0);
    expect(formatTaxRate(750)).toBe("7.5%");
    expect(formatTaxRate(2000)).toBe("20%");
  });
});

describe("invoiceNumber", () => {
  it("is derived from the unique tracking ID", () => {
    expect(invoiceNumber("SWP482913K7Q2ZD")).toBe("INV-SWP482913K7Q2ZD");
  });
});

describe("invoice status changes", () => {
  it("pay or void an unpaid invoice, undo a mistaken payment or void, never void a paid one", () => {
    expect(statusChange("unpaid", "paid")).toBe("allowed");
    expect(statusChange("unpaid", "void")).toBe("allowed");
    expect(statusChange("paid", "unpaid")).toBe("allowed");
    expect(statusChange("void", "unpaid")).toBe("allowed");
    expect(statusChange("void", "paid")).toBe("allowed");
    expect(statusChange("paid", "void")).toBe("refused");
    expect(statusChange("paid", "paid")).toBe("unchanged");
    expect(nextStatuses("unpaid")).toEqual(["paid", "void"]);
    expect(nextStatuses("paid")).toEqual(["unpaid"]);
    expect(nextStatuses("void")).toEqual(["unpaid", "paid"]);
  });

  it("compare what two invoices bill", () => {
    const base = { currency: "EUR", ...invoiceAmounts({ cost: 1000, costBreakdown: null, taxRateBasisPoints: 2000 }) };
    expect(sameAmounts(base, { ...base })).toBe(true);
    expect(sameAmounts(base, { ...base, currency: "USD" })).toBe(false);
    expect(sameAmounts(base, { currency: "EUR", ...invoiceAmounts({ cost: 1001, costBreakdown: null, taxRateBasisPoints: 2000 }) })).toBe(false);
  });
});
