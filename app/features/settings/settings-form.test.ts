import { describe, expect, it } from "vitest";
import { basisPointsToTaxRate, SETTINGS_MESSAGES, settingsSchema, taxRateToBasisPoints } from "./settings-form";

const schema = settingsSchema((code) => ["USD", "EUR"].includes(code));
const valid = {
  companyName: " Northwind Parcel ",
  trackingPrefix: "nwp",
  supportEmail: "Help@Northwind.example",
  supportPhone: "+1 (555) 010-0100",
  supportAddress: "1 Quay Street, Bristol",
  defaultCurrency: "EUR",
  taxRate: "7.5",
};

describe("settingsSchema", () => {
  it("trims, upper-cases the prefix and lower-cases the e-mail", () => {
    expect(schema.parse(valid)).toEqual({
      ...valid,
      companyName: "Northwind Parcel",
      trackingPrefix: "NWP",
      supportEmail: "help@northwind.example",
      taxNumber: "",
    });
  });

  it("takes an optional tax number of one line, at most 40 characters", () => {
    expect(schema.parse({ ...valid, taxNumber: " GB123456789 " }).taxNumber).toBe("GB123456789");
    expect(schema.safeParse({ ...valid, taxNumber: "x".repeat(41) }).success).toBe(false);
    expect(schema.safeParse({ ...valid, taxNumber: "GB1\u0007" }).success).toBe(false);
  });

  it("lists every field's problem at once", () => {
    const result = schema.safeParse({ companyName: "  ", trackingPrefix: "AB1", supportEmail: "no", supportPhone: "x", supportAddress: "", defaultCurrency: "XXX", taxRate: "101" });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
      companyName: SETTINGS_MESSAGES.companyName,
      trackingPrefix: SETTINGS_MESSAGES.trackingPrefix,
      supportEmail: "Please enter a valid email address",
      supportPhone: SETTINGS_MESSAGES.supportPhone,
      supportAddress: SETTINGS_MESSAGES.supportAddress,
      defaultCurrency: SETTINGS_MESSAGES.defaultCurrency,
      taxRate: SETTINGS_MESSAGES.taxRate,
    });
  });

  it("refuses control characters in every text setting, line breaks only where the field is an address", () => {
    const messages = (input: Record<string, string>) => {
      const result = schema.safeParse({ ...valid, ...input });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
    };
    for (const breaking of ["Acme\r\nBcc: x@example.com", "Acme\nParcel", "Acme\rParcel", "Acme\tParcel", "Acme\u0085Parcel", "Acme\u0000"]) {
      expect(messages({ companyName: breaking }), JSON.stringify(breaking)).toEqual({ companyName: "Company name must be one line, without tabs or control characters" });
    }
    expect(messages({ supportPhone: "+1 555\r\n010 0100" })).toEqual({ supportPhone: "Support phone must be one line, without tabs or control characters" });
    expect(messages({ supportAddress: "1 Quay Street\r\nBristol" })).toEqual({});
    expect(messages({ supportAddress: "1 Quay Street\u0007Bristol" })).toEqual({ supportAddress: "Support address must not contain control characters" });
    for (const field of ["trackingPrefix", "supportEmail", "defaultCurrency", "taxRate"]) {
      expect(Object.keys(messages({ [field]: `${valid[field as keyof typeof valid].slice(0, 1)}\n${valid[field as keyof typeof valid].slice(1)}` })), field).toEqual([field]);
    }
  });

  it("wants exactly three letters as the prefix", () => {
    for (const prefix of ["AB", "ABCD", "A1C", "ÄBC", ""]) expect(schema.safeParse({ ...valid, trackingPrefix: prefix }).success).toBe(false);
  });
});

describe("tax rates", () => {
  it("reads per cent with up to two decimals as basis points, and back", () => {
    expect(taxRateToBasisPoints("0")).toBe(0);
    expect(taxRateToBasisPoints("7.5")).toBe(750);
    expect(taxRateToBasisPoints("19,25")).toBe(1925);
    expect(taxRateToBasisPoints("100")).toBe(10_000);
    for (const bad of ["100.01", "-1", "7.555", "abc", "", "1e2"]) expect(taxRateToBasisPoints(bad)).toBeNull();
    expect(basisPointsToTaxRate(750)).toBe("7.5");
    expect(basisPointsToTaxRate(1925)).toBe("19.25");
  });
});
