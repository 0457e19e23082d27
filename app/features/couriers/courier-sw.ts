// The courier pages' service worker (scope /courier, registered by courier-page.ts): the run
// sheet and the stop pages the courier opened open without signal (network first, the last copy
// when there is none), and a status form sent without signal is kept in the outbox
// (outbox-store.ts) and sent, in order, when the signal returns: on Background Sync where the
// browser has it, else when a courier page loads or goes online (they ask by message). Only
// courier pages are kept, and only while the courier is signed in: a kept page answered with a
// redirect (to the sign-in) empties the copies, as signing out does (offline.ts).
import { entryFromForm, flushOutbox, noticeWords, sendEntry, stopOf, type FlushResult, type NoticeWords } from "./outbox";
import { indexedDbOutbox } from "./outbox-store";
import { COURIER_PAGES_CACHE, isCourierPage, isKeptPage, withoutToast } from "./page-copies";

type Client = { postMessage(message: unknown): void };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(answer: Promise<Response> | Response): void };
type SyncEvent = ExtendableEvent & { tag: string };
type MessageEvent = ExtendableEvent & { data: unknown; source: Client | null };
type Scope = {
  location: Location;
  registration: { sync?: { register(tag: string): Promise<void> } };
  clients: { claim(): Promise<void>; matchAll(options: { includeUncontrolled: boolean }): Promise<Client[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
};
const scope = self as unknown as Scope;

export const SYNC_TAG = "courier-outbox";
const FILES = "courier-files";
/** The notices' words, in the language of the last courier page that gave them. */
const WORDS = "courier-words";
const WORDS_URL = "/courier/notice-words";
/** A day's run sheet (its orders and print view) and its stops. */
const MAX_PAGES = 210;
const MAX_FILES = 60;
/** Files the pages use outside the built assets: the logo in the header is the favicon. */
const SHELL_FILES = ["/favicon.svg"];

const outbox = indexedDbOutbox();

scope.addEventListener("install", (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener("activate", (event) => event.waitUntil(scope.clients.claim()));

scope.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate" && stopOf(url.pathname) !== null) event.respondWith(sendOrKeep(request, url));
  else if (request.method !== "GET") return;
  else if (request.mode === "navigate") event.respondWith(isCourierPage(url) ? pageNetworkFirst(request, url) : fetch(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(fileCacheFirst(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(fileNetworkFirst(request));
});

scope.addEventListener("sync", (event) => {
  if (event.tag !== SYNC_TAG) return;
  // A round that had to stop for want of signal fails, so the browser tries again later.
  event.waitUntil(
    flush().then((result) => {
      if (result.stoppedBy === "retry") throw new Error("Updates still waiting");
    }),
  );
});

scope.addEventListener("message", (event) => {
  const data = event.data as { type?: string; urls?: unknown; page?: unknown; words?: unknown } | null;
  if (data?.type === "flush") event.waitUntil(flush());
  else if (data?.type === "keep" && Array.isArray(data.urls) && typeof data.page === "string") {
    event.waitUntil(Promise.all([keep(data.urls.filter((item): item is string => typeof item === "string"), data.page, event.source), data.words ? keepWords(data.words) : null]));
  }
});

/** Sent with signal as it is; without, kept in the outbox and the courier goes on to the run sheet, which lists it. */
async function sendOrKeep(request: Request, url: URL): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    const entry = entryFromForm(url, await copy.formData(), Date.now());
    if (!entry) return notice("notKept");
    const added = await outbox.add(entry);
    if (added === "full") return notice("full");
    await scope.registration.sync?.register(SYNC_TAG).catch(() => undefined);
    await announce();
    return Response.redirect(new URL("/courier", url).href, 303);
  }
}

let rounds: Promise<FlushResult | null> = Promise.resolve(null);
let stoppedBy: FlushResult["stoppedBy"] = null;

/** One round at a time, in the order asked for: a round asked for during another runs after it. */
function flush(): Promise<FlushResult> {
  const round = rounds.catch(() => null).then(async () => {
    const result = await flushOutbox(outbox, (entry) => sendEntry(entry, scope.location.origin));
    stoppedBy = result.stoppedBy;
    await announce();
    return result;
  });
  rounds = round;
  return round;
}

/** Tells the courier pages open that the outbox changed. */
async function announce() {
  for (const client of await scope.clients.matchAll({ includeUncontrolled: true })) client.postMessage({ type: "outbox", stoppedBy });
}

async function pageNetworkFirst(request: Request, url: URL): Promise<Response> {
  try {
    const response = await fetch(request);
    // A kept page answered with a redirect is one the courier is no longer signed in for.
    if (response.type === "opaqueredirect" && isKeptPage(url)) await caches.delete(COURIER_PAGES_CACHE);
    else if (response.ok && isKeptPage(url)) await keepPage(request.url, response.clone());
    return response;
  } catch {
    const pages = await caches.open(COURIER_PAGES_CACHE);
    // A tracking ID typed on the run sheet opens its stop's copy.
    const typed = url.searchParams.get("trackingId")?.trim().toUpperCase();
    const copy = typed ? await pages.match(new URL(`/courier/stops/${encodeURIComponent(typed)}`, url).href) : ((await pages.match(request)) ?? (await pages.match(request, { ignoreSearch: true })));
    if (copy) return copy;
    return notice("notOpened");
  }
}

async function fileCacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await keepBounded(FILES, request, response.clone(), MAX_FILES);
  return response;
}

async function fileNetworkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await keepBounded(FILES, request, response.clone(), MAX_FILES);
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

/** Stores the answer, dropping the oldest entries past `max` (a cache keeps the order entries were put in). */
async function keepBounded(name: string, request: Request | string, response: Response, max: number) {
  const cache = await caches.open(name);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

async function keepPage(url: string, response: Response) {
  const copy = new Response(withoutToast(await response.text()), { status: response.status, statusText: response.statusText, headers: response.headers });
  await keepBounded(COURIER_PAGES_CACHE, url, copy, MAX_PAGES);
}

/**
 * A page opened before this worker controlled it: keeps it and the files it uses, then tells
 * it whether it now opens without signal.
 */
async function keep(urls: string[], page: string, source: Client | null) {
  const own = urls.map((item) => new URL(item, scope.location.origin)).filter((item) => item.origin === scope.location.origin);
  await Promise.all(
    own.map(async (item) => {
      if ((await caches.match(item.href)) && item.pathname.startsWith("/assets/")) return;
      const response = await fetch(item.href, { credentials: "same-origin" }).catch(() => null);
      if (!response?.ok || response.redirected) return;
      if (isKeptPage(item)) await keepPage(item.href, response);
      else await keepBounded(FILES, item.href, response, MAX_FILES);
    }),
  );
  const ready = Boolean(await (await caches.open(COURIER_PAGES_CACHE)).match(new URL(page, scope.location.origin).href));
  source?.postMessage({ type: "kept", page, ready });
}

async function keepWords(given: unknown) {
  const cache = await caches.open(WORDS);
  await cache.put(new URL(WORDS_URL, scope.location.origin).href, new Response(JSON.stringify(noticeWords(given)), { headers: { "Content-Type": "application/json" } }));
}

async function keptWords(): Promise<NoticeWords> {
  const kept = await caches.match(new URL(WORDS_URL, scope.location.origin).href, { cacheName: WORDS }).catch(() => undefined);
  return noticeWords(kept ? await kept.json().catch(() => null) : null);
}

async function notice(message: "notKept" | "full" | "notOpened"): Promise<Response> {
  const words = await keptWords();
  const text = (name: keyof NoticeWords) => words[name].replace(/[<>&"]/g, "");
  const body = `<!doctype html><html lang="${text("lang")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text("noSignal")} | SwiftParcel</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f172a}a{color:#1e40af}</style></head>
<body><main><h1>${text("noSignal")}</h1><p>${text(message)}</p><p><a href="/courier">${text("runSheet")}</a></p></main></body></html>`;
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
