// The support chat's input rules (SPEC.md section 5 'Chat start'), one zod schema per form:
// the JSON API and the pages without JavaScript parse with the same schemas. Text is trimmed
// before it is checked; every field has a bound. Conform turns empty fields into undefined,
// a JSON client may send "" or null: all of them count as missing.
import { z } from "zod";
import { ANONYMOUS, CHAT_LIMITS, DEFAULT_ADMIN_NAME, EMAIL_INVALID, EMAIL_REQUIRED, MESSAGE_REQUIRED } from "./chat";
import { isEmail } from "./contact-details";

function text(message: string) {
  return z.string({ required_error: message, invalid_type_error: message });
}

/** Optional text: blank becomes `fallback`. */
function optionalText(label: string, max: number, fallback: string) {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || fallback);
}

const MessageText = text(MESSAGE_REQUIRED)
  .trim()
  .min(1, MESSAGE_REQUIRED)
  .max(CHAT_LIMITS.message, `Message must be at most ${CHAT_LIMITS.message} characters`);

export const ChatStartSchema = z.object({
  email: text(EMAIL_REQUIRED)
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: EMAIL_REQUIRED });
      else if (!isEmail(value) || value.length > CHAT_LIMITS.email) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: EMAIL_INVALID });
      }
    }),
  name: optionalText("Name", CHAT_LIMITS.name, ANONYMOUS),
});

export const ChatMessageSchema = z.object({ message: MessageText });

export const ChatReplySchema = z.object({
  message: MessageText,
  adminName: optionalText("Admin name", CHAT_LIMITS.adminName, DEFAULT_ADMIN_NAME),
});

export type ChatStart = z.infer<typeof ChatStartSchema>;
export type ChatReply = z.infer<typeof ChatReplySchema>;
