// The edge cache of the anonymous tracking page (docs/decisions/132, 135). The worker entry asks
// here before Remix renders /track/{id}: an anonymous reader without a flash message gets the
// page another anonymous reader caused to be rendered, for up to TRACKING_CACHE_SECONDS, from
// this isolate's own copy or else from the Cache API of this location. The stored page carries
// the shipment's version (raised by every status, location or detail change, and whether it is
// rated) that its render read, and is served only while that is still the current one, so a
// change makes the next view fresh. Reading the version is one small D1 read, never a write,
// sent only when there is a stored page to check. The stored page is a template: each answer
// gets its own CSP nonce written in.
import { eq } from "drizzle-orm";
import { shipments } from "../../drizzle/schema";
import { TRACKING_ID_PATTERN } from "~/domain/tracking-id";
import { readConsent } from "./consent";
import type { Db } from "./db";
import type { RateLimitResult } from "./rate-limit";
import { isRated } from "./ratings";
import { publicVersion } from "./tracking";
import { requestTimeZone } from "./time-zone";

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

/**
 * The `publicVersion` the tracking loader read, on the rendered page's response: the page is
 * stored under it, and no answer carries it out of the worker.
 */
export const RENDERED_VERSION_HEADER = "X-Rendered-Shipment-Version";

/** The shipment's version the stored page shows, and when it was rendered: headers of the Cache API copy only. */
const VERSION_HEADER = "X-Shipment-Version";
const RENDERED_AT_HEADER = "X-Rendered-At";

/** Where a stored page's nonce attributes stand; each answer writes its own nonce there. */
const NONCE_SLOT = ' nonce="__tracking-cache-nonce__"';

/** A rendered page as stored: its HTML with NONCE_SLOT for the nonce, its headers, what it shows. */
type StoredPage = { template: string; headers: [string, string][]; version: string; renderedAt: number };

/**
 * This isolate's copies of stored pages, in front of the Cache API (decision 135): a hit then
 * costs no cache round trip. Like the settings copy (decision 131), deliberate module state: it
 * holds finished public pages only, nothing per request, at most ISOLATE_PAGES of them (the
 * oldest used goes first), each until TRACKING_CACHE_SECONDS after it was rendered; any isolate
 * may drop it at any time, and it is only ever served after the same version check.
 */
const isolatePages = new Map<string, StoredPage>();
export const ISOLATE_PAGES = 100;

/** Drops this isolate's copies, as a new isolate starts without them (the tests reach the Cache API copy so). */
export function forgetIsolatePages(): void {
  isolatePages.clear();
}

function isolatePage(key: string, now: number): StoredPage | null {
  const page = isolatePages.get(key);
  if (!page) return null;
  isolatePages.delete(key);
  if (now - page.renderedAt >= TRACKING_CACHE_SECONDS * 1000) return null;
  isolatePages.set(key, page);
  return page;
}

function keepInIsolate(key: string, page: StoredPage): void {
  isolatePages.delete(key);
  isolatePages.set(key, page);
  for (const oldest of isolatePages.keys()) {
    if (isolatePages.size <= ISOLATE_PAGES) break;
    isolatePages.delete(oldest);
  }
}

/** What the page shows depends on besides the shipment: the build, the reader's zone and cookie choice. */
async function cacheKey(request: Request, trackingId: string, buildVersion: string): Promise<string> {
  const url = new URL(`/track/${trackingId}`, request.url);
  url.searchParams.set("build", buildVersion);
  url.searchParams.set("tz", requestTimeZone(request));
  url.searchParams.set("consent", (await readConsent(request)) ?? "none");
  return url.href;
}

// Workers' `caches.default` (the project's DOM lib types `caches` as the browser's).
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** The Cache API's copy of the page, if it holds one that is still whole. */
async function edgePage(key: string): Promise<StoredPage | null> {
  const stored = await edgeCache().match(key);
  if (!stored) return null;
  const version = stored.headers.get(VERSION_HEADER);
  const renderedAt = Number(stored.headers.get(RENDERED_AT_HEADER));
  const headers = [...stored.headers].filter(([name]) => !EDGE_ONLY_HEADERS.has(name.toLowerCase()));
  const template = await stored.text();
  return version === null || !Number.isFinite(renderedAt) ? null : { template, headers, version, renderedAt };
}

/** Headers of the Cache API copy (and what the cache adds) that an answer never carries. */
const EDGE_ONLY_HEADERS = new Set(["cache-control", "content-length", "age", "cf-cache-status", "expires", VERSION_HEADER.toLowerCase(), RENDERED_AT_HEADER.toLowerCase()]);

/** Stores the rendered page in this isolate and in the Cache API, with its nonce taken out. */
async function storePage(key: string, rendered: Response, version: string, cspNonce: string, renderedAt: number): Promise<void> {
  const template = (await rendered.text()).replaceAll(` nonce="${cspNonce}"`, NONCE_SLOT);
  const page: StoredPage = { template, headers: [...rendered.headers], version, renderedAt };
  keepInIsolate(key, page);
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", `public, max-age=${TRACKING_CACHE_SECONDS}`);
  headers.set(VERSION_HEADER, version);
  headers.set(RENDERED_AT_HEADER, String(renderedAt));
  await edgeCache().put(key, new Response(template, { status: 200, headers }));
}

/** The stored page with this answer's nonce. */
function servedPage(page: StoredPage, cspNonce: string): Response {
  return new Response(page.template.replaceAll(NONCE_SLOT, ` nonce="${cspNonce}"`), { status: 200, headers: page.headers });
}

/** The response without the rendered version (it leaves the worker on no answer). */
function withoutRenderedVersion(response: Response): Response {
  if (response.headers.has(RENDERED_VERSION_HEADER)) response.headers.delete(RENDERED_VERSION_HEADER);
  return response;
}

/**
 * The anonymous tracking page from this isolate's or this location's store when it holds the
 * current version, counted against the reader's rate limit as a rendered view is; otherwise
 * `render`'s answer, stored under the version its loader read when it is a 200 that sets no
 * cookie. Any other request goes straight to `render`.
 */
export async function withTrackingCache(
  request: Request,
  options: TrackingCacheOptions,
  render: () => Promise<Response>,
): Promise<Response> {
  const trackingId = cacheableTrackingId(request, options.signedIn);
  if (trackingId === null) return withoutRenderedVersion(await render());
  const key = await cacheKey(request, trackingId, options.buildVersion);
  const started = Date.now();
  // The rate-limit count (which the loader, if it runs, reuses) goes out with the first look-up:
  // the version read when this isolate holds the page, else the Cache API's, and then the
  // version read only if that holds it. Without a stored page the render's own read decides.
  const near = isolatePage(key, started);
  let stored: StoredPage | null = near;
  let limit: RateLimitResult;
  let current: string | null = null;
  if (near) {
    [current, limit] = await Promise.all([shipmentVersion(options.db, trackingId), options.trackingLimit()]);
  } else {
    [stored, limit] = await Promise.all([edgePage(key), options.trackingLimit()]);
    if (stored && limit.allowed) current = await shipmentVersion(options.db, trackingId);
  }
  if (stored && limit.allowed && current === stored.version) {
    if (!near) keepInIsolate(key, stored);
    return servedPage(stored, options.cspNonce);
  }
  // A refused reader gets the rendered 429 page, an unknown ID the rendered 404.
  const response = await render();
  const version = response.headers.get(RENDERED_VERSION_HEADER);
  withoutRenderedVersion(response);
  if (version !== null && limit.allowed && response.status === 200 && !response.headers.has("Set-Cookie")) {
    options.ctx.waitUntil(storePage(key, response.clone(), version, options.cspNonce, started));
  }
  return response;
}
