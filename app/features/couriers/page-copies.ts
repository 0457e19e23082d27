// The courier pages the phone keeps a copy of, and the copy itself: the run sheet (in either
// order, and its print view) and the stops; a scan's answer (`?trackingId=`) is a redirect, never
// kept. A copy leaves out the page's toast, which told of something done when the page was
// fetched and would say it again each time the copy opens.
import { stopOf } from "./outbox";

/** The Cache Storage cache of the copies; emptied when the courier signs out. */
export const COURIER_PAGES_CACHE = "courier-pages";

export function isCourierPage(url: URL): boolean {
  return url.pathname === "/courier" || stopOf(url.pathname) !== null;
}

export function isKeptPage(url: URL): boolean {
  return isCourierPage(url) && !url.searchParams.has("trackingId");
}

/** The page's HTML without its toast (toast-region.tsx). */
export function withoutToast(html: string): string {
  return html.replace(/<div[^>]*data-toast-type="[a-z]+"[^>]*>[\s\S]*?<\/div>/, "");
}
