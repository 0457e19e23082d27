import { Outlet, useMatches } from "@remix-run/react";
import { BackToTop } from "~/components/back-to-top";
import { CookieBanner } from "~/components/cookie-banner";
import { RouteProgress } from "~/components/route-progress";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useRootData } from "~/components/root-data";

/** A route module's `handle` may set `hideFooter` (the sign-in and dashboard pages do, per SPEC.md). */
export type SiteHandle = { hideFooter?: boolean };

export default function SiteLayout() {
  const root = useRootData();
  const matches = useMatches();
  const hideFooter = matches.some((match) => (match.handle as SiteHandle | undefined)?.hideFooter);
  if (!root) return <Outlet />;
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <RouteProgress />
      <SiteHeader user={root.user} companyName={root.site.companyName} />
      <div className="flex-1">
        <Outlet />
      </div>
      {hideFooter ? null : <SiteFooter site={root.site} />}
      <BackToTop />
      <CookieBanner consent={root.cookieConsent} />
    </div>
  );
}
