// Offline copies of the shell and the last tracking pages (public/sw.js), registered by every
// page: the hydrating ones (entry.client.tsx) and the others (behaviours/public-page.ts). The
// script may run after the load event, so it registers at once when the page has loaded.
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("Service worker not registered", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
