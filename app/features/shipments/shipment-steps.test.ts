import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  draftBoundsFaults,
  draftFormData,
  DRAFT_MAX_BYTES,
  draftSize,
  fullPhoneNumber,
  isStepOpen,
  localPhoneNumber,
  newDraft,
  packageTotals,
  parseQuantity,
  parseStep,
  parseStoredDraft,
  shipmentSchemas,
  stepValues,
  withLocalPhoneNumbers,
  type ShipmentDraft,
  type StepNumber,
} from "./shipment-steps";

const schemas = shipmentSchemas({
  countries: [
    { code: "US", name: "United States", phoneCode: "+1" },
    { code: "DE", name: "Germany", phoneCode: "+49" },
  ],
  currencies: [
    { code: "USD", name: "United States dollar", symbol: "$" },
    { code: "EUR", name: "Euro", symbol: "€" },
  ],
});

const validDraft: ShipmentDraft = {
  ...newDraft({ name: "Jordan Lee", email: "Demo@SwiftParcel.example", currency: "USD" }),
  senderPhone: "415 555-0134",
  senderAddress: "1 Market St",
  senderCity: "San Francisco",
  senderCountry: "US",
  senderPostalCode: "94105",
  recipientName: "Lena Fischer",
  recipientEmail: "lena@example.com",
  recipientPhone: "30 5550 1234",
  recipientAddress: "Torstraße 101",
  recipientCity: "Berlin",
  recipientCountry: "DE",
  recipientPostalCode: "10119",
  packages: [{ description: "Books", weight: "2.5", length: "30", width: "20", height: "10", value: "40", quantity: "2" }],
};

function errorsOf(step: 1 | 2 | 3 | 4 | "all", draft: ShipmentDraft): Record<string, string[] | null> {
  const submission = parseWithZod(draftFormData(draft), { schema: schemas[step] });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("a valid draft", () => {
  it("passes every step and the final check, with the e-mail normalised", () => {
    for (const step of [1, 2, 3, 4, "all"] as const) expect(errorsOf(step, validDraft), String(step)).toEqual({});
    const submission = parseWithZod(draftFormData(validDraft), { schema: schemas.all });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      senderEmail: "demo@swiftparcel.example",
      serviceType: "express",
      deliveryOption: "standard",
      insurance: false,
      currency: "USD",
      packages: [{ description: "Books", weight: 2.5, length: 30, width: 20, height: 10, value: 40, quantity: 2 }],
    });
    expect(submission.value.senderState).toBeUndefined();
  });
});

describe("steps 1 and 2: sender and recipient", () => {
  it("requires name, email, phone, address, city, country and postal code, in the product's words", () => {
    const blank = { ...validDraft };
    for (const field of ["Name", "Email", "Phone", "Address", "City", "Country", "PostalCode"] as const) {
      blank[`sender${field}`] = "  ";
      blank[`recipient${field}`] = "";
    }
    expect(errorsOf(1, blank)).toEqual({
      senderName: ["Sender name is required"],
      senderEmail: ["Sender email is required"],
      senderPhone: ["Sender phone is required"],
      senderAddress: ["Sender address is required"],
      senderCity: ["Sender city is required"],
      senderCountry: ["Please choose a country from the list"],
      senderPostalCode: ["Sender postal code is required"],
    });
    expect(errorsOf(2, blank)).toEqual({
      recipientName: ["Recipient name is required"],
      recipientEmail: ["Recipient email is required"],
      recipientPhone: ["Recipient phone is required"],
      recipientAddress: ["Recipient address is required"],
      recipientCity: ["Recipient city is required"],
      recipientCountry: ["Recipient country is required"],
      recipientPostalCode: ["Recipient postal code is required"],
    });
  });

  it("leaves the state or province optional", () => {
    expect(errorsOf(1, { ...validDraft, senderState: "" })).toEqual({});
    expect(errorsOf(1, { ...validDraft, senderState: "CA" })).toEqual({});
  });

  it("checks the e-mail's form", () => {
    for (const email of ["jordan", "jordan@", "jordan@example", "jo rdan@example.com"]) {
      expect(errorsOf(1, { ...validDraft, senderEmail: email }), email).toEqual({ senderEmail: ["Please enter a valid email address"] });
    }
  });

  it("wants 4 to 14 digits in the phone number", () => {
    expect(errorsOf(2, { ...validDraft, recipientPhone: "12-3" })).toEqual({ recipientPhone: ["Please enter a valid phone number"] });
    expect(errorsOf(2, { ...validDraft, recipientPhone: "123456789012345" })).toEqual({ recipientPhone: ["Please enter a valid phone number"] });
    expect(errorsOf(2, { ...validDraft, recipientPhone: "1234" })).toEqual({});
  });

  it("takes countries only from the list", () => {
    expect(errorsOf(1, { ...validDraft, senderCountry: "XX" })).toEqual({ senderCountry: ["Please choose a country from the list"] });
  });

  it("refuses text longer than the columns are meant for", () => {
    expect(errorsOf(1, { ...validDraft, senderName: "x".repeat(101) })).toEqual({ senderName: ["Sender name must be at most 100 characters"] });
    expect(errorsOf(2, { ...validDraft, recipientPostalCode: "1".repeat(21) })).toEqual({
      recipientPostalCode: ["Recipient postal code must be at most 20 characters"],
    });
  });
});

describe("step 3: packages and service", () => {
  const withPackage = (changes: Partial<ShipmentDraft["packages"][number]>): ShipmentDraft => ({
    ...validDraft,
    packages: [{ ...validDraft.packages[0]!, ...changes }],
  });

  it("requires a description and a weight, dimensions and value above 0", () => {
    expect(errorsOf(3, withPackage({ description: "", weight: "0", length: "-1", width: "abc", height: "", value: "0" }))).toEqual({
      "packages[0].description": ["Description is required"],
      "packages[0].weight": ["Valid weight is required"],
      "packages[0].length": ["Valid length is required"],
      "packages[0].width": ["Valid width is required"],
      "packages[0].height": ["Valid height is required"],
      "packages[0].value": ["Valid value is required"],
    });
  });

  it("reads a quantity that is not a number as 1, and wants at least 1", () => {
    expect(errorsOf(3, withPackage({ quantity: "" }))).toEqual({});
    expect(errorsOf(3, withPackage({ quantity: "many" }))).toEqual({});
    expect(errorsOf(3, withPackage({ quantity: "0" }))).toEqual({ "packages[0].quantity": ["Quantity must be at least 1"] });
    expect(errorsOf(3, withPackage({ quantity: "100" }))).toEqual({ "packages[0].quantity": ["Quantity must be at most 99"] });
    expect(parseQuantity("3")).toBe(3);
    expect(parseQuantity("2.7")).toBe(2);
    expect(parseQuantity(undefined)).toBe(1);
  });

  it("sets upper bounds on weight, size and value", () => {
    expect(errorsOf(3, withPackage({ weight: "32.5", length: "123", value: "1000001" }))).toEqual({
      "packages[0].weight": ["Each package can weigh at most 32 kg"],
      "packages[0].length": ["Length must be at most 122 cm"],
      "packages[0].value": ["Declared value must be at most 1,000,000"],
    });
    expect(errorsOf(3, withPackage({ weight: "Infinity" }))).toEqual({ "packages[0].weight": ["Each package can weigh at most 32 kg"] });
  });

  it("checks every package and names the one at fault", () => {
    const draft = { ...validDraft, packages: [validDraft.packages[0]!, { ...validDraft.packages[0]!, weight: "" }] };
    expect(errorsOf(3, draft)).toEqual({ "packages[1].weight": ["Valid weight is required"] });
  });

  it("needs at least one package", () => {
    expect(errorsOf(3, { ...validDraft, packages: [] })).toEqual({ packages: ["At least one package is required"] });
  });

  it("accepts the services and delivery options, 'saturday' included", () => {
    for (const serviceType of ["express", "standard", "economy", "overnight", "same_day"]) expect(errorsOf(3, { ...validDraft, serviceType })).toEqual({});
    expect(errorsOf(3, { ...validDraft, serviceType: "teleport" })).toEqual({ serviceType: ["Please choose a service"] });
    expect(errorsOf(3, { ...validDraft, deliveryOption: "midnight" })).toEqual({ deliveryOption: ["Please choose a delivery option"] });
    const submission = parseWithZod(draftFormData({ ...validDraft, deliveryOption: "saturday", insurance: true }), { schema: schemas[3] });
    expect(submission.status === "success" && submission.value).toMatchObject({ deliveryOption: "weekend", insurance: true, signatureRequired: false, fragile: false });
  });

  it("takes the currency of the declared values from the picker, with the packages", () => {
    expect(errorsOf(3, { ...validDraft, currency: "EUR" })).toEqual({});
    expect(errorsOf(3, { ...validDraft, currency: "XYZ" })).toEqual({ currency: ["Please choose a currency"] });
    expect(errorsOf(3, { ...validDraft, currency: "" })).toEqual({ currency: ["Please choose a currency"] });
    expect(errorsOf(4, { ...validDraft, currency: "XYZ" })).toEqual({});
  });
});

describe("step 4: review", () => {
  it("limits the free text", () => {
    expect(errorsOf(4, { ...validDraft, specialInstructions: "x".repeat(501), referenceNumber: "r".repeat(51) })).toEqual({
      specialInstructions: ["Special instructions must be at most 500 characters"],
      referenceNumber: ["Reference number must be at most 50 characters"],
    });
  });
});

describe("the final check", () => {
  it("finds a fault in any step", () => {
    expect(Object.keys(errorsOf("all", { ...validDraft, recipientCity: "" }))).toEqual(["recipientCity"]);
  });
});

describe("drafts", () => {
  it("start with the account's name and e-mail and the form's defaults", () => {
    const draft = newDraft({ name: "Jordan Lee", email: "demo@swiftparcel.example", currency: "EUR" });
    expect(draft).toMatchObject({ senderName: "Jordan Lee", senderEmail: "demo@swiftparcel.example", serviceType: "express", deliveryOption: "standard", currency: "EUR" });
    expect(draft.packages).toEqual([{ description: "", weight: "", length: "", width: "", height: "", value: "", quantity: "1" }]);
  });

  it("take one step's fields, all of them, from a posted form", () => {
    expect(stepValues(1, { senderName: "A", senderCity: "B", recipientName: "not this step", role: "admin" })).toEqual({
      senderName: "A",
      senderEmail: "",
      senderPhone: "",
      senderAddress: "",
      senderCity: "B",
      senderState: "",
      senderCountry: "",
      senderPostalCode: "",
    });
    expect(stepValues(2, { recipientPhone: " +49 (30) 5550.1234 ", recipientCountry: "DE" })).toMatchObject({ recipientPhone: " +49 (30) 5550.1234 " });
    expect(stepValues(3, { packages: [{ weight: "2", extra: "x" }], serviceType: "economy", insurance: "on", fragile: "on", currency: "EUR" })).toEqual({
      packages: [{ description: "", weight: "2", length: "", width: "", height: "", value: "", quantity: "" }],
      currency: "EUR",
      serviceType: "economy",
      deliveryOption: "",
      insurance: true,
      signatureRequired: false,
      fragile: true,
    });
    expect(stepValues(4, { currency: "EUR", referenceNumber: "PO-1" })).toEqual({ specialInstructions: "", referenceNumber: "PO-1" });
    expect(stepValues(3, {}).packages).toHaveLength(1);
  });

  it("keep phone numbers without the dialling code and with only digits, spaces and hyphens", () => {
    const values = stepValues(2, { recipientPhone: " +49 (30) 5550.1234 ", recipientCountry: "DE" });
    expect(withLocalPhoneNumbers(values, (code) => (code === "DE" ? "+49" : undefined))).toMatchObject({ recipientPhone: "30 55501234", recipientCountry: "DE" });
    expect(withLocalPhoneNumbers({ senderPhone: "(415) 555-0134" })).toEqual({ senderPhone: "415 555-0134" });
    expect(withLocalPhoneNumbers({ serviceType: "express" })).toEqual({ serviceType: "express" });
  });

  it("open a step once the steps before it have passed", () => {
    expect([1, 2, 3, 4].map((step) => isStepOpen(step as StepNumber, 2))).toEqual([true, true, false, false]);
    expect(isStepOpen(null, 4)).toBe(false);
  });

  it("read back what was stored, ignoring anything malformed", () => {
    const fallback = newDraft({ name: "N", email: "e@example.com", currency: "USD" });
    expect(parseStoredDraft(JSON.stringify(validDraft), fallback)).toEqual(validDraft);
    expect(parseStoredDraft("not json", fallback)).toEqual(fallback);
    const odd = parseStoredDraft(JSON.stringify({ senderName: 42, insurance: "yes", packages: "none", recipientCity: "Berlin" }), fallback);
    expect(odd).toEqual({ ...fallback, recipientCity: "Berlin" });
  });
});

describe("strict values", () => {
  const withPackage = (changes: Partial<ShipmentDraft["packages"][number]>): ShipmentDraft => ({
    ...validDraft,
    packages: [{ ...validDraft.packages[0]!, ...changes }],
  });

  it("refuse weights, sizes and values too small to be real", () => {
    expect(errorsOf(3, withPackage({ weight: "5e-324", height: "0.05", value: "0.001" }))).toEqual({
      "packages[0].weight": ["Each package must weigh at least 0.01 kg"],
      "packages[0].height": ["Height must be at least 0.1 cm"],
      "packages[0].value": ["Declared value must be at least 0.01"],
    });
    expect(errorsOf(3, withPackage({ value: "10.005" }))).toEqual({ "packages[0].value": ["Declared value can have at most 2 decimal places"] });
    expect(errorsOf(3, withPackage({ weight: "0.01", length: "0.1", value: "0.01" }))).toEqual({});
  });

  it("refuse control characters in every text, tabs and line breaks only in the instructions", () => {
    expect(errorsOf(1, { ...validDraft, senderName: "Jordan\u0000Lee", senderAddress: "1 Market\tSt" })).toEqual({
      senderName: ["Sender name must be one line, without tabs or control characters"],
      senderAddress: ["Sender address must be one line, without tabs or control characters"],
    });
    expect(errorsOf(3, withPackage({ description: "Books\u001b" }))).toEqual({
      "packages[0].description": ["Description must be one line, without tabs or control characters"],
    });
    expect(errorsOf(4, { ...validDraft, specialInstructions: "Ring twice\r\n\tthen wait" })).toEqual({});
    expect(errorsOf(4, { ...validDraft, specialInstructions: "Ring\u0000" })).toEqual({ specialInstructions: ["Special instructions must not contain control characters"] });
  });

  it("check e-mail addresses with the shared rule, which refuses markup", () => {
    expect(errorsOf(2, { ...validDraft, recipientEmail: "lena<script>@example.com" })).toEqual({ recipientEmail: ["Please enter a valid email address"] });
  });
});

describe("draft bounds", () => {
  it("find values no field takes: too long, control characters, too many packages", () => {
    expect(draftBoundsFaults(validDraft)).toBeNull();
    expect(draftBoundsFaults({ senderName: "x".repeat(101), senderCity: "Berlin\u0000", specialInstructions: "one\r\ntwo" })).toEqual({
      senderName: ["Must be at most 100 characters"],
      senderCity: ["Must be one line, without tabs or control characters"],
    });
    const packages = Array.from({ length: 21 }, () => ({ ...validDraft.packages[0]! }));
    packages[1] = { ...packages[1]!, weight: "1".repeat(33) };
    expect(draftBoundsFaults({ packages })).toEqual({
      packages: ["A shipment can hold at most 20 packages"],
      "packages[1].weight": ["Must be at most 32 characters"],
    });
  });

  it("keep every package a form sent, so that too many are refused rather than cut", () => {
    const payload = { packages: Array.from({ length: 25 }, () => ({ weight: "1" })) };
    expect(stepValues(3, payload).packages).toHaveLength(25);
  });

  it("leave the largest bounded draft far below the stored cap", () => {
    const longest = (max: number) => "€".repeat(max);
    const big: ShipmentDraft = {
      ...validDraft,
      senderName: longest(100), senderAddress: longest(200), senderCity: longest(100), senderState: longest(100),
      recipientName: longest(100), recipientAddress: longest(200), recipientCity: longest(100), recipientState: longest(100),
      specialInstructions: longest(500), referenceNumber: longest(50),
      packages: Array.from({ length: 20 }, () => ({ ...validDraft.packages[0]!, description: longest(200) })),
    };
    expect(draftBoundsFaults(big)).toBeNull();
    expect(draftSize(big)).toBeLessThan(DRAFT_MAX_BYTES / 2);
  });

  it("drop stored values out of bounds when the draft is read back", () => {
    const fallback = newDraft({ name: "N", email: "e@example.com", currency: "USD" });
    const stored = { ...validDraft, senderName: "x".repeat(2_000_000), packages: [{ ...validDraft.packages[0]!, description: "d\u0000" }] };
    const draft = parseStoredDraft(JSON.stringify(stored), fallback);
    expect(draft.senderName).toBe("N");
    expect(draft.packages[0]).toMatchObject({ description: "", weight: "2.5" });
    expect(draft.recipientCity).toBe("Berlin");
  });
});

describe("packageTotals", () => {
  it("counts each package quantity times, ignoring what is not a number yet", () => {
    expect(
      packageTotals([
        { ...validDraft.packages[0]!, weight: "0.1", value: "19.99", quantity: "3" },
        { ...validDraft.packages[0]!, weight: "0.2", value: "abc", quantity: "" },
        { ...validDraft.packages[0]!, weight: "", value: "5", quantity: "2" },
      ]),
    ).toEqual({ weightKg: 0.5, declaredValueMajor: 69.97, items: 6 });
  });

  it("counts weights and values out of range as nothing, and at most 99 of a package", () => {
    const item = validDraft.packages[0]!;
    expect(packageTotals([{ ...item, weight: "5e-324", value: "1e300", quantity: "1" }])).toEqual({ weightKg: 0, declaredValueMajor: 0, items: 1 });
    expect(packageTotals([{ ...item, weight: "2", value: "10", quantity: "1000000" }])).toEqual({ weightKg: 198, declaredValueMajor: 990, items: 99 });
  });
});

describe("phone numbers", () => {
  it("keep digits, spaces and hyphens, behind the country's dialling code", () => {
    expect(localPhoneNumber(" (030) 555-1234 ", "+49")).toBe("030 555-1234");
    expect(fullPhoneNumber("30  5550 1234", "+49")).toBe("+49 30 5550 1234");
    expect(fullPhoneNumber("+49 30 5550 1234", "+49")).toBe("+49 30 5550 1234");
    expect(fullPhoneNumber("415.555.0134", "+1")).toBe("+1 4155550134");
    expect(fullPhoneNumber("415 555 0134", undefined)).toBe("415 555 0134");
  });
});

describe("parseStep", () => {
  it("knows steps 1 to 4 only", () => {
    expect(parseStep("2")).toBe(2);
    expect(parseStep(4)).toBe(4);
    for (const value of ["0", "5", "x", null, "2.5"]) expect(parseStep(value)).toBeNull();
  });
});
