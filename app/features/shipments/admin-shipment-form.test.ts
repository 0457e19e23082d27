import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ADMIN_REQUIRED_FIELDS, VALID_ADMIN_FORM } from "../../../tests/admin-shipment-sample";
import {
  EditShipmentFormSchema,
  formValuesFromShipment,
  REQUIRED,
  ShipmentFormActionSchema,
  ShipmentFormSchema,
  storedBasePriceOverride,
} from "./admin-shipment-form";
import { SAME_DAY_ONE_CITY } from "./same-day";

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
  it("offers Same Day within one city only, saying so beside the other fields' messages", () => {
    const oneCity = { ...VALID_FORM, recipientCity: "BOSTON", recipientCountry: "US", serviceType: "same_day" };
    expect(errorsOf(oneCity)).toEqual({});
    expect(errorsOf({ ...VALID_FORM, serviceType: "same_day" })).toEqual({ serviceType: [SAME_DAY_ONE_CITY] });
    expect(errorsOf({ ...VALID_FORM, serviceType: "same_day", senderName: "" })).toEqual({ serviceType: [SAME_DAY_ONE_CITY], senderName: [REQUIRED] });
    // 'Calculate cost' prices it anyway: only saving is refused.
    expect(parseWithZod(form({ ...VALID_FORM, serviceType: "same_day", intent: "quote" }), { schema: ShipmentFormActionSchema }).status).toBe("success");
    expect(parseWithZod(form({ ...VALID_FORM, serviceType: "same_day", fragile: "on" }), { schema: ShipmentFormSchema }).status).toBe("error");
  });

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

describe("admin shipment form bounds", () => {
  const editErrors = (values: Record<string, string>) => {
    const submission = parseWithZod(form({ ...VALID_FORM, version: "3", ...values }), { schema: EditShipmentFormSchema });
    return submission.status === "success" ? {} : (submission.error ?? {});
  };

  it("caps every text field, each with its own message", () => {
    const limits: Record<string, [number, string]> = {
      senderName: [100, "Sender name"],
      senderCompany: [120, "Sender company"],
      senderAddress: [200, "Sender address"],
      senderCity: [100, "Sender city"],
      senderState: [100, "Sender state or province"],
      senderPostalCode: [20, "Sender postal code"],
      recipientName: [100, "Recipient name"],
      recipientCompany: [120, "Recipient company"],
      recipientAddress: [200, "Recipient address"],
      recipientCity: [100, "Recipient city"],
      recipientState: [100, "Recipient state or province"],
      recipientPostalCode: [20, "Recipient postal code"],
      description: [500, "Description"],
      customDeliveryDays: [40, "Custom delivery days"],
      specialInstructions: [500, "Special instructions"],
      notes: [1000, "Notes"],
      currentLocation: [120, "Current location"],
    };
    const errors = editErrors(Object.fromEntries(Object.entries(limits).map(([field, [max]]) => [field, "x".repeat(max + 1)])));
    for (const [field, [max, label]] of Object.entries(limits)) expect(errors[field], field).toEqual([`${label} must be at most ${max.toLocaleString("en-US")} characters`]);
    expect(editErrors({ senderEmail: `${"a".repeat(250)}@example.com` }).senderEmail).toEqual(["Please enter a valid email address"]);
    expect(editErrors({ senderPhone: "5".repeat(33) }).senderPhone).toEqual(["Sender phone must be at most 32 characters", "Please enter a valid phone number"]);
  });

  it("refuses control characters, except line breaks and tabs in the multi-line fields", () => {
    const errors = errorsOf({ ...VALID_FORM, senderName: "Ada\u0000", recipientCity: "Ber\tlin", notes: "a\u0007" });
    expect(errors).toEqual({
      senderName: ["Sender name must be one line, without tabs or control characters"],
      recipientCity: ["Recipient city must be one line, without tabs or control characters"],
      notes: ["Notes must not contain control characters"],
    });
    expect(errorsOf({ ...VALID_FORM, description: "Books\r\n\tand maps", specialInstructions: "Ring twice\r\nthen wait" })).toEqual({});
  });

  it("refuses markup in e-mail addresses", () => {
    expect(errorsOf({ ...VALID_FORM, recipientEmail: "bo<script>@example.com" }).recipientEmail).toEqual(["Please enter a valid email address"]);
  });

  it("keeps weights, dimensions and money within sane ranges", () => {
    expect(errorsOf({ ...VALID_FORM, weight: "5e-324", length: "0.01", width: "301", value: "1000000.01", basePrice: "1e-9" })).toEqual({
      weight: ["Weight must be at least 0.01 kg"],
      length: ["Length must be at least 0.1 cm"],
      width: ["Width must be at most 300 cm"],
      value: ["Declared value must be at most 1,000,000"],
      basePrice: ["Base price can have at most 2 decimal places"],
    });
    expect(errorsOf({ ...VALID_FORM, weight: "1000.5" }).weight).toEqual(["Weight must be at most 1,000 kg"]);
    expect(errorsOf({ ...VALID_FORM, weight: "0.01", length: "0.1", width: "300", height: "300", value: "1000000", basePrice: "0" })).toEqual({});
  });

  it("takes a whole number of custom delivery days from 1 to 365, or free text", () => {
    const message = ["A number of custom delivery days must be from 1 to 365"];
    for (const days of ["0", "366", "99999999999999999999"]) expect(errorsOf({ ...VALID_FORM, customDeliveryDays: days }).customDeliveryDays, days).toEqual(message);
    for (const days of ["1", "365", "3-5", "a week"]) expect(errorsOf({ ...VALID_FORM, customDeliveryDays: days }), days).toEqual({});
  });

  it("takes real calendar dates only: refused, never shifted or cleared", () => {
    for (const date of ["2024-02-30", "9999-99-99", "2025-13-01", "1900-01-01", "2025-2-1"]) {
      expect(editErrors({ actualDelivery: date }).actualDelivery, date).toEqual(["Please enter a valid date"]);
    }
    expect(editErrors({ actualDelivery: "2024-02-29" })).toEqual({});
  });

  it("names a current location that is only punctuation, and lets an edit clear it", () => {
    expect(editErrors({ currentLocation: "!!!" }).currentLocation).toEqual(["Please enter a location"]);
    expect(editErrors({ currentLocation: "" })).toEqual({});
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
      description: "Contracts", serviceType: "express", deliveryOption: "morning", insurance: true, signatureRequired: false, fragile: true,
      currency: "JPY", costBreakdown: JSON.stringify({ lines: [{ key: "override", amount: 5000 }] }), cost: 5000,
      customDeliveryDays: "3-5", specialInstructions: null, notes: "Fragile", currentLocation: "Hub", actualDelivery: Date.UTC(2025, 0, 2, 12),
      version: 7,
    });
    expect(values).toMatchObject({
      senderState: "MA", senderCompany: "", recipientCompany: "Bo GmbH", recipientEmail: "", weight: "0.4", length: "",
      value: "12345", basePrice: "5000", insurance: "on", signatureRequired: undefined, fragile: "on", actualDelivery: "2025-01-02", version: "7",
    });
  });

  it("read a base-price override back from the stored quote only", () => {
    expect(storedBasePriceOverride(JSON.stringify({ lines: [{ key: "base", amount: 599 }] }))).toBeNull();
    expect(storedBasePriceOverride("not json")).toBeNull();
    expect(storedBasePriceOverride(null)).toBeNull();
  });
});
