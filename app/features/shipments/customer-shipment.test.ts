import { describe, expect, it } from "vitest";
import { ENGLISH_VOICE } from "~/.server/answer-language";
import { translator } from "~/features/languages/i18n.server";
import { describePackages, draftOptionFaults, estimateDraft, shipmentFromForm } from "./customer-shipment";
import { SAME_DAY_ONE_CITY } from "./same-day";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import { newDraft, type ShipmentDraft, type ShipmentFormValues } from "./shipment-steps";

const friday = Date.UTC(2026, 10, 20, 15, 30);
const ratesSet = Date.UTC(2026, 10, 19);
const USD: ExchangeRate = { currency: "USD", rate: 1, setAt: ratesSet };
const EUR: ExchangeRate = { currency: "EUR", rate: 0.87, setAt: ratesSet };
const JPY: ExchangeRate = { currency: "JPY", rate: 147, setAt: ratesSet };
const at = (rate: ExchangeRate) => ({ now: friday, rate, taxRateBasisPoints: 0 });
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

const draft: ShipmentDraft = {
  ...newDraft({ name: "Jordan Lee", email: "demo@swiftparcel.example", currency: "USD" }),
  senderCountry: "US",
  recipientCountry: "CA",
  packages: [
    { description: "Books", weight: "2", length: "30", width: "20", height: "10", value: "40", quantity: "2" },
    { description: "Mug", weight: "0.5", length: "10", width: "10", height: "10", value: "20", quantity: "1" },
  ],
  serviceType: "standard",
};

describe("estimateDraft", () => {
  it("waits for a weight above 0 and both countries", () => {
    expect(estimateDraft({ ...draft, packages: [{ ...draft.packages[0]!, weight: "" }] }, at(USD))).toBeNull();
    expect(estimateDraft({ ...draft, senderCountry: "" }, at(USD))).toBeNull();
    expect(estimateDraft({ ...draft, recipientCountry: "XX" }, at(USD))).toBeNull();
  });

  it("prices the total weight over the route, service, delivery option and insurance", () => {
    const estimate = estimateDraft({ ...draft, deliveryOption: "saturday", insurance: true }, at(USD))!;
    expect(estimate.weightKg).toBe(4.5);
    expect(estimate.declaredValue).toBe(10_000);
    // (5.99 + 4.5 x 0.5) x 1.5 within North America = 12.36; Saturday 25; insurance 1 % of 100.00.
    expect(estimate.quote.lines.map((line) => [line.key, line.amount])).toEqual([
      ["base", 599],
      ["weight", 225],
      ["route", 412],
      ["delivery", 2500],
      ["insurance", 100],
    ]);
    expect(estimate.quote.total).toBe(1236 + 2500 + 100);
    expect(day(estimate.estimatedDelivery)).toBe("2026-11-27");
  });

  it("converts the dollar price at the chosen currency's rate, to its minor unit, and says which rate", () => {
    const dollars = estimateDraft(draft, at(USD))!.quote;
    expect(dollars.total).toBe(1236);
    const euros = estimateDraft({ ...draft, currency: "EUR" }, at(EUR))!.quote;
    // $12.36 at 0.87 is €10.7532: €10.75.
    expect(euros).toMatchObject({ currency: "EUR", total: 1075, exchange: { base: "USD", currency: "EUR", rate: 0.87, setAt: ratesSet } });
    expect(euros.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(euros.total);
    // $12.36 at 147 is ¥1,816.92: ¥1,817, no decimals.
    expect(estimateDraft({ ...draft, currency: "JPY" }, at(JPY))!.quote).toMatchObject({ currency: "JPY", total: 1817 });
  });

  it("prices in dollars while no currency of the list is chosen, and not at all without the right rate", () => {
    expect(estimateDraft({ ...draft, currency: "???" }, at(USD))!.quote.currency).toBe("USD");
    expect(estimateDraft({ ...draft, currency: "EUR" }, { now: friday, rate: null, taxRateBasisPoints: 0 })).toBeNull();
    expect(estimateDraft({ ...draft, currency: "EUR" }, at(JPY))).toBeNull();
  });

  it("adds the add-ons chosen, and estimates Same Day by its own rule", () => {
    const estimate = estimateDraft({ ...draft, recipientCountry: "US", serviceType: "same_day", fragile: true, signatureRequired: true }, at(USD))!;
    // 45.00 + 4.5 kg x 0.50 = 47.25 within one country; signature 3, fragile 8.
    expect(estimate.quote.lines.map((line) => [line.key, line.amount])).toEqual([
      ["base", 4500],
      ["weight", 225],
      ["signature", 300],
      ["fragile", 800],
    ]);
    expect(estimate.quote.total).toBe(5825);
    // Ordered on a Friday after the cut-off: the next business day.
    expect(day(estimate.estimatedDelivery)).toBe("2026-11-23");
  });

  it("uses the express default until a service is chosen", () => {
    const estimate = estimateDraft({ ...draft, serviceType: "" }, at(USD))!;
    expect(estimate.quote.lines[0]).toMatchObject({ key: "base", amount: 1299 });
    expect(day(estimate.estimatedDelivery)).toBe("2026-11-24");
  });
});

describe("draftOptionFaults", () => {
  const oneCity = { ...draft, senderCity: "Toronto", senderCountry: "CA", recipientCity: " toronto", recipientCountry: "CA" };

  it("sells Same Day within one city only, naming the service field", () => {
    expect(draftOptionFaults({ ...oneCity, serviceType: "same_day" }, USD, ENGLISH_VOICE)).toBeNull();
    expect(draftOptionFaults({ ...oneCity, serviceType: "same_day", recipientCity: "Ottawa" }, USD, ENGLISH_VOICE)).toEqual({ serviceType: [SAME_DAY_ONE_CITY] });
    expect(draftOptionFaults({ ...draft, serviceType: "same_day" }, USD, ENGLISH_VOICE)).toEqual({ serviceType: [SAME_DAY_ONE_CITY] });
    expect(draftOptionFaults({ ...draft, serviceType: "express" }, USD, ENGLISH_VOICE)).toBeNull();
  });

  it("insures at most $50,000 of declared value, read in the draft's currency", () => {
    const declared = (value: string, currency: string) => ({
      ...draft,
      currency,
      insurance: true,
      packages: [{ ...draft.packages[0]!, value, quantity: "1" }],
    });
    expect(draftOptionFaults(declared("50000", "USD"), USD, ENGLISH_VOICE)).toBeNull();
    expect(draftOptionFaults(declared("43500", "EUR"), EUR, ENGLISH_VOICE)).toBeNull();
    // 50,000 is within the cap in dollars, over it in euros.
    expect(draftOptionFaults(declared("50000", "EUR"), EUR, ENGLISH_VOICE)).toEqual({
      insurance: ["Insurance covers at most $50,000 (€43,500.00) of declared value; this shipment declares €50,000.00."],
    });
    expect(draftOptionFaults({ ...declared("50000", "EUR"), insurance: false }, EUR, ENGLISH_VOICE)).toBeNull();
  });

  it("refuses a currency the settings have no rate for", () => {
    expect(draftOptionFaults({ ...draft, currency: "EUR" }, null, ENGLISH_VOICE)).toEqual({ currency: ["Prices in EUR are not available at the moment. Please choose another currency."] });
    const spanish = { t: translator("es", "messages"), locale: "es-ES" };
    expect(draftOptionFaults({ ...draft, currency: "EUR" }, null, spanish)).toEqual({ currency: ["Los precios en EUR no están disponibles en este momento. Elige otra moneda."] });
  });
});

describe("shipmentFromForm", () => {
  const values: ShipmentFormValues = {
    senderName: "Jordan Lee",
    senderEmail: "demo@swiftparcel.example",
    senderPhone: "415 555-0134",
    senderAddress: "1 Market St",
    senderCity: "San Francisco",
    senderState: undefined,
    senderCountry: "US",
    senderPostalCode: "94105",
    recipientName: "Lena Fischer",
    recipientEmail: "lena@example.com",
    recipientPhone: "+49 30 5550 1234",
    recipientAddress: "Torstraße 101",
    recipientCity: "Berlin",
    recipientState: "Berlin",
    recipientCountry: "DE",
    recipientPostalCode: "10119",
    packages: [{ description: "Books", weight: 2, length: 30, width: 20, height: 10, value: 40.5, quantity: 1 }],
    serviceType: "express",
    deliveryOption: "morning",
    insurance: false,
    signatureRequired: true,
    fragile: false,
    currency: "EUR",
    specialInstructions: undefined,
    referenceNumber: "PO-7",
  };

  it("stores the phone numbers behind their dialling codes, and empty fields as null", () => {
    const { shipment } = shipmentFromForm(values, { userId: "u1", ...at(EUR) });
    expect(shipment).toMatchObject({
      userId: "u1",
      senderPhone: "+1 415 555-0134",
      recipientPhone: "+49 30 5550 1234",
      senderState: null,
      recipientState: "Berlin",
      senderPostalCode: "94105",
      specialInstructions: null,
      referenceNumber: "PO-7",
      packageType: "package",
      signatureRequired: true,
    });
  });

  it("prices it as the estimate did, and keeps the quote", () => {
    const { shipment } = shipmentFromForm(values, { userId: "u1", ...at(EUR) });
    // (12.99 + 1.00) x 2 between regions = 27.98, morning 15, signature 3: $45.98, at 0.87 €40.00.
    // The declared value is in euros already.
    expect(shipment).toMatchObject({ currency: "EUR", declaredValue: 4050, cost: 4000, weightKg: 2, fragile: false });
    expect(JSON.parse(shipment.costBreakdown)).toMatchObject({ currency: "EUR", total: 4000, exchange: { rate: 0.87 } });
    expect(day(shipment.estimatedDelivery)).toBe("2026-11-24");
    expect(() => shipmentFromForm(values, { userId: "u1", ...at(USD) })).toThrow();
  });

  it("keeps one parcel's size on the shipment and several on their package rows", () => {
    const one = shipmentFromForm(values, { userId: "u1", ...at(EUR) });
    expect(one.shipment).toMatchObject({ lengthCm: 30, widthCm: 20, heightCm: 10, description: "Books" });
    const many = shipmentFromForm(
      { ...values, packages: [values.packages[0]!, { ...values.packages[0]!, description: "Lamp", quantity: 3 }] },
      { userId: "u1", ...at(EUR) },
    );
    expect(many.shipment).toMatchObject({ lengthCm: null, description: "Books, Lamp ×3", weightKg: 8, declaredValue: 16_200 });
    expect(many.packages).toEqual([
      { description: "Books", weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10, value: 4050, quantity: 1 },
      { description: "Lamp", weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10, value: 4050, quantity: 3 },
    ]);
  });
});

describe("describePackages", () => {
  it("names each package with its quantity", () => {
    expect(describePackages([{ description: "Books", quantity: 2 }, { description: "Mug", quantity: 1 }])).toBe("Books ×2, Mug");
  });
});
