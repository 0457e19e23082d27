import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("isHoneypotFilled", () => {
  it("passes a form whose honeypot is absent or empty", () => {
    expect(isHoneypotFilled(form({ email: "a@example.com" }))).toBe(false);
    expect(isHoneypotFilled(form({ email: "a@example.com", [HONEYPOT_FIELD]: "" }))).toBe(false);
  });

  it("catches a form whose honeypot holds anything", () => {
    expect(isHoneypotFilled(form({ [HONEYPOT_FIELD]: "http://spam.test" }))).toBe(true);
    expect(isHoneypotFilled(form({ [HONEYPOT_FIELD]: " " }))).toBe(true);
  });
});
