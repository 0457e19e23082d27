// One-time sign-in links: the way in for an owner whose password sign-ins are on hold from new
// devices because someone else has been guessing (docs/decisions/078-sign-in-lanes.md).
// The sign-in page offers one when it answers 429; the link is mailed through the events and
// the outbox, works once within SIGN_IN_LINK_MINUTES, and any change of password revokes it.
// Asking is bounded per client and per typed address, and the answer never says whether an
// account uses the address. Following the link signs in (sign-in.server.ts: signInWithLink).
import type { ServiceContext } from "~/load-context";
import { SIGN_IN_LINK_MINUTES, SIGN_IN_LINK_SENT } from "./one-time-links";
import { findAccountByEmail } from "./account-records.server";
import { newAccountLink } from "./account-links.server";
import { commit } from "~/.server/dispatch";
import { recordEvents } from "~/.server/events";
import type { Done, Refused } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";

export const SIGN_IN_LINK_LIFETIME_MS = SIGN_IN_LINK_MINUTES * 60_000;

/**
 * A sign-in link for the active account that uses `email` (already normalised), if there is
 * one: its token and the event whose mail carries it, in one batch. The same answer otherwise.
 */
export async function requestSignInLink(
  context: ServiceContext,
  { email, clientAddress, now = Date.now() }: { email: string; clientAddress: string; now?: number },
): Promise<Done | Refused> {
  const limited = await limitAction(context, { action: "sign-in-link", clientAddress, account: email });
  if (limited) return limited;
  const account = await findAccountByEmail(context.db, email);
  if (account?.status === "active") {
    const { db } = context;
    const { link, insert } = await newAccountLink(db, {
      origin: context.origin,
      purpose: "sign-in",
      userId: account.id,
      lifetimeMs: SIGN_IN_LINK_LIFETIME_MS,
      now,
    });
    await commit(context, [
      insert,
      recordEvents(
        context,
        { userId: account.id, email: account.email, label: account.role === "admin" ? "admin" : "customer" },
        [{ type: "account.sign_in_link_requested", entityId: account.id, data: { email: account.email, firstName: account.firstName }, link, language: account.language ?? undefined }],
        now,
      ),
    ]);
  }
  return { ok: true, message: SIGN_IN_LINK_SENT };
}
