// Response headers and the cross-site write check applied by the worker entry to every
// request that reaches the worker (static assets get theirs from public/_headers).

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request sent by a page of another site. Browsers send Origin with every
 * POST and Sec-Fetch-Site with every request; a client that sends neither is not a browser
 * acting for a signed-in person, so it is let through to the usual checks.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== url.origin || claimedHost(request.headers, url) !== url.host;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * The host Remix compares a write's Origin with (X-Forwarded-Host before Host). Remix throws,
 * a bare 500, when they differ; a client may send any X-Forwarded-Host, so the entry refuses
 * such a write itself. Without either header (a request made inside the worker, as the tests
 * do) the address's own host stands.
 */
function claimedHost(headers: Headers, url: URL): string {
  const forwarded = headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return forwarded || headers.get("Host") || url.host;
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline styles only: Radix dialogs inject a <style> to lock scrolling.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const STATIC_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function withSecurityHeaders(
  response: Response,
  { nonce, signedIn }: { nonce: string; signedIn: boolean },
): Response {
  // WebSocket upgrades (chat) pass through untouched.
  if (response.status === 101) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(STATIC_HEADERS)) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // A signed-in person's pages, and any answer that sets a cookie (the sign-in redirect hands
  // out the session), must not be kept by shared caches or the back-forward cache of a shared
  // computer after sign-out.
  if (signedIn || headers.has("Set-Cookie")) headers.set("Cache-Control", "private, no-store");
  else if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
