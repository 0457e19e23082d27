// An account's one-time links: a random token mailed in a link, of which only the SHA-256 is
// stored, that works once and until it expires. "password" links choose a password (a reset,
// an invited admin's first one: password-reset.ts); "sign-in" links sign in while the account's
// password sign-ins are on hold (sign-in-links.server.ts). Any change of password uses up every open
// link of the account, whatever its purpose.
import { and, eq, exists, gt, isNull } from "drizzle-orm";
import { passwordResetTokens, users } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { hashToken, randomToken } from "./session.server";

export type LinkPurpose = (typeof passwordResetTokens.$inferSelect)["purpose"];

/** Where each purpose's link leads: the token travels in `token`, which the mailbox hides. */
const LINK_PATHS: Record<LinkPurpose, string> = {
  password: "/auth/reset-password",
  "sign-in": "/auth/sign-in-link",
};

export function accountLinkUrl(origin: string, purpose: LinkPurpose, token: string): string {
  return `${origin}${LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`;
}

/**
 * A new one-time link for the account: the link for the mail, and the insert to put in the
 * batch that records its event.
 */
export async function newAccountLink(
  db: Db,
  { origin, purpose, userId, lifetimeMs, now }: { origin: string; purpose: LinkPurpose; userId: string; lifetimeMs: number; now: number },
) {
  const token = randomToken();
  const insert = db.insert(passwordResetTokens).values({ tokenHash: await hashToken(token), userId, purpose, expiresAt: now + lifetimeMs, createdAt: now });
  return { link: accountLinkUrl(origin, purpose, token), insert };
}

/** The link is of `purpose`, unused and unexpired. */
export function usableLink(purpose: LinkPurpose, tokenHash: string, now: number) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    eq(passwordResetTokens.purpose, purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** Tokens are random and short; anything longer was never one of ours. */
const MAX_TOKEN_LENGTH = 100;

/** The active account a usable link of `purpose` belongs to. Reads only. */
export async function findLinkAccount(db: Db, purpose: LinkPurpose, token: string, now = Date.now()) {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(usableLink(purpose, await hashToken(token), now), eq(users.status, "active")))
    .get();
}

/**
 * Uses up a usable link of `purpose` of an active account, in one statement, so that two
 * requests with the same link cannot both pass: the id of the account it belonged to, or null.
 */
export async function useAccountLink(db: Db, purpose: LinkPurpose, token: string, now = Date.now()): Promise<string | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        usableLink(purpose, await hashToken(token), now),
        exists(db.select({ id: users.id }).from(users).where(and(eq(users.id, passwordResetTokens.userId), eq(users.status, "active")))),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return used?.userId ?? null;
}

/**
 * The update that uses up every open link of an account, of every purpose. Put it in the batch
 * of any change of password: a link mailed before the change must not set another password or
 * sign anyone in afterwards.
 */
export function revokeAccountLinksQuery(db: Db, userId: string, now: number) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
