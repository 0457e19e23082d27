// The support chat's input rules (starting a chat, a message, an admin's reply), one zod schema per form:
// the JSON API and the pages without JavaScript parse with the same schemas. Text is trimmed
// before it is checked; every field has a bound. Conform turns empty fields into undefined,
// a JSON client may send "" or null: all of them count as missing.
import { z } from "zod";
import { ANONYMOUS, CHAT_LIMITS, DEFAULT_ADMIN_NAME, EMAIL_REQUIRED, MESSAGE_REQUIRED } from "./chat";
import { controlCharactersMessage, hasControlCharacters, tooLongMessage } from "~/domain/field-limits";
import { emailAddress, requiredText } from "~/domain/form-fields";

/** Optional one-line text, bounded and free of control characters: blank becomes `fallback`. */
function optionalText(label: string, max: number, fallback: string) {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine((value) => !hasControlCharacters(value), controlCharactersMessage(label))
    .nullish()
    .transform((value) => value || fallback);
}

const MessageText = requiredText("Message", CHAT_LIMITS.message, MESSAGE_REQUIRED, { multiline: true });

export const ChatStartSchema = z.object({
  // The one e-mail rule of every form.
  email: emailAddress(EMAIL_REQUIRED),
  name: optionalText("Name", CHAT_LIMITS.name, ANONYMOUS),
});

export const ChatMessageSchema = z.object({ message: MessageText });

export const ChatReplySchema = z.object({
  message: MessageText,
  adminName: optionalText("Admin name", CHAT_LIMITS.adminName, DEFAULT_ADMIN_NAME),
});

export type ChatStart = z.infer<typeof ChatStartSchema>;
export type ChatReply = z.infer<typeof ChatReplySchema>;
