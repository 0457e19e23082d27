// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from "vitest";
import { startOffline } from "./offline";
import { OUTBOX_MESSAGES, type OutboxEntry, type OutboxStore, type RefusedEntry } from "./outbox";
import { COURIER_PAGES_CACHE } from "./page-copies";

const OLD_ID = "0b7f9a52-54a4-4c1e-9d0e-3b1c8f6d2a01";
const MARKUP = `<link rel="icon" href="/favicon.svg">
<section data-outbox data-service-worker="/assets/courier-sw.js" data-status-labels='{"out_for_delivery":"Out For Delivery","delivered":"Delivered"}' hidden></section>
<form method="post"><input type="hidden" name="updateId" value="${OLD_ID}"></form>
<p data-outbox-ready hidden></p>`;

function waitingEntry(updateId: string, status = "out_for_delivery"): OutboxEntry {
  return { updateId, url: "/courier/stops/SWP1", trackingId: "SWP1", status, savedAt: Date.UTC(2026, 10, 27, 14, 2), fields: [] };
}

/** What the page reads of the outbox; the service worker alone sends. */
function fakeStore(waiting: OutboxEntry[] = [], refused: RefusedEntry[] = []) {
  const store = {
    waiting: vi.fn(async () => [...waiting]),
    refused: vi.fn(async () => [...refused]),
    dismiss: vi.fn(async (updateId: string) => void refused.splice(refused.findIndex((entry) => entry.updateId === updateId), 1)),
    add: vi.fn(),
    remove: vi.fn(),
    refuse: vi.fn(),
  };
  return { store: store as unknown as OutboxStore & typeof store, waiting, refused };
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  posted: unknown[] = [];
  register = vi.fn(async () => ({}));
  startMessages = vi.fn();
  ready = Promise.resolve({ active: { postMessage: (message: unknown) => this.posted.push(message) } });
  /** A message from the service worker. */
  say(data: unknown) {
    this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }
}

const panel = () => document.querySelector<HTMLElement>("[data-outbox]")!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const page = () => location.pathname + location.search;

beforeEach(() => {
  document.body.innerHTML = MARKUP;
});

describe("startOffline", () => {
  test("gives the status form a new update id made on the phone, and another when the page comes back from the browser's cache", () => {
    const { store } = fakeStore();
    startOffline(document, store, undefined);
    const input = document.querySelector<HTMLInputElement>("input[name=updateId]")!;
    const first = input.value;
    expect(first).not.toBe(OLD_ID);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(input.value).not.toBe(first);
    // Without a service worker there is no outbox: the panel stays hidden.
    expect(panel().hidden).toBe(true);
  });

  test("a page without the panel is left alone", () => {
    document.body.innerHTML = `<form method="post"><input type="hidden" name="updateId" value="${OLD_ID}"></form>`;
    const container = new FakeContainer();
    startOffline(document, fakeStore().store, container as unknown as ServiceWorkerContainer);
    expect(container.register).not.toHaveBeenCalled();
    expect(document.querySelector<HTMLInputElement>("input[name=updateId]")!.value).toBe(OLD_ID);
  });

  test("registers the courier pages' worker, has it keep the page and its files, and asks it to send on load and when the signal returns", async () => {
    const container = new FakeContainer();
    startOffline(document, fakeStore().store, container as unknown as ServiceWorkerContainer);
    expect(container.register).toHaveBeenCalledWith("/assets/courier-sw.js", { scope: "/courier", type: "module" });
    await settle();
    expect(container.posted).toContainEqual({ type: "flush" });
    const keep = container.posted.find((message) => (message as { type: string }).type === "keep") as { page: string; urls: string[] };
    expect(keep.page).toBe(page());
    expect(keep.urls).toContain(location.href);
    expect(keep.urls.some((url) => url.endsWith("/favicon.svg"))).toBe(true);
    container.posted.length = 0;
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(container.posted).toEqual([{ type: "flush" }]);
  });

  test("a page the worker already controls asks it to keep no files", async () => {
    const container = new FakeContainer();
    container.controller = {};
    startOffline(document, fakeStore().store, container as unknown as ServiceWorkerContainer);
    await settle();
    expect(container.posted).toContainEqual({ type: "keep", page: page(), urls: [] });
  });

  test("lists what waits, says when everything is sent, and notes at the end that the page opens without signal once kept", async () => {
    const { store, waiting } = fakeStore([waitingEntry("a"), waitingEntry("b", "delivered")]);
    const container = new FakeContainer();
    startOffline(document, store, container as unknown as ServiceWorkerContainer);
    await settle();
    expect(panel().hidden).toBe(false);
    expect(panel().querySelector("h2")!.textContent).toBe("Waiting to be sent: 2 updates");
    const items = [...panel().querySelectorAll("li")].map((item) => item.textContent);
    expect(items[0]).toMatch(/^SWP1: Out For Delivery, saved at /);
    expect(items[1]).toMatch(/^SWP1: Delivered, saved at /);

    container.say({ type: "outbox", stoppedBy: "signed-out" });
    await settle();
    expect(panel().textContent).toContain(OUTBOX_MESSAGES.signIn);

    waiting.splice(0);
    container.say({ type: "outbox", stoppedBy: null });
    container.say({ type: "kept", page: page(), ready: true });
    await settle();
    expect(panel().querySelector("h2")).toBeNull();
    expect(panel().textContent).toContain(OUTBOX_MESSAGES.allSent);
    expect(panel().textContent).not.toContain(OUTBOX_MESSAGES.offlineReady);
    const note = document.querySelector<HTMLElement>("[data-outbox-ready]")!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe(OUTBOX_MESSAGES.offlineReady);
  });

  test("shows what the server refused with its message until the courier says OK", async () => {
    const refusal: RefusedEntry = { updateId: "r1", trackingId: "SWP2", status: "delivered", savedAt: 0, refusedAt: 1, message: "A signature is required" };
    const { store } = fakeStore([], [refusal]);
    startOffline(document, store, new FakeContainer() as unknown as ServiceWorkerContainer);
    await settle();
    expect(panel().querySelector("h2")!.textContent).toBe(OUTBOX_MESSAGES.notSent);
    expect(panel().querySelector("li")!.textContent).toContain("SWP2: Delivered, saved at");
    expect(panel().querySelector("li")!.textContent).toContain("A signature is required");
    panel().querySelector<HTMLButtonElement>("button[data-dismiss]")!.click();
    await settle();
    await settle();
    expect(store.dismiss).toHaveBeenCalledWith("r1");
    expect(panel().hidden).toBe(true);
  });

  test("draws in the words the page gives (its language), and hands the worker the words of its notices", async () => {
    const words = { locale: "es-ES", waiting: { one: "Pendiente de envío: {{count}} actualización", other: "Pendientes de envío: {{count}} actualizaciones" }, entry: "{{trackingId}}: {{status}}, guardada a las {{time}}", refusedFallback: "El servidor ha rechazado esta actualización." };
    const refusal: RefusedEntry = { updateId: "r1", trackingId: "SWP2", status: "delivered", savedAt: 0, refusedAt: 1, message: OUTBOX_MESSAGES.refusedFallback };
    panel().dataset.outboxWords = JSON.stringify(words);
    panel().dataset.offlineNotice = JSON.stringify({ lang: "es", noSignal: "Sin cobertura" });
    panel().dataset.statusLabels = JSON.stringify({ out_for_delivery: "En reparto" });
    const container = new FakeContainer();
    startOffline(document, fakeStore([waitingEntry("a")], [refusal]).store, container as unknown as ServiceWorkerContainer);
    await settle();
    expect(panel().querySelector("h2")!.textContent).toBe("Pendiente de envío: 1 actualización");
    expect(panel().querySelector("li")!.textContent).toMatch(/^SWP1: En reparto, guardada a las \d\d:\d\d$/);
    expect(panel().textContent).toContain("El servidor ha rechazado esta actualización.");
    const keep = container.posted.find((message) => (message as { type: string }).type === "keep") as { words: unknown };
    expect(keep.words).toEqual({ lang: "es", noSignal: "Sin cobertura" });
  });

  test("signing out deletes the copies of the courier's pages; other forms leave them", () => {
    const remove = vi.fn(async () => true);
    Object.defineProperty(globalThis, "caches", { configurable: true, value: { delete: remove } });
    try {
      document.body.insertAdjacentHTML("beforeend", '<form method="post" action="/logout" id="out"></form><form method="post" action="/courier/stops/SWP1" id="stop"></form>');
      startOffline(document, fakeStore().store, new FakeContainer() as unknown as ServiceWorkerContainer);
      document.getElementById("stop")!.dispatchEvent(new Event("submit", { bubbles: true }));
      expect(remove).not.toHaveBeenCalled();
      document.getElementById("out")!.dispatchEvent(new Event("submit", { bubbles: true }));
      expect(remove).toHaveBeenCalledWith(COURIER_PAGES_CACHE);
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
  });

  test("its undo stops listening", async () => {
    const container = new FakeContainer();
    const undo = startOffline(document, fakeStore().store, container as unknown as ServiceWorkerContainer);
    await settle();
    undo();
    container.posted.length = 0;
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(container.posted).toEqual([]);
  });
});
