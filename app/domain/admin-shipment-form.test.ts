import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ADMIN_REQUIRED_FIELDS, VALID_ADMIN_FORM } from "../../tests/admin-shipment-sample";
import {
  EditShipmentFormSchema,
  formValuesFromShipment,
  REQUIRED,
  ShipmentFormActionSchema,
  ShipmentFormSchema,
  storedBasePriceOverride,
} from "./admin-shipment-form";

const REQUIRED_FIELDS = ADMIN_REQUIRED_FIELDS;
const VALID_FORM = VALID_ADMIN_FORM;

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

function errorsOf(values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema: ShipmentFormSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("admin shipment form rules", () => {
  it("marks every required field of an empty form with 'This field is required'", () => {
    const errors = errorsOf({});
    for (const field of REQUIRED_FIELDS) expect(errors[field], field).toEqual([REQUIRED]);
    expect(errorsOf({ ...VALID_FORM, senderName: "   " }).senderName).toEqual([REQUIRED]);
  });

  it("checks e-mails, phones, weight, value and currency", () => {
    const errors = errorsOf({
      ...VALID_FORM,
      senderEmail: "ada@example",
      recipientPhone: "0123 456",
      weight: "0",
      value: "-1",
      basePrice: "abc",
    });
    expect(errors.senderEmail).toEqual(["Please enter a valid email address"]);
    expect(errors.recipientPhone).toEqual(["Please enter a valid phone number"]);
    expect(errors.weight).toEqual(["Please enter a valid weight"]);
    expect(errors.value).toEqual(["Please enter a valid value"]);
    expect(errors.basePrice).toEqual(["Please enter a valid price"]);
    expect(errorsOf({ ...VALID_FORM, weight: "heavy" }).weight).toEqual(["Please enter a valid weight"]);
  });

  it("asks for dimensions only when the package type is package", () => {
    const withoutDimensions = { ...VALID_FORM, length: "", width: "0", height: "" };
    const errors = errorsOf(withoutDimensions);
    for (const field of ["length", "width", "height"]) expect(errors[field], field).toEqual(["Please enter a valid dimension"]);
    expect(errorsOf({ ...withoutDimensions, packageType: "document", width: "" })).toEqual({});
  });

  it("names missing dimensions beside the required fields of an empty form", () => {
    // As the browser sends an untouched form: empty inputs, the selects on their first choice.
    const empty = Object.fromEntries([...REQUIRED_FIELDS, "length", "width", "height"].map((field) => [field, ""]));
    const errors = errorsOf({ ...empty, packageType: "package", serviceType: "standard", currency: "USD" });
    for (const field of REQUIRED_FIELDS.filter((field) => !["packageType", "serviceType"].includes(field))) {
      expect(errors[field], field).toEqual([REQUIRED]);
    }
    for (const field of ["length", "width", "height"]) expect(errors[field], field).toEqual(["Please enter a valid dimension"]);
    // A dimension that is given but wrong is named once, by its own rule.
    expect(errorsOf({ ...empty, packageType: "package", length: "abc", width: "0" })).toMatchObject({
      length: ["Please enter a valid dimension"],
      width: ["Please enter a valid dimension"],
      height: ["Please enter a valid dimension"],
    });
  });

  it("checks nothing when only asked for the cost", () => {
    const quote = parseWithZod(form({ intent: "quote", weight: "2" }), { schema: ShipmentFormActionSchema });
    expect(quote.status).toBe("success");
    const save = parseWithZod(form({ intent: "save", packageType: "package" }), { schema: ShipmentFormActionSchema });
    expect(save.status === "error" ? save.error : null).toMatchObject({ senderName: [REQUIRED], length: ["Please enter a valid dimension"] });
  });

  it("accepts a complete form, with numbers and ticked boxes as values", () => {
    const submission = parseWithZod(form({ ...VALID_FORM, weight: "2.5", insurance: "on", value: "" }), { schema: ShipmentFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ weight: 2.5, length: 30, insurance: true, value: undefined, senderName: "Ada Sender" });
  });

  it("needs the version it was edited from when editing", () => {
    const stale = parseWithZod(form(VALID_FORM), { schema: EditShipmentFormSchema });
    expect(stale.status).toBe("error");
    const edit = parseWithZod(form({ ...VALID_FORM, version: "3", actualDelivery: "2025-02-30x" }), { schema: EditShipmentFormSchema });
    expect(edit.status === "error" ? edit.error?.actualDelivery : null).toEqual(["Please enter a valid date"]);
  });
});

describe("edit form values", () => {
  it("fill the form from a saved shipment, money in major units", () => {
    const values = formValuesFromShipment({
      senderName: "Ada", senderEmail: "ada@example.com", senderPhone: "+1 555", senderCompany: null, senderAddress: "1 Main St",
      senderCity: "Boston", senderState: "MA", senderCountry: "US", senderPostalCode: "02108",
      recipientName: "Bo", recipientEmail: null, recipientPhone: null, recipientCompany: "Bo GmbH", recipientAddress: null,
      recipientCity: "Berlin", recipientState: null, recipientCountry: "DE", recipientPostalCode: null,
      packageType: "document", weightKg: 0.4, lengthCm: null, widthCm: null, heightCm: null, declaredValue: 12345,
      description: "Contracts", serviceType: "express", deliveryOption: "morning", insurance: true, signatureRequired: false,
      currency: "JPY", costBreakdown: JSON.stringify({ lines: [{ key: "override", amount: 5000 }] }), cost: 5000,
      customDeliveryDays: "3-5", specialInstructions: null, notes: "Fragile", currentLocation: "Hub", actualDelivery: Date.UTC(2025, 0, 2, 12),
      version: 7,
    });
    expect(values).toMatchObject({
      senderState: "MA", senderCompany: "", recipientCompany: "Bo GmbH", recipientEmail: "", weight: "0.4", length: "",
      value: "12345", basePrice: "5000", insurance: "on", signatureRequired: undefined, actualDelivery: "2025-01-02", version: "7",
    });
  });

  it("read a base-price override back from the stored quote only", () => {
    expect(storedBasePriceOverride(JSON.stringify({ lines: [{ key: "base", amount: 599 }] }))).toBeNull();
    expect(storedBasePriceOverride("not json")).toBeNull();
    expect(storedBasePriceOverride(null)).toBeNull();
  });
});
