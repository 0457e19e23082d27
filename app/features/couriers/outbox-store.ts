// The courier's outbox kept in the phone's IndexedDB (files stay Blobs there), shared by the
// courier pages and their service worker. Waiting updates are keyed by the order they were
// saved in, with their update id unique; refusals by their update id.
import { MAX_REFUSED, MAX_WAITING, type OutboxEntry, type OutboxStore, type RefusedEntry } from "./outbox";

const DB_NAME = "courier-outbox";
const WAITING = "waiting";
const REFUSED = "refused";

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore(WAITING, { keyPath: "seq", autoIncrement: true }).createIndex("updateId", "updateId", { unique: true });
    db.createObjectStore(REFUSED, { keyPath: "updateId" }).createIndex("refusedAt", "refusedAt");
  };
  return done(request);
}

export function indexedDbOutbox(): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => (opened ??= open());
  const store = async (name: string, mode: IDBTransactionMode) => (await db()).transaction(name, mode).objectStore(name);
  return {
    async add(entry) {
      const waiting = await store(WAITING, "readwrite");
      if ((await done(waiting.index("updateId").count(entry.updateId))) > 0) return "duplicate";
      if ((await done(waiting.count())) >= MAX_WAITING) return "full";
      await done(waiting.add(entry));
      await finished(waiting.transaction);
      return "added";
    },
    async waiting() {
      const rows = await done((await store(WAITING, "readonly")).getAll());
      return (rows as (OutboxEntry & { seq: number })[]).map(({ seq: _seq, ...entry }) => entry);
    },
    async remove(updateId) {
      const waiting = await store(WAITING, "readwrite");
      const key = await done(waiting.index("updateId").getKey(updateId));
      if (key !== undefined) waiting.delete(key);
      await finished(waiting.transaction);
    },
    async refuse(entry) {
      const refused = await store(REFUSED, "readwrite");
      refused.put(entry);
      const keys = await done(refused.index("refusedAt").getAllKeys());
      for (const key of keys.slice(0, Math.max(0, keys.length - MAX_REFUSED))) refused.delete(key);
      await finished(refused.transaction);
    },
    async refused() {
      return (await done((await store(REFUSED, "readonly")).index("refusedAt").getAll())) as RefusedEntry[];
    },
    async dismiss(updateId) {
      const refused = await store(REFUSED, "readwrite");
      refused.delete(updateId);
      await finished(refused.transaction);
    },
  };
}
