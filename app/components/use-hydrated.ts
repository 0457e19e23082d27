import { startTransition, useEffect, useState } from "react";

/** Set once the page's first hydration has committed: what mounts after it renders hydrated at once. */
let hydratedOnce = false;

/**
 * False during the server render and hydration, true once React runs in the browser. The switch
 * after hydration is a transition, which React renders in slices between the reader's input:
 * a list or a form re-rendered all at once blocked a phone's main thread for hundreds of ms.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
