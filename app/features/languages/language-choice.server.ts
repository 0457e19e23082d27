// The language switcher's choice: kept in a cookie for everyone, and saved as a signed-in
// person's preference, which their pages and their mail follow from then on.
import type { Done } from "~/.server/outcome";
import type { ServiceContext } from "~/load-context";
import { saveLanguage } from "~/features/accounts/accounts.server";
import type { SessionUser } from "~/features/accounts/session.server";
import { languageCookie } from "./i18n.server";
import type { Language } from "./languages";

/**
 * The switcher's and the profile's choice: saved as `user`'s preference (nothing is written when
 * it already is), and the cookie that keeps it on this browser, signed in or out.
 */
export async function chooseLanguage(
  context: ServiceContext,
  { user, language }: { user: SessionUser | null; language: Language },
): Promise<Done & { setCookie: string }> {
  const saved: Done = user ? await saveLanguage(context, { user, language }) : { ok: true };
  return { ...saved, setCookie: await languageCookie.serialize(language) };
}
