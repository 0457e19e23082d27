import { describe, expect, it } from "vitest";
import { isEmail, isPhone, normalizeEmail } from "./contact-details";

describe("isEmail", () => {
  it("wants non-space characters, an @ and a domain with a dot", () => {
    expect(isEmail("jordan@example.com")).toBe(true);
    expect(isEmail("a.b+c@mail.example.co.uk")).toBe(true);
    for (const bad of ["", "jordan", "jordan@example", "jor dan@example.com", "@example.com", "jordan@.com@x"]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it("refuses markup, quotes, spaces, control characters and more than 254 characters", () => {
    for (const bad of [
      "<script>@example.com",
      "a<b@example.com",
      "ada@exa>mple.com",
      '"ada"@example.com',
      "o'brien@example.com",
      "ada @example.com",
      "ada\u0000@example.com",
      "ada@example.com\n",
      "ada@exam ple.com",
      "ada@example..com",
      "ada@-example.com",
      "ada@example.com<img src=x>",
      `${"a".repeat(245)}@example.com`,
    ]) {
      expect(isEmail(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isEmail(`${"a".repeat(242)}@example.com`)).toBe(true);
    expect(isEmail("ada@bücher.example")).toBe(true);
  });

  it("normalises by trimming and lower-casing", () => {
    expect(normalizeEmail("  Jordan@Example.COM ")).toBe("jordan@example.com");
  });
});

describe("isPhone", () => {
  it("allows an optional +, a first digit 1-9 and up to 16 digits after removing spaces, hyphens and brackets", () => {
    expect(isPhone("+1 (415) 555-0134")).toBe(true);
    expect(isPhone("020 7946 0958")).toBe(false);
    expect(isPhone("4915123456789")).toBe(true);
    expect(isPhone("+1234567890123456")).toBe(true);
    expect(isPhone("+12345678901234567")).toBe(false);
    expect(isPhone("+44 abc")).toBe(false);
    expect(isPhone("")).toBe(false);
  });
});
