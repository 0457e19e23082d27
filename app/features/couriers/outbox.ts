// The courier's outbox: status updates saved on the phone while it has no signal, sent in the
// order they were made once it has. An update is its form as sent (every field, files
// included) and the address it was sent to; its id (the form's `updateId`, made on the phone)
// lets the server apply a repeat once. These are the rules; the phone keeps the entries in
// IndexedDB (outbox-store.ts) and the courier pages' service worker sends them (courier-sw.ts).

import { fillIn } from "./page-words";

/** A form field's value as the phone keeps it: text, or a file (a photo, a drawn signature). */
export type FieldValue = string | Blob;

/** One update waiting to be sent. */
export type OutboxEntry = {
  updateId: string;
  /** The form's action, path and query: where it goes. */
  url: string;
  trackingId: string;
  /** The status chosen, as the form names it (`out_for_delivery`). */
  status: string;
  savedAt: number;
  fields: [string, FieldValue][];
};

/** An update the server turned down: it will never be applied as it is, so it leaves the outbox and the courier is told why. */
export type RefusedEntry = Omit<OutboxEntry, "url" | "fields"> & { refusedAt: number; message: string };

/** Where the phone keeps the outbox; entries come back in the order they were saved. */
export interface OutboxStore {
  /** "duplicate" when an entry with the same update id waits already; "full" at MAX_WAITING. */
  add(entry: OutboxEntry): Promise<"added" | "duplicate" | "full">;
  waiting(): Promise<OutboxEntry[]>;
  remove(updateId: string): Promise<void>;
  /** Keeps the newest MAX_REFUSED refusals. */
  refuse(entry: RefusedEntry): Promise<void>;
  refused(): Promise<RefusedEntry[]>;
  dismiss(updateId: string): Promise<void>;
}

/** The most updates kept waiting on the phone (a day's run sheet is at most 200 stops). */
export const MAX_WAITING = 400;
/** The most refusals kept to show. */
export const MAX_REFUSED = 50;

export const OUTBOX_MESSAGES = {
  saved: "No signal: the update is saved on this phone and will be sent when the signal returns.",
  full: `No signal, and ${MAX_WAITING} updates are already waiting on this phone: nothing was saved. Send them first (find a signal), then try again.`,
  signIn: "Sign in again to send the waiting updates.",
  allSent: "Every update is sent.",
  offlineReady: "This page opens without signal.",
  refusedFallback: "The server refused this update.",
  notKept: "No signal, and this form has no update id, so it was not kept: reload the stop's page with signal and try again.",
  notOpened: "No signal, and this page was not opened on this phone before.",
  waiting: "Waiting to be sent",
  notSent: "Not sent",
} as const;

/**
 * What the outbox panel writes (offline.ts), as the page gives it in its language
 * (data-outbox-words): `waiting` in each plural form of `locale` (the form "other" at least),
 * `{{name}}` where a value goes. The English words are the defaults.
 */
export type OutboxWords = {
  /** The `Intl` locale of times and plural forms; the browser's own when absent. */
  locale?: string;
  waiting: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  waitingList: string;
  entry: string;
  refusedEntry: string;
  signIn: string;
  signInLink: string;
  allSent: string;
  notSent: string;
  ok: string;
  okLabel: string;
  offlineReady: string;
  refusedFallback: string;
};

export const OUTBOX_WORDS: OutboxWords = {
  waiting: { one: "Waiting to be sent: {{count}} update", other: "Waiting to be sent: {{count}} updates" },
  waitingList: OUTBOX_MESSAGES.waiting,
  entry: "{{trackingId}}: {{status}}, saved at {{time}}",
  refusedEntry: "{{trackingId}}: {{status}}, saved at {{time}}. {{message}}",
  signIn: OUTBOX_MESSAGES.signIn,
  signInLink: "Sign in",
  allSent: OUTBOX_MESSAGES.allSent,
  notSent: OUTBOX_MESSAGES.notSent,
  ok: "OK",
  okLabel: "OK, {{trackingId}} not sent",
  offlineReady: OUTBOX_MESSAGES.offlineReady,
  refusedFallback: OUTBOX_MESSAGES.refusedFallback,
};

/**
 * The page the service worker answers with when it has nothing better without signal, in the
 * words of the last courier page that gave them (data-offline-notice; the worker keeps them).
 */
export type NoticeWords = { lang: string; noSignal: string; runSheet: string; notKept: string; full: string; notOpened: string };

export const NOTICE_WORDS: NoticeWords = {
  lang: "en",
  noSignal: "No signal",
  runSheet: "Run sheet",
  notKept: OUTBOX_MESSAGES.notKept,
  full: OUTBOX_MESSAGES.full,
  notOpened: OUTBOX_MESSAGES.notOpened,
};

/** The notice words a page sent, over the English ones: only known names with text. */
export function noticeWords(given: unknown): NoticeWords {
  const words = { ...NOTICE_WORDS };
  if (given && typeof given === "object") {
    for (const name of Object.keys(NOTICE_WORDS) as (keyof NoticeWords)[]) {
      const value = (given as Record<string, unknown>)[name];
      if (typeof value === "string" && value.trim() !== "") words[name] = value.slice(0, 500);
    }
  }
  return words;
}

/** "Waiting to be sent: 2 updates" (in the words' language); null when nothing waits. */
export function waitingText(count: number, words: Pick<OutboxWords, "locale" | "waiting"> = OUTBOX_WORDS): string | null {
  if (count === 0) return null;
  const form = new Intl.PluralRules(words.locale ?? "en").select(count);
  return fillIn(words.waiting[form] ?? words.waiting.other, { count });
}

/** A courier's stop page, `/courier/stops/{trackingId}`: its tracking ID, or null for any other path. */
export function stopOf(pathname: string): string | null {
  const match = /^\/courier\/stops\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!).toUpperCase();
  } catch {
    return null;
  }
}

/** The entry of a status form sent to `url` without signal; null when it is not a stop's form or has no update id. */
export function entryFromForm(url: URL, form: FormData, savedAt: number): OutboxEntry | null {
  const trackingId = stopOf(url.pathname);
  const updateId = form.get("updateId");
  if (trackingId === null || typeof updateId !== "string" || updateId === "") return null;
  const status = form.get("status");
  return {
    updateId,
    url: url.pathname + url.search,
    trackingId,
    status: typeof status === "string" ? status : "",
    savedAt,
    fields: [...form.entries()],
  };
}

/** The entry's form again, as it was sent. */
export function formOf(entry: Pick<OutboxEntry, "fields">): FormData {
  const form = new FormData();
  for (const [name, value] of entry.fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, value instanceof File ? value.name : "blob");
  }
  return form;
}

/**
 * What the server's answer to a sent update means:
 * - `sent`: it took it (a success and a repeat it had already applied both send the courier on
 *   to the run sheet); the entry leaves the outbox;
 * - `refused`: a 4xx other than 408 and 429, the update as it is will never be taken; it leaves
 *   the outbox and the courier sees the server's message;
 * - `signed-out`: the answer is the sign-in page; it waits for the courier to sign in again;
 * - `retry`: no answer (no signal), a server error, 408 or 429: it waits, and so does every
 *   update after it, so they land in order.
 */
export type Verdict = { kind: "sent" } | { kind: "refused"; message: string } | { kind: "signed-out" } | { kind: "retry" };

export function verdictOf(answer: { status: number; redirected: boolean; url: string }, body = ""): Verdict {
  const landed = answer.url === "" ? "" : new URL(answer.url).pathname;
  if (landed === "/login" || landed.startsWith("/login/")) return { kind: "signed-out" };
  if (answer.status >= 200 && answer.status < 400) return { kind: "sent" };
  if (answer.status === 408 || answer.status === 429 || answer.status >= 500) return { kind: "retry" };
  return { kind: "refused", message: refusalMessage(body) };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The server's message in a refused form's page: the form's own errors (role="alert"), then
 * each field's (the lists of red lines), else the error page's; the fallback when none.
 */
export function refusalMessage(html: string): string {
  const messages: string[] = [];
  for (const match of html.matchAll(/<div[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/g)) messages.push(...[...match[1]!.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((p) => textOf(p[1]!)));
  for (const match of html.matchAll(/<li class="[^"]*text-red-700[^"]*"[^>]*>([\s\S]*?)<\/li>/g)) messages.push(textOf(match[1]!));
  if (messages.length === 0) {
    // An error page: the sentence under its heading when it has one (a missing page's reason), else the heading.
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>\s*(?:<p[^>]*>([\s\S]*?)<\/p>)?/.exec(html);
    if (heading) messages.push(textOf(heading[2] ?? heading[1]!));
  }
  const unique = [...new Set(messages.filter(Boolean))];
  return unique.length === 0 ? OUTBOX_MESSAGES.refusedFallback : unique.join(" ").slice(0, 500);
}

export type FlushResult = { sent: number; refused: number; waiting: number; stoppedBy: "retry" | "signed-out" | null };

/**
 * Sends the waiting updates one at a time, oldest first. A sent or refused one leaves the
 * outbox (a refused one joins the refusals); the first that must wait stops the round, so a
 * later update never lands before an earlier one.
 */
export async function flushOutbox(store: OutboxStore, send: (entry: OutboxEntry) => Promise<Verdict>, now: () => number = Date.now): Promise<FlushResult> {
  const entries = await store.waiting();
  const result: FlushResult = { sent: 0, refused: 0, waiting: entries.length, stoppedBy: null };
  for (const entry of entries) {
    const verdict = await send(entry);
    if (verdict.kind === "retry" || verdict.kind === "signed-out") {
      result.stoppedBy = verdict.kind;
      break;
    }
    if (verdict.kind === "refused") {
      const { url: _url, fields: _fields, ...rest } = entry;
      await store.refuse({ ...rest, refusedAt: now(), message: verdict.message });
      result.refused += 1;
    } else {
      result.sent += 1;
    }
    await store.remove(entry.updateId);
    result.waiting -= 1;
  }
  return result;
}

/** Sends one waiting update as its form was sent, and says what the answer means (no answer at all: `retry`). */
export async function sendEntry(entry: OutboxEntry, origin: string, fetcher: typeof fetch = fetch): Promise<Verdict> {
  let answer: Response;
  try {
    answer = await fetcher(new URL(entry.url, origin), { method: "POST", body: formOf(entry), credentials: "same-origin", redirect: "follow" });
  } catch {
    return { kind: "retry" };
  }
  const refusal = answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429;
  return verdictOf(answer, refusal ? await answer.text() : "");
}
