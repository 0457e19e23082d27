import { Scripts, ScrollRestoration, useMatches } from "@remix-run/react";
import { useHydrated } from "./use-hydrated";
// The public pages' own script, bundled on its own (docs/decisions/145).
import enhanceUrl from "~/enhance/public-page.ts?worker&url";

/** A route module's `handle` may say `hydrate: false`: its page is plain HTML plus app/enhance. */
export type ScriptsHandle = { hydrate?: false };

/**
 * The page's JavaScript. Pages that work as HTML and need no React in the browser (the public
 * site's reading pages: home, tracking, pricing, sign-in ...) load only the small script in
 * app/enhance, which adds what React added there (print, slides, tabs, Show password ...);
 * the rest hydrate with Remix. Once Remix runs, a link to a page of the first kind is rendered by
 * React like any other (its links and forms work as they do everywhere), and Remix's scripts and
 * scroll handling stay.
 */
export function PageScripts({ nonce }: { nonce?: string }) {
  const running = useHydrated();
  const hydrate = useMatches().every((match) => (match.handle as ScriptsHandle | undefined)?.hydrate !== false);
  if (!hydrate && !running) return <script type="module" src={enhanceUrl} nonce={nonce} />;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}
