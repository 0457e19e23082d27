// Mail headers: a subject and an address are one line each. A CR or LF inside one ends the
// header and starts another once a provider writes the message out (header injection: a
// company name "Acme\r\nBcc: everyone@..." adds a recipient). Every header value of every
// mail passes through `mailHeader` when the mail is composed (notifications.ts) and again
// when it leaves the outbox (outbox.ts), whatever the caller passed and whatever is stored.
//
// It strips rather than throws: mail is composed inside the batch of the change that causes
// it, and a throw would fail the user's action (or an admin's) over a value they may not even
// see, such as a company name written into D1 by hand. Folding the line breaks to a space
// keeps the subject readable and makes the injection inert.

/** Control characters (C0 with CR, LF and tab, DEL, C1 with NEL) and Unicode's line and paragraph separators. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;

/** `value` as one header line: every run of line breaks or control characters becomes one space. */
export function mailHeader(value: string): string {
  return value.replace(BREAKS_AND_CONTROLS, " ").replace(/ {2,}/g, " ").trim();
}

/** A mail with its headers made safe: `to` and `subject` are headers, the body is not. */
export function withSafeHeaders<T extends { to: string; subject: string }>(mail: T): T {
  return { ...mail, to: mailHeader(mail.to), subject: mailHeader(mail.subject) };
}
