// Forgotten passwords: a single-use link that expires, sent through the outbox (an account link
// of purpose "password", account-links.server.ts). Only the token's SHA-256 is stored, so the
// table alone opens no account.
import { and, eq, exists } from "drizzle-orm";
import { passwordResetTokens, users } from "../../../drizzle/schema";
import type { ServiceContext } from "~/load-context";
import { findAccountByEmail, type Account } from "./account-records.server";
import { accountLinkUrl, findLinkAccount, newAccountLink, revokeAccountLinksQuery, usableLink } from "./account-links.server";
import { limitAction } from "~/.server/rate-limit";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { recordEvents } from "~/.server/events";
import type { Done, Refused } from "~/.server/outcome";
import { hashPassword } from "./password.server";
import { endSessionsQuery, hashToken } from "./session.server";

export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

export function resetLink(origin: string, token: string): string {
  return accountLinkUrl(origin, "password", token);
}

/**
 * A new one-time link for the account to choose a password with (a reset, or an invited
 * admin's first password): the link for the mail, and the insert to put in the batch that
 * records its event.
 */
export function passwordLink(db: Db, { origin, userId, lifetimeMs, now }: { origin: string; userId: string; lifetimeMs: number; now: number }) {
  return newAccountLink(db, { origin, purpose: "password", userId, lifetimeMs, now });
}

/** Stores a new token for the account and queues the mail carrying its link, in one batch. */
export async function sendPasswordReset(
  context: ServiceContext,
  account: Pick<Account, "id" | "email" | "firstName"> & { language?: Account["language"] },
  now = Date.now(),
): Promise<void> {
  const { db } = context;
  const { link, insert } = await passwordLink(db, { origin: context.origin, userId: account.id, lifetimeMs: RESET_LINK_LIFETIME_MS, now });
  await commit(context, [
    insert,
    recordEvents(
      context,
      { userId: account.id, email: account.email, label: "customer" },
      [
        {
          type: "password.reset_requested",
          entityId: account.id,
          data: { email: account.email, firstName: account.firstName },
          link,
          language: account.language ?? undefined,
        },
      ],
      now,
    ),
  ]);
}

/**
 * 'Forgot password': a link for the account that uses `email` (already normalised), if it is an
 * active one. The answer is the same whether or not there is such an account.
 */
export async function requestPasswordReset(
  context: ServiceContext,
  { email, clientAddress }: { email: string; clientAddress: string },
): Promise<Done | Refused> {
  const limited = await limitAction(context, { action: "password-reset", clientAddress, account: email });
  if (limited) return limited;
  const account = await findAccountByEmail(context.db, email);
  if (account?.status === "active") await sendPasswordReset(context, account);
  return { ok: true, message: "Password reset email sent!" };
}

/** The active account a reset link belongs to, while the link is unused and unexpired. */
export function findResetAccount(db: Db, token: string, now = Date.now()) {
  return findLinkAccount(db, "password", token, now);
}

/**
 * Sets the new password and uses up the link (and any other open link of the account), ending
 * every session, in one batch. The password only changes while the link is still usable, so
 * two submissions of the same link cannot both succeed. Returns the account, or null.
 */
export async function resetPassword(context: ServiceContext, token: string, password: string, now = Date.now()) {
  const { db } = context;
  const account = await findResetAccount(db, token, now);
  if (!account) return null;
  const tokenHash = await hashToken(token);
  const [updated] = await commit(context, [
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: now })
      .where(
        and(
          eq(users.id, account.id),
          exists(db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(usableLink("password", tokenHash, now))),
        ),
      ),
    revokeAccountLinksQuery(db, account.id, now),
    endSessionsQuery(db, account.id),
    recordEvents(context, { userId: account.id, email: account.email, label: "customer" }, [
      { type: "account.password_reset", entityId: account.id, data: {} },
    ], now),
  ]);
  return updated.meta.changes > 0 ? account : null;
}
