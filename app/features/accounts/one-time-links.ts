// One-time links (password reset, sign-in, newsletter confirmation) carry their token in the `token`
// query parameter; the links of a parcel's e-mail updates (confirm, unsubscribe) and the
// unsubscribe link of other non-essential mail carry theirs as the last part of the path
// (/tracking-updates/{token}, /unsubscribe/{token}). Whoever reads a copy of the mail other than
// its recipient (an admin in the mailbox) sees the link with the token hidden.

export const HIDDEN_TOKEN = "[hidden]";

/** How long a newsletter confirmation link works. */
export const NEWSLETTER_LINK_DAYS = 7;
/** How long the link an invited admin chooses a password with works. */
export const INVITATION_LINK_DAYS = 7;
/** How long a sign-in link (asked for while an account's password sign-ins are on hold) works. */
export const SIGN_IN_LINK_MINUTES = 15;
export const INVALID_SIGN_IN_LINK = "This sign-in link is invalid or has expired.";
/** The answer to asking for a sign-in link, the same whether or not an account uses the address. */
export const SIGN_IN_LINK_SENT = `If an account uses that address, we have sent it a sign-in link. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`;
export const INVALID_CONFIRMATION_LINK = "This confirmation link is invalid or has expired.";

const TOKEN_PARAMETER = /([?&]token=)[^&#\s]+/g;
// An unsubscribe token is two base64url parts joined by a dot; a dot after a token ends a sentence.
const TOKEN_PATH = /(\/(?:tracking-updates|unsubscribe)\/)[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)?/g;

/** `text` with the token of every one-time link in it hidden. */
export function hideOneTimeTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${HIDDEN_TOKEN}`).replace(TOKEN_PATH, `$1${HIDDEN_TOKEN}`);
}

export function hasHiddenToken(url: string): boolean {
  return url.includes(`token=${HIDDEN_TOKEN}`) || url.includes(`/tracking-updates/${HIDDEN_TOKEN}`) || url.includes(`/unsubscribe/${HIDDEN_TOKEN}`);
}
