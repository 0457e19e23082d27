// The contact form's rules (SPEC.md section 5: name, email, subject and message required; the
// type of inquiry defaults to general) and the admin's reply, with bounds on every text field.
// One schema for the server (the authority) and Conform in the browser.
import { z } from "zod";
import { EmailSchema } from "./account-forms";

export const CONTACT_TYPES = ["general", "shipping", "tracking", "billing", "technical", "partnership"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  general: "General inquiry",
  shipping: "Shipping",
  tracking: "Tracking",
  billing: "Billing",
  technical: "Technical support",
  partnership: "Partnership",
};

export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000, reply: 5000 } as const;

export function contactTypeLabel(value: string): string {
  return CONTACT_TYPE_LABELS[value as ContactType] ?? value;
}

/** Trimmed text between 1 and `max` characters; `oneLine` also makes runs of white space one space (names, subjects). */
function boundedText(label: string, max: number, { oneLine }: { oneLine: boolean }) {
  const required = `${label} is required`;
  return z
    .string({ required_error: required })
    .transform((value) => (oneLine ? value.replace(/\s+/g, " ") : value).trim())
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: required });
      else if (value.length > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be at most ${max.toLocaleString("en-US")} characters` });
    });
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
