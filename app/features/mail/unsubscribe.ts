// The unsubscribe page's words (app/routes/_site.unsubscribe.$token.tsx), shared with its service.
export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Use the link in your most recent e-mail from us.";

/** What unsubscribing leaves: the mail a person asks for. */
export const MAIL_STILL_SENT = "Mail you ask for (password resets, sign-in links, answers to your messages) still arrives.";
