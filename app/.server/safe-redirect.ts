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
