import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  NewsletterSchema,
  PasswordChangeSchema,
  ProfileActionSchema,
  ProfileDetailsSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  SignInActionSchema,
  SignInSchema,
} from "./account-forms";

// Parsed as Conform parses a submitted form: empty fields arrive as undefined, "on" as true.
function submit<Schema extends z.ZodTypeAny>(schema: Schema, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema });
}

function errorsOf(submission: ReturnType<typeof submit>) {
  return submission.status === "success" ? {} : submission.error;
}

const VALID_REGISTRATION = {
  firstName: "  Ada ",
  lastName: " Lovelace",
  email: "  Ada@Example.COM ",
  phone: " +44 20 7946 0958 ",
  password: "Engine42",
  confirmPassword: "Engine42",
  terms: "on",
};

describe("sign-in form", () => {
  it("asks for both fields with the product's words", () => {
    expect(errorsOf(submit(SignInSchema, { email: "", password: "" }))).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  it("checks the e-mail's shape and the password's length", () => {
    expect(errorsOf(submit(SignInSchema, { email: "ada@example", password: "12345" }))).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
    });
  });

  it("trims and lower-cases the e-mail and reads the remember-me box", () => {
    const submission = submit(SignInSchema, { email: " Ada@Example.com ", password: "secret1", remember: "on" });
    expect(submission.status === "success" && submission.value).toEqual({
      email: "ada@example.com",
      password: "secret1",
      remember: true,
    });
  });
});

describe("registration form", () => {
  it("trims every field, lower-cases the e-mail and keeps the password as typed", () => {
    const submission = submit(RegistrationSchema, VALID_REGISTRATION);
    expect(submission.status === "success" && submission.value).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0958",
      password: "Engine42",
      confirmPassword: "Engine42",
      terms: true,
    });
  });

  it("reports every missing field at once", () => {
    expect(errorsOf(submit(RegistrationSchema, {}))).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      phone: ["Phone number is required"],
      password: ["Password is required"],
      confirmPassword: ["Please confirm your password"],
      terms: ["You must agree to the terms and conditions"],
    });
  });

  it("counts names after trimming and checks the phone number", () => {
    const errors = errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, firstName: "   ", lastName: " A ", phone: "0123" }));
    expect(errors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name must be at least 2 characters"],
      phone: ["Please enter a valid phone number"],
    });
  });

  it("needs three of the five password requirements", () => {
    const weak = errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, password: "abcdefgh", confirmPassword: "abcdefgh" }));
    expect(weak).toEqual({ password: ["Password is too weak. Please meet at least 3 requirements."] });
    expect(submit(RegistrationSchema, { ...VALID_REGISTRATION, password: "abcdefg1", confirmPassword: "abcdefg1" }).status).toBe("success");
  });

  it("wants the confirmation to match and the terms accepted", () => {
    const { terms: _terms, ...withoutTerms } = VALID_REGISTRATION;
    expect(errorsOf(submit(RegistrationSchema, withoutTerms))).toEqual({ terms: ["You must agree to the terms and conditions"] });
    expect(errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, confirmPassword: "Engine43" }))).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("lists every error in one answer, the mismatched confirmation among them while the terms box is unticked", () => {
    const { terms: _terms, ...unticked } = VALID_REGISTRATION;
    const errors = errorsOf(submit(RegistrationSchema, { ...unticked, firstName: "A", phone: "0123", confirmPassword: "Engine43" }));
    expect(errors).toEqual({
      firstName: ["First name must be at least 2 characters"],
      phone: ["Please enter a valid phone number"],
      confirmPassword: ["Passwords do not match"],
      terms: ["You must agree to the terms and conditions"],
    });
    // With nothing else filled in either, the mismatch is still named beside the missing fields.
    expect(errorsOf(submit(RegistrationSchema, { password: "Engine42", confirmPassword: "Engine43" }))).toMatchObject({
      firstName: ["First name is required"],
      confirmPassword: ["Passwords do not match"],
      terms: ["You must agree to the terms and conditions"],
    });
  });
});

describe("sign-in pages' forms", () => {
  it("take a submission without a button as the sign-in form's, and tell the demo button apart", () => {
    const typed = submit(SignInActionSchema, { email: "Ada@Example.com", password: "secret1" });
    expect(typed.status === "success" && typed.value).toMatchObject({ intent: "sign-in", email: "ada@example.com" });
    const demo = submit(SignInActionSchema, { intent: "demo", redirectTo: "/admin/users" });
    expect(demo.status === "success" && demo.value).toEqual({ intent: "demo", redirectTo: "/admin/users" });
    expect(errorsOf(submit(SignInActionSchema, { intent: "sign-in", email: "" }))).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });
});

describe("newsletter form", () => {
  it("normalises the address and names a bad or missing one", () => {
    const submission = submit(NewsletterSchema, { email: "  Reader@Example.com " });
    expect(submission.status === "success" && submission.value.email).toBe("reader@example.com");
    // An empty submit is a missing address (the required-field wording), not an invalid one.
    for (const email of ["", "   "]) expect(errorsOf(submit(NewsletterSchema, { email }))).toEqual({ email: ["Email is required"] });
    expect(errorsOf(submit(NewsletterSchema, { email: "not-an-address" }))).toEqual({ email: ["Please enter a valid email address"] });
  });
});

describe("password reset form", () => {
  it("uses the registration rules", () => {
    expect(errorsOf(submit(ResetPasswordSchema, { token: "t", password: "short", confirmPassword: "other" }))).toEqual({
      password: ["Password is too weak. Please meet at least 3 requirements."],
      confirmPassword: ["Passwords do not match"],
    });
    expect(submit(ResetPasswordSchema, { token: "t", password: "Engine42", confirmPassword: "Engine42" }).status).toBe("success");
  });
});

describe("profile forms", () => {
  it("needs a name; e-mail is not part of the form", () => {
    const submission = submit(ProfileDetailsSchema, { intent: "profile", firstName: " ", lastName: "Lee", email: "new@example.com" });
    expect(errorsOf(submission)).toEqual({ firstName: ["Name is required"] });
    const saved = submit(ProfileDetailsSchema, { intent: "profile", firstName: "Jo", lastName: "Lee", email: "new@example.com" });
    expect(saved.status === "success" && saved.value).toEqual({ intent: "profile", firstName: "Jo", lastName: "Lee" });
  });

  it("checks a new password's length, strength and confirmation", () => {
    const base = { intent: "password", currentPassword: "Demo123!" };
    expect(errorsOf(submit(PasswordChangeSchema, { ...base, newPassword: "Ab1", confirmNewPassword: "Ab1" }))).toEqual({
      newPassword: ["Password must be at least 6 characters"],
    });
    expect(errorsOf(submit(PasswordChangeSchema, { ...base, newPassword: "abcdefgh", confirmNewPassword: "abcdefgh" }))).toEqual({
      newPassword: ["Password is too weak. Please meet at least 3 requirements."],
    });
    expect(errorsOf(submit(PasswordChangeSchema, { ...base, newPassword: "Abcdef1", confirmNewPassword: "Abcdef2" }))).toEqual({
      confirmNewPassword: ["New passwords do not match"],
    });
    expect(errorsOf(submit(PasswordChangeSchema, { intent: "password", newPassword: "Abcdef1", confirmNewPassword: "Abcdef1" }))).toEqual({
      currentPassword: ["Current password is required"],
    });
    expect(errorsOf(submit(PasswordChangeSchema, { intent: "password", newPassword: "Abcdef1", confirmNewPassword: "Abcdef2" }))).toEqual({
      currentPassword: ["Current password is required"],
      confirmNewPassword: ["New passwords do not match"],
    });
  });

  it("are told apart by their intent on the server, each with its own rules", () => {
    expect(errorsOf(submit(ProfileActionSchema, { intent: "password", newPassword: "Abcdef1", confirmNewPassword: "Abcdef2" }))).toEqual({
      currentPassword: ["Current password is required"],
      confirmNewPassword: ["New passwords do not match"],
    });
    // Another form's fields that happen to differ are not its concern.
    const profile = submit(ProfileActionSchema, { intent: "profile", firstName: "Jo", lastName: "Lee", newPassword: "a", confirmNewPassword: "b" });
    expect(profile.status === "success" && profile.value).toEqual({ intent: "profile", firstName: "Jo", lastName: "Lee" });
    const notifications = submit(ProfileActionSchema, { intent: "notifications", smsNotifications: "on" });
    expect(notifications.status === "success" && notifications.value).toEqual({ intent: "notifications", smsNotifications: true });
    expect(submit(ProfileActionSchema, { intent: "teleport" }).status).toBe("error");
  });
});

describe("bounded account fields", () => {
  const tooLong = "Aa1!".repeat(32) + "x"; // 129 characters, strong enough
  const TOO_LONG = ["Password must be at most 128 characters"];

  it("refuse passwords over 128 characters on sign-in, registration, reset and change, so none is ever hashed", () => {
    expect(errorsOf(submit(SignInSchema, { email: "ada@example.com", password: tooLong }))).toEqual({ password: TOO_LONG });
    expect(errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, password: tooLong, confirmPassword: tooLong }))).toEqual({
      password: TOO_LONG,
      confirmPassword: TOO_LONG,
    });
    expect(errorsOf(submit(ResetPasswordSchema, { token: "t", password: tooLong, confirmPassword: tooLong }))).toMatchObject({ password: TOO_LONG });
    expect(
      errorsOf(submit(PasswordChangeSchema, { intent: "password", currentPassword: tooLong, newPassword: tooLong, confirmNewPassword: tooLong })),
    ).toEqual({ currentPassword: TOO_LONG, newPassword: TOO_LONG, confirmNewPassword: TOO_LONG });
    const longest = "Aa1!".repeat(32);
    expect(submit(RegistrationSchema, { ...VALID_REGISTRATION, password: longest, confirmPassword: longest }).status).toBe("success");
  });

  it("cap names, phone and address lines", () => {
    expect(errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, firstName: "A".repeat(101), phone: `+1 ${"5".repeat(40)}` }))).toEqual({
      firstName: ["First name must be at most 100 characters"],
      phone: ["Phone number must be at most 32 characters", "Please enter a valid phone number"],
    });
    const profile = { intent: "profile", firstName: "Jo", lastName: "Lee" };
    expect(
      errorsOf(submit(ProfileDetailsSchema, { ...profile, address: "a".repeat(201), city: "c".repeat(101), postalCode: "1".repeat(21), country: "X".repeat(40) })),
    ).toEqual({
      address: ["Address must be at most 200 characters"],
      city: ["City must be at most 100 characters"],
      postalCode: ["Postal code must be at most 20 characters"],
      country: ["Please choose a country from the list"],
    });
  });

  it("refuse control characters in text", () => {
    expect(errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, firstName: "Ada\u0000", lastName: "Love\tlace" }))).toEqual({
      firstName: ["First name must be one line, without tabs or control characters"],
      lastName: ["Last name must be one line, without tabs or control characters"],
    });
    expect(errorsOf(submit(ProfileDetailsSchema, { intent: "profile", firstName: "Jo", lastName: "Lee", city: "Ber\u001blin" }))).toEqual({
      city: ["City must be one line, without tabs or control characters"],
    });
  });

  it("check every e-mail address with the one shared rule, markup refused", () => {
    const markup = "<script>alert(1)</script>@example.com";
    const invalid = ["Please enter a valid email address"];
    expect(errorsOf(submit(SignInSchema, { email: markup, password: "secret1" }))).toEqual({ email: invalid });
    expect(errorsOf(submit(RegistrationSchema, { ...VALID_REGISTRATION, email: '"ada"@example.com' }))).toEqual({ email: invalid });
    expect(errorsOf(submit(NewsletterSchema, { email: "ada@exa<b>mple.com" }))).toEqual({ email: invalid });
    expect(errorsOf(submit(NewsletterSchema, { email: `${"a".repeat(250)}@example.com` }))).toEqual({ email: ["Please enter a valid email address"] });
  });

  it("bound the hidden fields too", () => {
    const longWay = submit(SignInSchema, { email: "ada@example.com", password: "secret1", redirectTo: `/${"a".repeat(600)}` });
    expect(longWay.status === "success" && longWay.value.redirectTo).toBeUndefined();
    expect(errorsOf(submit(ResetPasswordSchema, { token: "t".repeat(129), password: "Engine42", confirmPassword: "Engine42" }))).toEqual({
      token: ["This reset link is invalid or has expired"],
    });
  });
});
