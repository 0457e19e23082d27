// Newsletter sign-ups: the address is stored and welcomed through the outbox.
import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../drizzle/schema";
import type { ServiceContext } from "~/load-context";
import { recordEvents } from "./events";
import type { Done } from "./outcome";

// The same thanks either way: the answer does not tell who is subscribed.
const THANKS = "Thanks for subscribing! Check your inbox for a confirmation.";

/**
 * Subscribes `email` (already normalised). Subscribing again changes nothing and sends
 * nothing, so the form cannot be used to flood an inbox.
 */
export async function subscribeToNewsletter(context: ServiceContext, email: string): Promise<Done<{ subscribed: boolean }>> {
  const { db } = context;
  const known = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
  if (known) return { ok: true, message: THANKS, subscribed: false };
  await db.batch([
    db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing(),
    ...(await recordEvents(context, { userId: null, email, label: "visitor" }, [{ type: "newsletter.subscribed", entityId: email, data: { email } }])),
  ]);
  return { ok: true, message: THANKS, subscribed: true };
}
