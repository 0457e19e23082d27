import { Scripts, ScrollRestoration, useMatches } from "@remix-run/react";
import { useHydrated } from "./use-hydrated";
// The public pages' own script, bundled on its own (docs/decisions/145).
import publicPageUrl from "~/behaviours/public-page.ts?worker&url";

/** A route module's `handle` may say `hydrate: false`: its page is plain HTML plus app/behaviours/public-page.ts. */
export type ScriptsHandle = { hydrate?: false };

/**
 * The page's JavaScript. Pages that work as HTML and need no React in the browser (the public
 * site's reading pages: home, tracking, pricing, sign-in ...; the customer's dashboard, invoices
 * and profile, decision 145) load only the small script
 * app/behaviours/public-page.ts, which runs the page's behaviours (print, slides, tabs, Show
 * password ...) on the server's HTML; the rest hydrate with Remix. Once Remix runs, a link to a
 * page of the first kind is rendered by React like any other, and its components run the same
 * behaviours (docs/decisions/145); Remix's scripts and scroll handling stay.
 */
export function PageScripts({ nonce }: { nonce?: string }) {
  const running = useHydrated();
  const hydrate = useMatches().every((match) => (match.handle as ScriptsHandle | undefined)?.hydrate !== false);
  if (!hydrate && !running) return <script type="module" src={publicPageUrl} nonce={nonce} />;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}
