// Offline support: the site shell and the last tracking pages viewed stay readable without
// a connection. Pages marked no-store (anything shown to a signed-in person) are never kept.
const VERSION = "v2";
const SHELL_CACHE = `shell-${VERSION}`;
const PAGES_CACHE = `tracking-${VERSION}`;
const SHELL_PAGES = ["/", "/track"];
// Files every page shows outside the built assets: the logo in the header is the favicon.
const SHELL_FILES = ["/favicon.svg"];
const MAX_TRACKING_PAGES = 10;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await Promise.all(
        [...SHELL_PAGES, ...SHELL_FILES].map(async (path) => {
          const response = await fetch(path);
          if (isKeepable(response)) await cache.put(path, response);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      // Only this worker's older caches: the courier pages' worker keeps its own on the same origin.
      const old = names.filter((name) => /^(shell|tracking)-/.test(name) && name !== SHELL_CACHE && name !== PAGES_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url));
  } else if (request.mode === "navigate" || url.pathname.endsWith(".data")) {
    event.respondWith(networkFirst(request, url));
  }
});

function isKeepable(response) {
  return response.ok && !(response.headers.get("Cache-Control") ?? "").includes("no-store");
}

function isTrackingPage(url) {
  return /^\/track\/[^/]+?(\.data)?$/.test(url.pathname);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL_CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request, url) {
  try {
    const response = await fetch(request);
    if (isKeepable(response)) {
      if (isTrackingPage(url)) await keepTrackingPage(request, response.clone());
      else if ((SHELL_PAGES.includes(url.pathname) || SHELL_FILES.includes(url.pathname)) && !url.pathname.endsWith(".data")) {
        await (await caches.open(SHELL_CACHE)).put(url.pathname, response.clone());
      }
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: url.pathname.endsWith(".data") });
    if (cached) return cached;
    if (request.mode === "navigate") return offlinePage();
    throw error;
  }
}

async function keepTrackingPage(request, response) {
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(request, response);
  const keys = await cache.keys();
  const pages = keys.filter((key) => !key.url.includes(".data"));
  // Cache keys keep insertion order: the oldest pages go first.
  for (const old of pages.slice(0, Math.max(0, pages.length - MAX_TRACKING_PAGES))) {
    await cache.delete(old);
    await cache.delete(old.url.replace(/\/?$/, ".data"), { ignoreSearch: true });
  }
}

async function offlinePage() {
  const keys = await (await caches.open(PAGES_CACHE)).keys();
  const items = keys
    .map((key) => new URL(key.url).pathname)
    .filter((path) => !path.endsWith(".data"))
    .map((path) => {
      const id = decodeURIComponent(path.split("/").pop() ?? "");
      return `<li><a href="${path}">${id.replace(/[^A-Z0-9-]/gi, "")}</a></li>`;
    })
    .join("");
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | SwiftParcel</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f172a}a{color:#1e40af}h1{font-size:1.75rem}</style></head>
<body><main><h1>You are offline</h1><p>This page needs a connection. Check your network and try again.</p>
${items ? `<h2>Tracking pages you viewed recently</h2><ul>${items}</ul>` : ""}<p><a href="/">Home</a> · <a href="/track">Track a package</a></p></main></body></html>`;
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
