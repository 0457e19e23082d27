// The account forms' rules (SPEC.md section 5), one zod schema per form, used by the server
// (the authority) and by Conform in the browser. Conform turns empty fields into undefined,
// so "required" messages are zod's required_error; text is trimmed before it is checked.
import { z } from "zod";
import { isEmail, isPhone } from "./contact-details";
import { confirmationMatches, forIntent, withCrossFieldRules, withDefaultIntent } from "./form-rules";
import { isStrongEnough } from "./password-strength";

export const MIN_PASSWORD_LENGTH = 6;
const MIN_NAME_LENGTH = 2;
const MAX_TEXT_LENGTH = 100;

/** Trimmed text; whitespace alone counts as missing. */
function requiredText(required: string, check?: (value: string) => string | null) {
  return z
    .string({ required_error: required })
    .trim()
    .superRefine((value, ctx) => {
      const problem = value === "" ? required : check?.(value);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

function optionalText(label: string) {
  return z
    .string()
    .trim()
    .max(MAX_TEXT_LENGTH, `${label} must be at most ${MAX_TEXT_LENGTH} characters`)
    .optional();
}

function personName(label: "First name" | "Last name") {
  return requiredText(`${label} is required`, (value) => {
    if (value.length < MIN_NAME_LENGTH) return `${label} must be at least ${MIN_NAME_LENGTH} characters`;
    if (value.length > MAX_TEXT_LENGTH) return `${label} must be at most ${MAX_TEXT_LENGTH} characters`;
    return null;
  });
}

export const EmailSchema = z
  .string({ required_error: "Email is required" })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Email is required" });
    else if (!isEmail(value) || value.length > 254) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Please enter a valid email address" });
    }
  });

const phoneCheck = (value: string) => (isPhone(value) ? null : "Please enter a valid phone number");

/** A new password: SPEC.md's 3-of-5 rule (registration, reset, change). */
const NewPasswordSchema = z
  .string({ required_error: "Password is required" })
  .refine(isStrongEnough, "Password is too weak. Please meet at least 3 requirements.");

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ required_error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

/** A sign-in page's two forms: the e-mail and password, and the demo account's button. */
export const SignInActionSchema = withDefaultIntent(
  "sign-in",
  z.discriminatedUnion("intent", [
    SignInSchema.extend({ intent: z.literal("sign-in") }),
    z.object({ intent: z.literal("demo"), redirectTo: z.string().optional() }),
  ]),
);

const TERMS_MESSAGE = "You must agree to the terms and conditions";

const passwordsMatch = confirmationMatches("password", "confirmPassword", "Passwords do not match");

export const RegistrationSchema = withCrossFieldRules(
  z.object({
    firstName: personName("First name"),
    lastName: personName("Last name"),
    email: EmailSchema,
    phone: requiredText("Phone number is required", phoneCheck),
    password: NewPasswordSchema,
    confirmPassword: z.string({ required_error: "Please confirm your password" }),
    terms: z.boolean({ required_error: TERMS_MESSAGE }).refine((accepted) => accepted, TERMS_MESSAGE),
  }),
  passwordsMatch,
);

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const NewsletterSchema = z.object({
  email: z
    .string({ required_error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .refine((value) => isEmail(value) && value.length <= 254, "Please enter a valid email address"),
  redirectTo: z.string().optional(),
});

export const ResetPasswordSchema = withCrossFieldRules(
  z.object({
    token: z.string({ required_error: "This reset link is invalid or has expired" }),
    password: NewPasswordSchema,
    confirmPassword: z.string({ required_error: "Please confirm your password" }),
  }),
  passwordsMatch,
);

export const ProfileDetailsSchema = z.object({
  intent: z.literal("profile"),
  firstName: requiredText("Name is required", (value) => (value.length > MAX_TEXT_LENGTH ? `Name must be at most ${MAX_TEXT_LENGTH} characters` : null)),
  lastName: requiredText("Name is required", (value) => (value.length > MAX_TEXT_LENGTH ? `Name must be at most ${MAX_TEXT_LENGTH} characters` : null)),
  phone: z.string().trim().refine(isPhone, "Please enter a valid phone number").optional(),
  address: optionalText("Address"),
  city: optionalText("City"),
  country: z.string().trim().optional(),
  postalCode: optionalText("Postal code"),
});

/** Changing a password: SPEC.md's profile rules (6+ characters, matching) plus registration's strength rule. */
const PasswordChangeFields = z.object({
    intent: z.literal("password"),
    currentPassword: z.string({ required_error: "Current password is required" }),
    newPassword: z
      .string({ required_error: "New password is required" })
      .superRefine((value, ctx) => {
        if (value.length < MIN_PASSWORD_LENGTH) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` });
        } else if (!isStrongEnough(value)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Password is too weak. Please meet at least 3 requirements." });
        }
      }),
    confirmNewPassword: z.string({ required_error: "Please confirm your new password" }),
});

const newPasswordsMatch = confirmationMatches("newPassword", "confirmNewPassword", "New passwords do not match");

export const PasswordChangeSchema = withCrossFieldRules(PasswordChangeFields, newPasswordsMatch);

export const NotificationPreferencesSchema = z.object({
  intent: z.literal("notifications"),
  emailNotifications: z.boolean().optional(),
  smsNotifications: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  marketingEmails: z.boolean().optional(),
});

export const DeletionRequestSchema = z.object({ intent: z.literal("request-deletion") });

/** The profile page's four forms, told apart by their button's intent. */
export const ProfileActionSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [ProfileDetailsSchema, PasswordChangeFields, NotificationPreferencesSchema, DeletionRequestSchema]),
  forIntent("password", newPasswordsMatch),
);
