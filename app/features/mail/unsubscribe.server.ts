// Unsubscribing (RFC 8058's one-click POST, or the button on the link's page) and complaints
// the mail provider reports put an address on the suppression list (suppression.server.ts):
// it gets no more parcel updates or newsletters. Mail a person asks for (a reset link, a
// sign-in link, an answer to their message) is never suppressed.
import { eq } from "drizzle-orm";
import { mailSuppressions, newsletterSubscribers } from "../../../drizzle/schema";
import type { ServiceContext } from "~/load-context";
import { commit } from "~/.server/dispatch";
import { recordEvents, SYSTEM_ACTOR } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { messagesIn } from "~/.server/answer-language";
import { addressOfToken } from "./suppression.server";
import { INVALID_UNSUBSCRIBE_LINK } from "./unsubscribe";

/** What the unsubscribe page shows: the link's address and whether it is on the list already. */
export async function unsubscribeLink(context: Pick<ServiceContext, "db" | "cloudflare">, token: string): Promise<{ email: string; suppressed: boolean } | null> {
  const email = await addressOfToken(context.cloudflare.env, token);
  if (!email) return null;
  const row = await context.db.select({ email: mailSuppressions.email }).from(mailSuppressions).where(eq(mailSuppressions.email, email)).get();
  return { email, suppressed: row !== undefined };
}

/** 'Unsubscribe' on the page, or a mail client's one-click POST: no more parcel updates or newsletters for the address. */
export async function unsubscribeAddress(context: ServiceContext, { token, now = Date.now() }: { token: string; now?: number }): Promise<Done | Refused> {
  const email = await addressOfToken(context.cloudflare.env, token);
  if (!email) return refused("not-found", INVALID_UNSUBSCRIBE_LINK);
  await suppress(context, [email], "unsubscribed", now);
  return { ok: true, message: (await messagesIn(context))("Unsubscribed: {{email}} gets no more parcel updates or newsletters from us.", { email }) };
}

/**
 * Puts `addresses` on the suppression list (an address already there keeps its first reason)
 * and ends their newsletter subscriptions; each is recorded for the admins' recent activity.
 */
export async function suppress(
  context: Pick<ServiceContext, "db" | "cloudflare" | "origin">,
  addresses: readonly string[],
  reason: "unsubscribed" | "complained",
  now = Date.now(),
): Promise<void> {
  const { db } = context;
  const emails = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (emails.length === 0) return;
  await commit(context, [
    ...emails.flatMap((email) => [
      db.insert(mailSuppressions).values({ email, reason, createdAt: now }).onConflictDoNothing(),
      db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    ]),
    recordEvents(
      context,
      reason === "unsubscribed" ? { userId: null, email: emails[0]!, label: "visitor" } : SYSTEM_ACTOR,
      emails.map((email) => ({ type: reason === "unsubscribed" ? ("mail.unsubscribed" as const) : ("mail.complained" as const), entityId: email, data: { email } })),
      now,
    ),
  ]);
}
