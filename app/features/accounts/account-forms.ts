// The account forms' rules (docs/product.md), one zod schema per form, used by the server
// (the authority) and by Conform in the browser. Conform turns empty fields into undefined,
// so "required" messages are zod's required_error; text is trimmed before it is checked, and
// every field is bounded (app/domain/field-limits.ts).
import { z } from "zod";
import { isPhone } from "~/domain/contact-details";
import { MAX_LENGTH, tooLongMessage } from "~/domain/field-limits";
import { emailAddress, optionalText, RedirectToSchema, requiredText } from "~/domain/form-fields";
import { confirmationMatches, forIntent, withCrossFieldRules, withDefaultIntent } from "~/domain/form-rules";
import { LANGUAGES } from "~/features/languages/languages";
import { PLAN_CHOICES, type PlanChoice } from "~/features/pricing/pricing-plans";
import { INVALID_SIGN_IN_LINK } from "./one-time-links";
import { isStrongEnough } from "./password-strength";
import { ROLES } from "./roles";

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = MAX_LENGTH.password;
const MIN_NAME_LENGTH = 2;

const PASSWORD_TOO_LONG = tooLongMessage("Password", MAX_PASSWORD_LENGTH);
const PHONE_INVALID = "Please enter a valid phone number";

function personName(label: "First name" | "Last name") {
  return requiredText(label, MAX_LENGTH.name, `${label} is required`).refine(
    (value) => value === "" || value.length >= MIN_NAME_LENGTH,
    `${label} must be at least ${MIN_NAME_LENGTH} characters`,
  );
}

export const EmailSchema = emailAddress("Email is required");

/** A password as typed (never trimmed), at most MAX_PASSWORD_LENGTH characters: a longer one is never hashed. */
function password(required: string) {
  return z.string({ required_error: required }).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);
}

/** A new password meets 3 of the 5 strength requirements (registration, reset, change). */
const NewPasswordSchema = password("Password is required").refine(
  (value) => value.length > MAX_PASSWORD_LENGTH || isStrongEnough(value),
  "Password is too weak. Please meet at least 3 requirements.",
);

export const SignInSchema = z.object({
  email: EmailSchema,
  password: password("Password is required").min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  remember: z.boolean().optional(),
  redirectTo: RedirectToSchema,
});

/** A sign-in page's two forms: the e-mail and password, and the demo account's button. */
export const SignInActionSchema = withDefaultIntent(
  "sign-in",
  z.discriminatedUnion("intent", [
    SignInSchema.extend({ intent: z.literal("sign-in") }),
    z.object({ intent: z.literal("demo"), redirectTo: RedirectToSchema }),
  ]),
);

const TERMS_MESSAGE = "You must agree to the terms and conditions";

const passwordsMatch = confirmationMatches("password", "confirmPassword", "Passwords do not match");

export const RegistrationSchema = withCrossFieldRules(
  z.object({
    firstName: personName("First name"),
    lastName: personName("Last name"),
    email: EmailSchema,
    phone: requiredText("Phone number", MAX_LENGTH.phone, "Phone number is required").refine((value) => value === "" || isPhone(value), PHONE_INVALID),
    password: NewPasswordSchema,
    confirmPassword: password("Please confirm your password"),
    terms: z.boolean({ required_error: TERMS_MESSAGE }).refine((accepted) => accepted, TERMS_MESSAGE),
    // The plan chosen on /pricing, if any (none: pay per shipment).
    plan: z.enum(PLAN_CHOICES as [PlanChoice, ...PlanChoice[]], { errorMap: () => ({ message: "Please choose a plan from the list" }) }).optional(),
  }),
  passwordsMatch,
);

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/**
 * /auth/sign-in-link: "request" mails a one-time sign-in link to the typed address (offered
 * while password sign-ins are on hold); "use" is the link's button, which signs in.
 */
export const SignInLinkActionSchema = withDefaultIntent(
  "request",
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("request"), email: EmailSchema }),
    z.object({
      intent: z.literal("use"),
      token: z.string({ required_error: INVALID_SIGN_IN_LINK }).min(1, INVALID_SIGN_IN_LINK).max(MAX_LENGTH.token, INVALID_SIGN_IN_LINK),
    }),
  ]),
);

export const NewsletterSchema = z.object({
  // An empty box is a missing address, not an invalid one.
  email: emailAddress("Email is required"),
  redirectTo: RedirectToSchema,
});

export const ResetPasswordSchema = withCrossFieldRules(
  z.object({
    token: z
      .string({ required_error: "This reset link is invalid or has expired" })
      .max(MAX_LENGTH.token, "This reset link is invalid or has expired"),
    password: NewPasswordSchema,
    confirmPassword: password("Please confirm your password"),
  }),
  passwordsMatch,
);

export const ProfileDetailsSchema = z.object({
  intent: z.literal("profile"),
  firstName: requiredText("Name", MAX_LENGTH.name, "Name is required"),
  lastName: requiredText("Name", MAX_LENGTH.name, "Name is required"),
  phone: z.string().trim().max(MAX_LENGTH.phone, tooLongMessage("Phone number", MAX_LENGTH.phone)).refine(isPhone, PHONE_INVALID).optional(),
  address: optionalText("Address", MAX_LENGTH.address),
  city: optionalText("City", MAX_LENGTH.city),
  country: z.string().trim().max(MAX_LENGTH.code, "Please choose a country from the list").optional(),
  postalCode: optionalText("Postal code", MAX_LENGTH.postalCode),
});

/** Changing a password: 6+ characters, the confirmation matching, and registration's strength rule. */
const PasswordChangeFields = z.object({
    intent: z.literal("password"),
    currentPassword: password("Current password is required"),
    newPassword: password("New password is required").superRefine((value, ctx) => {
        if (value.length > MAX_PASSWORD_LENGTH) return;
        if (value.length < MIN_PASSWORD_LENGTH) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` });
        } else if (!isStrongEnough(value)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Password is too weak. Please meet at least 3 requirements." });
        }
      }),
    confirmNewPassword: password("Please confirm your new password"),
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

/** The language the person's pages and mail are in. */
export const LanguagePreferenceSchema = z.object({
  intent: z.literal("language"),
  language: z.enum(LANGUAGES, { errorMap: () => ({ message: "Please choose a language from the list" }) }),
});

/** The profile page's five forms, told apart by their button's intent. */
export const ProfileActionSchema = withCrossFieldRules(
  z.discriminatedUnion("intent", [ProfileDetailsSchema, PasswordChangeFields, NotificationPreferencesSchema, DeletionRequestSchema, LanguagePreferenceSchema]),
  forIntent("password", newPasswordsMatch),
);

const RoleSchema = z.enum(ROLES, { errorMap: () => ({ message: "Please choose a role from the list" }) });

/** An admin editing an account: name, phone (optional: admin-made accounts have none) and role. */
export const UserEditSchema = z.object({
  intent: z.literal("update"),
  firstName: personName("First name"),
  lastName: personName("Last name"),
  phone: z.string().trim().max(MAX_LENGTH.phone, "Please enter a valid phone number").refine(isPhone, "Please enter a valid phone number").optional(),
  role: RoleSchema,
});

/** A new admin or courier account: who, the address the invitation goes to, and their language (the inviting page's when not given). */
export const NewAdminSchema = z.object({
  firstName: personName("First name"),
  lastName: personName("Last name"),
  email: EmailSchema,
  language: z.enum(LANGUAGES, { errorMap: () => ({ message: "Please choose a language from the list" }) }).optional(),
});
