import { describe, expect, it } from "vitest";
import { emailAddress, measure, optionalText, placeName, requiredText } from "./form-fields";

function issues(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe("bounded text", () => {
  const name = requiredText("Sender name", 10, "Sender name is required");

  it("names every fault at once, after trimming", () => {
    expect(issues(name, "  Ada  ")).toEqual([]);
    expect(issues(name, "   ")).toEqual(["Sender name is required"]);
    expect(issues(name, "x".repeat(11))).toEqual(["Sender name must be at most 10 characters"]);
    expect(issues(name, `${"x".repeat(11)}\u0000`)).toEqual([
      "Sender name must be at most 10 characters",
      "Sender name must be one line, without tabs or control characters",
    ]);
  });

  it("may be left empty when optional, and keeps line breaks when multi-line", () => {
    const notes = optionalText("Notes", 20, { multiline: true });
    expect(issues(notes, undefined)).toEqual([]);
    expect(issues(notes, "one\r\ntwo")).toEqual([]);
    expect(issues(notes, "one\u0000")).toEqual(["Notes must not contain control characters"]);
  });

  it("names a place only with a letter or a digit in it", () => {
    const location = placeName("Location", 120, "Please enter a location");
    expect(issues(location, "Hub 7, Leipzig")).toEqual([]);
    for (const bad of ["", "   ", "...", "--- !!!"]) expect(issues(location, bad), bad).toEqual(["Please enter a location"]);
  });
});

describe("numbers", () => {
  const weight = measure({ min: 0.01, max: 32 }, { invalid: "Valid weight is required", tooSmall: "At least 0.01 kg", tooLarge: "At most 32 kg" });
  const price = measure({ min: 0, max: 1_000_000 }, { invalid: "Please enter a valid price", tooLarge: "At most 1,000,000", cents: "Cents only" });

  it("are refused outside their range, each way with its own message", () => {
    expect(issues(weight, 2.5)).toEqual([]);
    expect(issues(weight, 0)).toEqual(["Valid weight is required"]);
    expect(issues(weight, -1)).toEqual(["Valid weight is required"]);
    expect(issues(weight, 5e-324)).toEqual(["At least 0.01 kg"]);
    expect(issues(weight, 32.01)).toEqual(["At most 32 kg"]);
    expect(issues(weight, Infinity)).toEqual(["At most 32 kg"]);
    expect(issues(weight, Number.NaN)).toEqual(["Valid weight is required"]);
  });

  it("that are money have at most two decimal places", () => {
    expect(issues(price, 0)).toEqual([]);
    expect(issues(price, 19.99)).toEqual([]);
    expect(issues(price, 0.3)).toEqual([]);
    expect(issues(price, 999_999.99)).toEqual([]);
    expect(issues(price, 1e-9)).toEqual(["Cents only"]);
    expect(issues(price, 5e-324)).toEqual(["Cents only"]);
    expect(issues(price, -0.01)).toEqual(["Please enter a valid price"]);
    expect(issues(price, 1e7)).toEqual(["At most 1,000,000"]);
  });
});

describe("the e-mail field", () => {
  it("is one zod field: required message, length, shape, normalised value", () => {
    const field = emailAddress("Email is required");
    const messages = (value: unknown) => {
      const result = field.safeParse(value);
      return result.success ? result.data : result.error.issues.map((issue) => issue.message);
    };
    expect(messages("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(messages("")).toEqual(["Email is required"]);
    expect(messages("ada<b>@example.com")).toEqual(["Please enter a valid email address"]);
    expect(messages(`${"a".repeat(250)}@example.com`)).toEqual(["Please enter a valid email address"]);
  });

});
