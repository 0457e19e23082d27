// The edge cache of the anonymous tracking page (docs/decisions/131). The worker entry asks
// here before Remix renders /track/{id}: an anonymous reader without a flash message gets the
// page another anonymous reader caused to be rendered, from the Cache API of this location, for
// up to TRACKING_CACHE_SECONDS. The stored page carries the shipment's version (raised by every
// status, location or detail change, and whether it is rated) that its render read, and is
// served only while that is still the current one, so a change makes the next view fresh.
// Reading the version is one small D1 read, never a write, sent only when there is a stored
// page to check.
import { detectLanguage } from "~/features/languages/i18n.server";
import { eq } from "drizzle-orm";
import { shipments } from "../../../drizzle/schema";
import { TRACKING_ID_PATTERN } from "~/features/tracking/tracking-id";
import { readConsent } from "~/features/site/consent.server";
import type { Db } from "~/.server/db";
import type { RateLimitResult } from "~/.server/rate-limit";
import { isRated } from "~/features/ratings/ratings.server";
import { publicVersion } from "./tracking.server";
import { confirmVersion, recentlyConfirmed } from "./tracking-freshness.server";
import { requestTimeZone } from "~/.server/time-zone";

export const TRACKING_CACHE_SECONDS = 60;

const TRACKING_PATH = /^\/track\/([^/]+)$/;
const TOAST_COOKIE = "__Host-toast=";

export type TrackingCacheOptions = {
  db: Db;
  ctx: ExecutionContext;
  /** The request's one count against the reader's tracking rate limit (shared with the loader). */
  trackingLimit: () => Promise<RateLimitResult>;
  /** Anyone with a session cookie is never served from, nor stored in, the cache. */
  signedIn: boolean;
  /** The server build's version: a deployment never serves pages naming the previous assets. */
  buildVersion: string;
  /** This response's CSP nonce, written over the stored page's. */
  cspNonce: string;
  /** The clock that times how long a confirmed version is trusted (Date.now; tests move their own). */
  now?: () => number;
};

/** The tracking ID of a request the cache may answer, or null. */
function cacheableTrackingId(request: Request, signedIn: boolean): string | null {
  if (request.method !== "GET" || signedIn) return null;
  if ((request.headers.get("Cookie") ?? "").includes(TOAST_COOKIE)) return null;
  const url = new URL(request.url);
  if (url.search !== "") return null;
  const id = TRACKING_PATH.exec(url.pathname)?.[1];
  return id !== undefined && TRACKING_ID_PATTERN.test(id) ? id : null;
}

/** The shipment's current `publicVersion`, or null when there is no such shipment. */
async function shipmentVersion(db: Db, trackingId: string): Promise<string | null> {
  const row = await db
    .select({ version: shipments.version, rated: isRated })
    .from(shipments)
    .where(eq(shipments.trackingId, trackingId))
    .get();
  return row ? publicVersion(row) : null;
}

/** Whether the shipment is still at `version`: D1 says, or said less than a second ago (decision 131). */
async function isCurrent(db: Db, trackingId: string, version: string, now: () => number): Promise<boolean> {
  if (recentlyConfirmed(trackingId, version, now())) return true;
  const current = await shipmentVersion(db, trackingId);
  if (current !== version) return false;
  confirmVersion(trackingId, current, now());
  return true;
}

/**
 * The `publicVersion` the tracking loader read, on the rendered page's response: the page is
 * stored under it, and no answer carries it out of the worker.
 */
export const RENDERED_VERSION_HEADER = "X-Rendered-Shipment-Version";

/** The shipment's version the stored page shows; compared with the current one on every view. */
const VERSION_HEADER = "X-Shipment-Version";

/** What the page shows depends on besides the shipment: the build, the reader's language, zone and cookie choice. */
async function cacheKey(request: Request, trackingId: string, buildVersion: string): Promise<Request> {
  const url = new URL(`/track/${trackingId}`, request.url);
  url.searchParams.set("build", buildVersion);
  url.searchParams.set("lng", await detectLanguage(request, null));
  url.searchParams.set("tz", requestTimeZone(request));
  url.searchParams.set("consent", (await readConsent(request)) ?? "none");
  return new Request(url);
}

/** The stored page with this response's nonce and without the cache's own headers. */
function servedFromCache(stored: Response, cspNonce: string): Response {
  const headers = new Headers(stored.headers);
  for (const name of ["Cache-Control", "Age", "CF-Cache-Status", "Expires", VERSION_HEADER]) headers.delete(name);
  const response = new Response(stored.body, { status: stored.status, headers });
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", cspNonce);
      },
    })
    .transform(response);
}

/** The response without the rendered version (it leaves the worker on no answer). */
function withoutRenderedVersion(response: Response): Response {
  if (response.headers.has(RENDERED_VERSION_HEADER)) response.headers.delete(RENDERED_VERSION_HEADER);
  return response;
}

/**
 * The anonymous tracking page from the edge cache when it holds the current version, counted
 * against the reader's rate limit as a rendered view is; otherwise `render`'s answer, stored
 * under the version its loader read when it is a 200 that sets no cookie. Any other request
 * goes straight to `render`.
 */
export async function withTrackingCache(
  request: Request,
  options: TrackingCacheOptions,
  render: () => Promise<Response>,
): Promise<Response> {
  const trackingId = cacheableTrackingId(request, options.signedIn);
  if (trackingId === null) return withoutRenderedVersion(await render());
  const key = await cacheKey(request, trackingId, options.buildVersion);
  // Workers' `caches.default` (the project's DOM lib types `caches` as the browser's).
  const cache = (caches as unknown as { default: Cache }).default;
  // The cache look-up and the rate-limit count (which the loader, if it runs, reuses) go out
  // together; the version is read only to check a stored page. Without one, the render's own
  // read (the loader's batch) says which version it shows.
  const [stored, limit] = await Promise.all([cache.match(key), options.trackingLimit()]);
  const storedVersion = stored?.headers.get(VERSION_HEADER) ?? null;
  if (stored && storedVersion !== null && limit.allowed && (await isCurrent(options.db, trackingId, storedVersion, options.now ?? Date.now))) {
    return servedFromCache(stored, options.cspNonce);
  }
  await stored?.body?.cancel();
  // A refused reader gets the rendered 429 page, an unknown ID the rendered 404.
  const response = await render();
  const version = response.headers.get(RENDERED_VERSION_HEADER);
  withoutRenderedVersion(response);
  if (version !== null && limit.allowed && response.status === 200 && !response.headers.has("Set-Cookie")) {
    const copy = response.clone();
    const headers = new Headers(copy.headers);
    headers.set("Cache-Control", `public, max-age=${TRACKING_CACHE_SECONDS}`);
    headers.set(VERSION_HEADER, version);
    options.ctx.waitUntil(cache.put(key, new Response(copy.body, { status: 200, headers })));
  }
  return response;
}
