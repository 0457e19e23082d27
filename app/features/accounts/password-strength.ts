// Password strength: five requirements, of which a new password must meet three.
// Letters and digits of every script count, so "Ü" is an uppercase letter, not a symbol.
// The labels are catalog keys (namespace accounts), translated where the meter shows them.
import { tk } from "~/features/languages/languages";

export type PasswordRequirement = { id: string; label: string; test: (password: string) => boolean };

export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  { id: "length", label: tk("At least 8 characters"), test: (password) => [...password].length >= 8 },
  { id: "uppercase", label: tk("An uppercase letter"), test: (password) => /\p{Lu}/u.test(password) },
  { id: "lowercase", label: tk("A lowercase letter"), test: (password) => /\p{Ll}/u.test(password) },
  { id: "digit", label: tk("A number"), test: (password) => /\p{Nd}/u.test(password) },
  { id: "special", label: tk("A special character"), test: (password) => /[^\p{L}\p{N}]/u.test(password) },
];

export const REQUIREMENTS_TO_MEET = 3;

export const STRENGTH_LABELS = ["Weak", "Fair", "Good", "Strong"] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/** How many of the five requirements the password meets. */
export function passwordScore(password: string): number {
  return measurePassword(password).met.length;
}

/** Up to 1 Weak, 2 Fair, 3 Good, 4-5 Strong. */
export function strengthLabel(score: number): StrengthLabel {
  if (score <= 1) return "Weak";
  if (score === 2) return "Fair";
  if (score === 3) return "Good";
  return "Strong";
}

export function isStrongEnough(password: string): boolean {
  return passwordScore(password) >= REQUIREMENTS_TO_MEET;
}

export type PasswordStrength = { label: StrengthLabel; met: string[] };

/** The label and the requirements met, for the strength meter. */
export function measurePassword(password: string): PasswordStrength {
  const met = PASSWORD_REQUIREMENTS.filter((requirement) => requirement.test(password)).map((requirement) => requirement.id);
  return { label: strengthLabel(met.length), met };
}

/** The meter's reading of a posted password field (never the password itself); null when empty. */
export function passwordStrength(value: unknown): PasswordStrength | null {
  return typeof value === "string" && value ? measurePassword(value) : null;
}
