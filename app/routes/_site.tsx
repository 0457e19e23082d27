import { Outlet, useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { BackToTop } from "~/components/back-to-top";
import { ChatLauncher } from "~/features/chat/chat-launcher";
import { CookieBanner } from "~/features/site/cookie-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RouteProgress } from "~/components/route-progress";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useRootData } from "~/components/root-data";

/**
 * A route module's `handle` may set `hideFooter` (the sign-in and dashboard pages do) and `hideChat` (the chat page itself, and pages made for printing).
 */
export type SiteHandle = { hideFooter?: boolean; hideChat?: boolean };

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
  const location = useLocation();
  const handles = matches.map((match) => (match.handle as SiteHandle | undefined) ?? {});
  const hideFooter = handles.some((handle) => handle.hideFooter);
  // Print views (`?print=1`) show the document alone.
  const hideChat = handles.some((handle) => handle.hideChat) || new URLSearchParams(location.search).get("print") === "1";
  if (!root) return <>{children}</>;
  return (
    <div id="top" className="flex min-h-screen flex-col">
      {/* First in the page and in its flow: it pushes the page down rather than covering any of it. */}
      <CookieBanner consent={root.cookieConsent} />
      <RouteProgress />
      <SiteHeader user={root.user} companyName={root.site.companyName} chat={hideChat ? null : <ChatLauncher />} />
      <div className="flex-1">{children}</div>
      {hideFooter ? null : <SiteFooter site={root.site} />}
      <BackToTop />
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
