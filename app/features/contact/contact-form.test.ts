import { describe, expect, it } from "vitest";
import { ContactSchema } from "./contact-form";

const valid = { name: "Ada Lovelace", email: "Ada@Example.com ", subject: "Pick-up times", message: "When do you collect parcels?" };

function errorsOf(input: Record<string, unknown>) {
  const result = ContactSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("contact form rules", () => {
  it("accepts a complete message, defaulting the type to general and tidying the text", () => {
    expect(ContactSchema.parse({ ...valid, name: "  Ada \n Lovelace " })).toEqual({
      ...valid,
      name: "Ada Lovelace",
      email: "ada@example.com",
      type: "general",
    });
    expect(ContactSchema.parse({ ...valid, type: "partnership" }).type).toBe("partnership");
  });

  it("lists every missing field at once", () => {
    expect(errorsOf({ type: "general" })).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
    expect(errorsOf({ name: " ", email: " ", subject: "\n", message: "  " })).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });

  it("refuses a bad address, an unknown type and text over its bound", () => {
    expect(errorsOf({ ...valid, email: "not-an-address" })).toEqual({ email: ["Please enter a valid email address"] });
    expect(errorsOf({ ...valid, type: "sales" })).toEqual({ type: ["Please choose a type of inquiry from the list"] });
    expect(errorsOf({ ...valid, name: "n".repeat(101), subject: "s".repeat(151), message: "m".repeat(5001) })).toEqual({
      name: ["Name must be at most 100 characters"],
      subject: ["Subject must be at most 150 characters"],
      message: ["Message must be at most 5,000 characters"],
    });
    expect(errorsOf({ ...valid, message: "m".repeat(5000) })).toEqual({});
  });

  it("refuses control characters and markup in the address", () => {
    expect(errorsOf({ ...valid, name: "Ada\u0000", subject: "Hi\u001b[31m", message: "Hello\u0007", email: "ada<script>@example.com" })).toEqual({
      name: ["Name must be one line, without tabs or control characters"],
      subject: ["Subject must be one line, without tabs or control characters"],
      message: ["Message must not contain control characters"],
      email: ["Please enter a valid email address"],
    });
    expect(errorsOf({ ...valid, message: "Line one\r\n\tindented" })).toEqual({});
  });

  it("keeps the message's line breaks", () => {
    expect(ContactSchema.parse({ ...valid, message: "Line one\n\nLine two\n" }).message).toBe("Line one\n\nLine two");
  });
});
