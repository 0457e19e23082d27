import { useFetcher, useLocation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { enhanceCookieBanner } from "./cookie-choice";

/**
 * Cookie consent. A plain form post sets a cookie, so it works without JavaScript; with it
 * the post goes without leaving the page, and cookie-choice.ts keeps the choice in localStorage
 * under "cookieConsent" and hides the banner at once. Closing it with × is no choice: it hides
 * the banner for the visit only (a cookie that ends with the browser without JavaScript; with
 * it, this tab's session storage and no request at all). It sits at the top of the page, in its
 * flow (the site layout renders it before the header): it pushes the page down and scrolls away
 * with it, so on a phone it never covers a form's submit button or the tracking box.
 */
export function CookieBanner({ consent }: { consent: "accepted" | "declined" | "closed" | null }) {
  const { t } = useTranslation("site");
  const fetcher = useFetcher();
  const location = useLocation();
  const banner = useBehaviour(enhanceCookieBanner);
  if (consent) return null;

  return (
    <section
      aria-label={t("Cookie consent")}
      data-cookie-banner
      className="border-b border-slate-200 bg-slate-50 px-4 py-3 print:hidden"
      ref={banner}
    >
      <fetcher.Form method="post" action="/cookie-consent" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="min-w-60 flex-1 text-sm text-slate-800">
          <Trans
            t={t}
            i18nKey="We use cookies to keep you signed in and to remember your preferences; none track you or show ads. Read our <policy>Cookie Policy</policy>."
            components={{ policy: <a href="/cookies" className="link" /> }}
          />
        </p>
        <div className="flex gap-2">
          <button type="submit" name="choice" value="declined" className="btn-secondary">
            {t("Decline")}
          </button>
          <button type="submit" name="choice" value="accepted" className="btn-primary">
            {t("Accept")}
          </button>
          <button type="submit" name="choice" value="closed" className="btn-secondary" aria-label={t("Close cookie banner")}>
            ×
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
