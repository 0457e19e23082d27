// The language switcher's choice: kept in a cookie for everyone, and saved as a signed-in
// person's preference, which their pages and their mail follow from then on.
import { eq } from "drizzle-orm";
import { users } from "../../../drizzle/schema";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEvents, type FieldChanges } from "~/.server/events";
import type { Done } from "~/.server/outcome";
import type { ServiceContext } from "~/load-context";
import type { SessionUser } from "~/features/accounts/session.server";
import { languageCookie } from "./i18n.server";
import type { Language } from "./languages";

/** Saves `language` as `user`'s preference (nothing is written when it already is) and answers with the cookie that remembers it. */
export async function chooseLanguage(
  context: ServiceContext,
  { user, language }: { user: SessionUser | null; language: Language },
): Promise<Done & { setCookie: string }> {
  if (user && user.language !== language) {
    const { db } = context;
    const now = Date.now();
    const changes: FieldChanges = { language: { from: user.language ?? null, to: language } };
    await commit(context, [
      db.update(users).set({ language, updatedAt: now }).where(eq(users.id, user.id)),
      recordEvents(context, actorFor(user), [{ type: "account.updated", entityId: user.id, data: { changes } }], now),
    ]);
  }
  return { ok: true, setCookie: await languageCookie.serialize(language) };
}
