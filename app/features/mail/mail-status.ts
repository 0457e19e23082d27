// A mail's states in the outbox, as the admins' mailbox names and explains them.
export const MAIL_STATUSES = ["pending", "sent", "failed", "dead", "suppressed"] as const;

export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  dead: "Dead",
  suppressed: "Suppressed",
};

/** What each state means, for the mailbox's legend. */
export const MAIL_STATUS_MEANINGS: Record<MailStatus, string> = {
  pending: "written, not sent yet",
  sent: "the provider took it",
  failed: "the last attempt failed; the queue tries again",
  dead: "every attempt failed, or the provider refused it: it waits for a retry",
  suppressed: "not sent: the address unsubscribed from such mail",
};

/** The mail an admin may hand to the queue again. */
export const RETRIABLE: readonly MailStatus[] = ["failed", "dead"];
