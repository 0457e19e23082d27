// The contact form's rules (name, email, subject and message required; the
// type of inquiry defaults to general) and the admin's reply, with bounds on every text field.
// One schema for the server (the authority) and Conform in the browser.
import { z } from "zod";
import { EmailSchema } from "~/features/accounts/account-forms";
import { MAX_LENGTH } from "~/domain/field-limits";
import { requiredText } from "~/domain/form-fields";
import { tk } from "~/features/languages/languages";

export const CONTACT_TYPES = ["general", "shipping", "tracking", "billing", "technical", "partnership"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  general: tk("General inquiry"),
  shipping: tk("Shipping"),
  tracking: tk("Tracking"),
  billing: tk("Billing"),
  technical: tk("Technical support"),
  partnership: tk("Partnership"),
};

export const CONTACT_LIMITS = { name: MAX_LENGTH.name, subject: MAX_LENGTH.subject, message: MAX_LENGTH.message, reply: MAX_LENGTH.message } as const;

export function contactTypeLabel(value: string): string {
  return CONTACT_TYPE_LABELS[value as ContactType] ?? value;
}

/**
 * Trimmed text between 1 and `max` characters without control characters (field-limits.ts);
 * `oneLine` first makes runs of white space, tabs and line breaks included, one space (names,
 * subjects).
 */
function boundedText(label: string, max: number, { oneLine }: { oneLine: boolean }) {
  const text = requiredText(label, max, `${label} is required`, { multiline: !oneLine });
  if (!oneLine) return text;
  return z
    .string({ required_error: `${label} is required` })
    .transform((value) => value.replace(/\s+/g, " "))
    .pipe(text);
}

export const ContactSchema = z.object({
  name: boundedText("Name", CONTACT_LIMITS.name, { oneLine: true }),
  email: EmailSchema,
  type: z.enum(CONTACT_TYPES, { errorMap: () => ({ message: "Please choose a type of inquiry from the list" }) }).default("general"),
  subject: boundedText("Subject", CONTACT_LIMITS.subject, { oneLine: true }),
  message: boundedText("Message", CONTACT_LIMITS.message, { oneLine: false }),
});

export type ContactInput = z.infer<typeof ContactSchema>;

export const ContactReplySchema = z.object({
  intent: z.literal("reply"),
  reply: boundedText("Reply", CONTACT_LIMITS.reply, { oneLine: false }),
});
