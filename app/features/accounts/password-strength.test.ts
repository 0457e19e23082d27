import { describe, expect, it } from "vitest";
import { isStrongEnough, measurePassword, passwordScore, passwordStrength, strengthLabel } from "./password-strength";

describe("password strength", () => {
  it("counts each of the five requirements once", () => {
    expect(passwordScore("")).toBe(0);
    expect(passwordScore("abc")).toBe(1);
    expect(passwordScore("abcdefgh")).toBe(2);
    expect(passwordScore("Abcdefgh")).toBe(3);
    expect(passwordScore("Abcdefg1")).toBe(4);
    expect(passwordScore("Abcdef1!")).toBe(5);
  });

  it("reads letters and digits of any script as letters and digits, not symbols", () => {
    expect(passwordScore("Ünïcode")).toBe(2);
    expect(passwordScore("ab cd")).toBe(2);
  });

  it("labels scores up to 1 Weak, 2 Fair, 3 Good, 4 and 5 Strong", () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual(["Weak", "Weak", "Fair", "Good", "Strong", "Strong"]);
  });

  it("asks for three of the five requirements", () => {
    expect(isStrongEnough("abcdefg1")).toBe(true);
    expect(isStrongEnough("Abc1")).toBe(true);
    expect(isStrongEnough("abcdefgh")).toBe(false);
    expect(isStrongEnough("ABC123")).toBe(false);
  });
});

describe("measurePassword", () => {
  it("names the requirements met and the label", () => {
    expect(measurePassword("abc1")).toEqual({ label: "Fair", met: ["lowercase", "digit"] });
    expect(measurePassword("")).toEqual({ label: "Weak", met: [] });
  });
});

describe("passwordStrength", () => {
  it("reads a posted field, and nothing from an empty or missing one", () => {
    expect(passwordStrength("abc1")).toEqual(measurePassword("abc1"));
    expect([passwordStrength(""), passwordStrength(null), passwordStrength(undefined)]).toEqual([null, null, null]);
  });
});
