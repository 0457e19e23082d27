// Newsletter sign-ups with double opt-in: the form stores the address as pending and mails a
// confirmation link; the address is subscribed (and welcomed) only once the link's page is
// confirmed with a button, a POST, so that mail scanners following links confirm nothing.
// One confirmation mail per address per day at most, and sign-ups are limited per client, so
// the form cannot be used to flood someone's inbox (docs/decisions/090-mailed-links-and-double-opt-in.md).
import { and, eq, gt, lt } from "drizzle-orm";
import { newsletterSubscribers } from "../../../drizzle/schema";
import { INVALID_CONFIRMATION_LINK, NEWSLETTER_LINK_DAYS } from "~/features/accounts/one-time-links";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { recordEvents } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { hitRateLimit, limitAction } from "~/.server/rate-limit";
import { hashToken, randomToken } from "~/features/accounts/session.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

const DAY_MS = 86_400_000;
const LINK_LIFETIME_MS = NEWSLETTER_LINK_DAYS * DAY_MS;

// The same thanks whatever happened: the answer does not tell who is subscribed or pending.
const THANKS = "Thanks for subscribing! Check your inbox for a confirmation.";

export function confirmationLink(origin: string, token: string): string {
  return `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * A sign-up for `email` (already normalised): a confirmation link is mailed unless the address
 * is confirmed already or had one today. Refused (429) when this client has signed up too often.
 */
export async function subscribeToNewsletter(
  context: ServiceContext,
  { email, clientAddress, language = DEFAULT_LANGUAGE, now = Date.now() }: { email: string; clientAddress: string; language?: Language; now?: number },
): Promise<Done | Refused> {
  const { db } = context;
  const limited = await limitAction(context, { action: "newsletter", clientAddress });
  if (limited) return limited;
  const known = await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
  if (known?.status === "confirmed") return { ok: true, message: THANKS };
  // Counted only for addresses that would get a mail: one confirmation per address per day.
  const daily = await hitRateLimit(db, { key: `newsletter:address:${email}`, limit: 1, windowMs: DAY_MS, now });
  if (!daily.allowed) return { ok: true, message: THANKS };
  const token = randomToken();
  // The newsletter's mail is written in the language of the page the address signed up on.
  const link = { tokenHash: await hashToken(token), tokenExpiresAt: now + LINK_LIFETIME_MS, language };
  await commit(context, [
    db
      .insert(newsletterSubscribers)
      .values({ email, status: "pending", ...link, createdAt: now })
      // A newer link replaces the one mailed before; a confirmed address stays as it is.
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: link, setWhere: eq(newsletterSubscribers.status, "pending") }),
    recordEvents(
      context,
      { userId: null, email, label: "visitor" },
      [{ type: "newsletter.confirmation_requested", entityId: email, data: { email }, link: confirmationLink(context.origin, token), language }],
      now,
    ),
  ]);
  return { ok: true, message: THANKS };
}

function pendingWithToken(tokenHash: string, now: number) {
  return and(
    eq(newsletterSubscribers.tokenHash, tokenHash),
    eq(newsletterSubscribers.status, "pending"),
    gt(newsletterSubscribers.tokenExpiresAt, now),
  );
}

/** Whether `token` is a confirmation link that still works (for the page that shows its button). */
export async function isConfirmationLinkValid(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!token) return false;
  const row = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(pendingWithToken(await hashToken(token), now)).get();
  return row !== undefined;
}

/** The confirmation button: the address is subscribed and welcomed; the link is used up. */
export async function confirmNewsletter(context: ServiceContext, { token, now = Date.now() }: { token: string; now?: number }): Promise<Done | Refused> {
  const { db } = context;
  const tokenHash = await hashToken(token);
  const row = await db
    .select({ email: newsletterSubscribers.email, language: newsletterSubscribers.language })
    .from(newsletterSubscribers)
    .where(pendingWithToken(tokenHash, now))
    .get();
  if (!row) return refused("invalid", INVALID_CONFIRMATION_LINK);
  await commit(context, [
    db
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now, tokenHash: null, tokenExpiresAt: null })
      .where(pendingWithToken(tokenHash, now)),
    recordEvents(context, { userId: null, email: row.email, label: "visitor" }, [{ type: "newsletter.subscribed", entityId: row.email, data: { email: row.email }, language: row.language }], now),
  ]);
  return { ok: true, message: "Subscription confirmed! The newsletter is on its way to you." };
}

/** For the cron trigger: addresses never confirmed, once their link has expired. */
export function expiredSignUpsQuery(db: Db, now: number) {
  return db.delete(newsletterSubscribers).where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.tokenExpiresAt, now)));
}
