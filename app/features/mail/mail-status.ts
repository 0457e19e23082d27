// A mail's states in the outbox, as the admins' mailbox names and explains them (catalog keys of
// `admin`, translated where they are shown).
import { tk } from "~/features/languages/languages";

export const MAIL_STATUSES = ["pending", "sent", "failed", "dead", "suppressed"] as const;

export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: tk("Pending"),
  sent: tk("Sent"),
  failed: tk("Failed"),
  dead: tk("Dead"),
  suppressed: tk("Suppressed"),
};

/** What each state means, for the mailbox's legend. */
export const MAIL_STATUS_MEANINGS: Record<MailStatus, string> = {
  pending: tk("written, not sent yet"),
  sent: tk("the provider took it"),
  failed: tk("the last attempt failed; the queue tries again"),
  dead: tk("every attempt failed, or the provider refused it: it waits for a retry"),
  suppressed: tk("not sent: the address unsubscribed from such mail"),
};

/** The mail an admin may hand to the queue again. */
export const RETRIABLE: readonly MailStatus[] = ["failed", "dead"];
