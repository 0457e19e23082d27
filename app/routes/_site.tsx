import { Outlet, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { BackToTop } from "~/components/back-to-top";
import { CookieBanner } from "~/components/cookie-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RouteProgress } from "~/components/route-progress";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useRootData } from "~/components/root-data";

/** A route module's `handle` may set `hideFooter` (the sign-in and dashboard pages do, per SPEC.md). */
export type SiteHandle = { hideFooter?: boolean };

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

function SiteFrame({ children }: { children: ReactNode }) {
  const root = useRootData();
  const matches = useMatches();
  const hideFooter = matches.some((match) => (match.handle as SiteHandle | undefined)?.hideFooter);
  if (!root) return <>{children}</>;
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <RouteProgress />
      <SiteHeader user={root.user} companyName={root.site.companyName} />
      <div className="flex-1">{children}</div>
      {hideFooter ? null : <SiteFooter site={root.site} />}
      <BackToTop />
      <CookieBanner consent={root.cookieConsent} />
    </div>
  );
}

/** A page that fails keeps the header and footer around the 404 or error message. */
export function ErrorBoundary() {
  return (
    <SiteFrame>
      <GeneralErrorBoundary />
    </SiteFrame>
  );
}
