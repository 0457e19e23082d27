/**
 * A redirect target taken from user input, kept only if it is a path on this site:
 * "/dashboard?page=2" passes; "https://evil.test", "//evil.test" and "/\evil.test" do not.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const url = new URL(to, "http://host.invalid");
    return url.host === "host.invalid" ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** The page of this site the request came from (its Referer), as a path; null for another site or none. */
export function sameSiteReferrer(request: Request): string | null {
  const referrer = request.headers.get("Referer");
  if (!referrer || !URL.canParse(referrer)) return null;
  const from = new URL(referrer);
  const here = new URL(request.url);
  if (from.origin !== here.origin) return null;
  // Going back to the page that failed would only fail again.
  if (from.pathname === here.pathname && from.search === here.search) return null;
  return safeRedirect(from.pathname + from.search, "") || null;
}
