// The courier pages' offline side, in the page: registers their service worker (courier-sw.ts),
// gives each status form a fresh update id made on the phone (so a form opened from the phone's
// copy is a new update, not a repeat of the one that copy was made with), and shows in the
// page's outbox panel (offline-panel.tsx) whether the page opens without signal, what is waiting
// to be sent and what the server refused (at the top), and whether it opens without signal (a
// note at its end, where its arrival moves nothing). The waiting updates are sent by the service worker;
// the page asks it to when it loads and when the signal returns.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { OUTBOX_MESSAGES, OUTBOX_WORDS, waitingText, type OutboxEntry, type OutboxStore, type OutboxWords, type RefusedEntry } from "./outbox";
import { fillIn, wordsOf } from "./page-words";
import { indexedDbOutbox } from "./outbox-store";
import { COURIER_PAGES_CACHE } from "./page-copies";

export type OutboxView = { waiting: OutboxEntry[]; refused: RefusedEntry[]; signedOut: boolean; ready: boolean; allSent: boolean };

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** Draws the panel from what the phone holds, in `words`; each refusal has an OK button (data-dismiss, its update id). */
export function renderOutbox(panel: HTMLElement, view: OutboxView, labels: Record<string, string>, words: OutboxWords = OUTBOX_WORDS) {
  const parts: HTMLElement[] = [];
  const values = (entry: OutboxEntry | RefusedEntry) => ({
    trackingId: entry.trackingId,
    status: labels[entry.status] ?? entry.status,
    time: new Date(entry.savedAt).toLocaleTimeString(words.locale ?? [], { hour: "2-digit", minute: "2-digit" }),
  });
  const title = waitingText(view.waiting.length, words);
  if (title) {
    parts.push(element("h2", title, "text-lg font-semibold"));
    const list = element("ul", undefined, "list-disc space-y-1 pl-5");
    list.setAttribute("aria-label", words.waitingList);
    for (const entry of view.waiting) list.appendChild(element("li", fillIn(words.entry, values(entry))));
    parts.push(list);
    if (view.signedOut) {
      const line = element("p", `${words.signIn} `);
      const link = element("a", words.signInLink, "link");
      link.href = "/login?redirectTo=/courier";
      line.appendChild(link);
      parts.push(line);
    }
  } else if (view.allSent) {
    parts.push(element("p", words.allSent, "font-medium text-green-800"));
  }
  if (view.refused.length > 0) {
    parts.push(element("h2", words.notSent, "text-lg font-semibold text-red-800"));
    const list = element("ul", undefined, "space-y-2");
    list.setAttribute("aria-label", words.notSent);
    for (const entry of view.refused) {
      // The server's message is in the language it answered in; the worker's own fallback is English.
      const message = entry.message === OUTBOX_MESSAGES.refusedFallback ? words.refusedFallback : entry.message;
      const item = element("li", `${fillIn(words.refusedEntry, { ...values(entry), message })} `, "text-red-800");
      const ok = element("button", words.ok, "btn-secondary py-1");
      ok.type = "button";
      ok.dataset.dismiss = entry.updateId;
      ok.setAttribute("aria-label", fillIn(words.okLabel, { trackingId: entry.trackingId }));
      item.appendChild(ok);
      list.appendChild(item);
    }
    parts.push(list);
  }
  panel.replaceChildren(...parts);
  panel.hidden = parts.length === 0;
}

/** A new update id in every status form, made on the phone. */
export function freshUpdateIds(root: Element | Document) {
  if (typeof crypto === "undefined" || typeof crypto.randomUUID !== "function") return;
  for (const input of within<HTMLInputElement>(root, "input[type=hidden][name=updateId]")) input.value = crypto.randomUUID();
}

/** The page's own address and the files it uses: what the service worker keeps when it did not see the page load. */
function pageFiles(): string[] {
  const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet], link[rel=modulepreload], link[rel=icon]")].map((link) => link.href);
  const scripts = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((script) => script.src);
  const images = [...document.querySelectorAll<HTMLImageElement>("img[src]")].map((image) => image.src);
  return [location.href, ...links, ...scripts, ...images];
}

export function startOffline(root: Element | Document, store: OutboxStore, container: ServiceWorkerContainer | undefined): () => void {
  const panels = within(root, "[data-outbox]");
  if (panels.length === 0) return () => {};
  freshUpdateIds(root);
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) freshUpdateIds(root);
  };
  window.addEventListener("pageshow", onPageShow);
  if (!container) return () => window.removeEventListener("pageshow", onPageShow);

  const page = location.pathname + location.search;
  // The page's words, in its language (offline-panel.tsx).
  const words = wordsOf(panels[0]!, "outboxWords", OUTBOX_WORDS);
  const view: OutboxView = { waiting: [], refused: [], signedOut: false, ready: false, allSent: false };
  let stopped = false;
  const draw = async () => {
    const [waiting, refused] = await Promise.all([store.waiting(), store.refused()]);
    if (stopped) return;
    view.allSent = view.allSent || (view.waiting.length > 0 && waiting.length === 0);
    Object.assign(view, { waiting, refused });
    for (const panel of panels) renderOutbox(panel, view, JSON.parse(panel.dataset.statusLabels ?? "{}") as Record<string, string>, words);
    for (const note of within(root, "[data-outbox-ready]")) {
      note.textContent = view.ready ? words.offlineReady : "";
      note.hidden = !view.ready;
    }
  };
  const askToSend = () => void container.ready.then((registration) => registration.active?.postMessage({ type: "flush" }));
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; page?: string; ready?: boolean; stoppedBy?: string | null } | null;
    if (data?.type === "kept" && data.page === page) {
      view.ready = data.ready === true;
      void draw();
    } else if (data?.type === "outbox") {
      view.signedOut = data.stoppedBy === "signed-out";
      void draw();
    }
  };
  // Signing out leaves no copy of the courier's pages on the phone; the waiting updates stay, to be sent once they sign in again.
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (new URL(form.action, location.href).pathname === "/logout" && typeof caches !== "undefined") void caches.delete(COURIER_PAGES_CACHE);
  };
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-dismiss]");
    if (button?.dataset.dismiss) void store.dismiss(button.dataset.dismiss).then(draw);
  };

  const workerUrl = panels[0]!.dataset.serviceWorker;
  if (workerUrl) container.register(workerUrl, { scope: "/courier", type: "module" }).catch((error: unknown) => console.warn("Courier service worker not registered", error));
  container.addEventListener("message", onMessage);
  container.startMessages();
  window.addEventListener("online", askToSend);
  document.addEventListener("submit", onSubmit);
  for (const panel of panels) panel.addEventListener("click", onClick);
  // The words of the worker's own notices, when the page gives them: the worker keeps the last ones.
  const notice = panels[0]!.dataset.offlineNotice;
  const keep = { type: "keep", page, urls: container.controller ? [] : pageFiles(), ...(notice ? { words: JSON.parse(notice) as unknown } : {}) };
  void container.ready.then((registration) => registration.active?.postMessage(keep));
  askToSend();
  void draw();
  return () => {
    stopped = true;
    window.removeEventListener("pageshow", onPageShow);
    window.removeEventListener("online", askToSend);
    document.removeEventListener("submit", onSubmit);
    container.removeEventListener("message", onMessage);
    for (const panel of panels) panel.removeEventListener("click", onClick);
  };
}

export const enhanceOffline: Behaviour = (root) =>
  startOffline(root, indexedDbOutbox(), typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : undefined);
