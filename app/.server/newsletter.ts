// Newsletter sign-ups: the address is stored and welcomed through the outbox.
import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../drizzle/schema";
import type { ServiceContext } from "~/load-context";
import { recordEvents } from "./events";

/**
 * Subscribes `email` (already normalised). Subscribing again changes nothing and sends
 * nothing, so the form cannot be used to flood an inbox.
 */
export async function subscribeToNewsletter(context: ServiceContext, email: string): Promise<"subscribed" | "already-subscribed"> {
  const { db } = context;
  const known = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
  if (known) return "already-subscribed";
  await db.batch([
    db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing(),
    ...(await recordEvents(context, { userId: null, email, label: "visitor" }, [{ type: "newsletter.subscribed", entityId: email, data: { email } }])),
  ]);
  return "subscribed";
}
