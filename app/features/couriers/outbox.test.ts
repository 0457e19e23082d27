import { describe, expect, test, vi } from "vitest";
import {
  entryFromForm,
  flushOutbox,
  formOf,
  MAX_WAITING,
  NOTICE_WORDS,
  noticeWords,
  OUTBOX_MESSAGES,
  refusalMessage,
  sendEntry,
  stopOf,
  verdictOf,
  waitingText,
  type OutboxEntry,
  type OutboxStore,
  type RefusedEntry,
  type Verdict,
} from "./outbox";

/** The outbox as the phone keeps it, in memory: the same rules as the IndexedDB store (outbox-store.ts). */
function memoryOutbox(): OutboxStore & { refusedEntries: RefusedEntry[] } {
  const waiting: OutboxEntry[] = [];
  const refusedEntries: RefusedEntry[] = [];
  return {
    refusedEntries,
    async add(entry) {
      if (waiting.some((item) => item.updateId === entry.updateId)) return "duplicate";
      if (waiting.length >= MAX_WAITING) return "full";
      waiting.push(entry);
      return "added";
    },
    async waiting() {
      return [...waiting];
    },
    async remove(updateId) {
      const index = waiting.findIndex((item) => item.updateId === updateId);
      if (index >= 0) waiting.splice(index, 1);
    },
    async refuse(entry) {
      refusedEntries.push(entry);
    },
    async refused() {
      return [...refusedEntries];
    },
    async dismiss(updateId) {
      const index = refusedEntries.findIndex((item) => item.updateId === updateId);
      if (index >= 0) refusedEntries.splice(index, 1);
    },
  };
}

const ID_A = "0b7f9a52-54a4-4c1e-9d0e-3b1c8f6d2a01";
const ID_B = "0b7f9a52-54a4-4c1e-9d0e-3b1c8f6d2a02";
const ID_C = "0b7f9a52-54a4-4c1e-9d0e-3b1c8f6d2a03";

function entry(updateId: string, trackingId = "SWP482913K7Q2ZD", status = "out_for_delivery"): OutboxEntry {
  return { updateId, url: `/courier/stops/${trackingId}`, trackingId, status, savedAt: 1_700_000_000_000, fields: [["updateId", updateId], ["status", status]] };
}

const answer = (status: number, url = "https://swiftparcel.example/courier", redirected = false) => ({ status, url, redirected });

describe("waitingText", () => {
  test("says how many updates wait, in plain words, and nothing when none do", () => {
    expect(waitingText(0)).toBeNull();
    expect(waitingText(1)).toBe("Waiting to be sent: 1 update");
    expect(waitingText(2)).toBe("Waiting to be sent: 2 updates");
  });

  test("in the page's words, the plural form its language needs for the count", () => {
    const spanish = { locale: "es-ES", waiting: { one: "Pendiente de envío: {{count}} actualización", other: "Pendientes de envío: {{count}} actualizaciones" } };
    expect(waitingText(1, spanish)).toBe("Pendiente de envío: 1 actualización");
    expect(waitingText(3, spanish)).toBe("Pendientes de envío: 3 actualizaciones");
    // Spanish's "many" (a million), which these words leave out, falls back to "other".
    expect(waitingText(0, spanish)).toBeNull();
    expect(waitingText(1_000_000, spanish)).toBe("Pendientes de envío: 1000000 actualizaciones");
  });
});

describe("noticeWords", () => {
  test("takes the page's words for the worker's notices, known names with text only, English for the rest", () => {
    expect(noticeWords(null)).toEqual(NOTICE_WORDS);
    expect(noticeWords({ lang: "fr", noSignal: "Pas de réseau", runSheet: "", extra: "x", full: 3 })).toEqual({ ...NOTICE_WORDS, lang: "fr", noSignal: "Pas de réseau" });
    expect(noticeWords({ notOpened: "x".repeat(600) }).notOpened).toHaveLength(500);
  });
});

describe("stopOf", () => {
  test("names the tracking ID of a stop's page only", () => {
    expect(stopOf("/courier/stops/swp482913k7q2zd")).toBe("SWP482913K7Q2ZD");
    expect(stopOf("/courier")).toBeNull();
    expect(stopOf("/courier/stops/A/B")).toBeNull();
    expect(stopOf("/admin/shipments/1")).toBeNull();
    expect(stopOf("/courier/stops/%E0%A4%A")).toBeNull();
  });
});

describe("entryFromForm and formOf", () => {
  test("keep every field of the form in order, files included, and give the same form back", async () => {
    const form = new FormData();
    form.append("updateId", ID_A);
    form.append("status", "delivered");
    form.append("receivedBy", "J. Smith");
    form.append("photo", new File([new Uint8Array([0xff, 0xd8, 0xff])], "door.jpg", { type: "image/jpeg" }));
    form.append("signature", new Blob([new Uint8Array([0x89, 0x50])], { type: "image/png" }), "signature.png");
    const kept = entryFromForm(new URL("https://swiftparcel.example/courier/stops/SWP482913K7Q2ZD?x=1"), form, 42)!;
    expect(kept).toMatchObject({ updateId: ID_A, url: "/courier/stops/SWP482913K7Q2ZD?x=1", trackingId: "SWP482913K7Q2ZD", status: "delivered", savedAt: 42 });
    expect(kept.fields.map(([name]) => name)).toEqual(["updateId", "status", "receivedBy", "photo", "signature"]);
    const again = formOf(kept);
    expect([...again.keys()]).toEqual(["updateId", "status", "receivedBy", "photo", "signature"]);
    const photo = again.get("photo") as File;
    expect(photo.name).toBe("door.jpg");
    expect(photo.type).toBe("image/jpeg");
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
    expect((again.get("signature") as File).name).toBe("signature.png");
  });

  test("keep nothing of a form without an update id or sent anywhere but a stop", () => {
    const form = new FormData();
    form.append("status", "delivered");
    expect(entryFromForm(new URL("https://swiftparcel.example/courier/stops/SWP1"), form, 1)).toBeNull();
    form.append("updateId", ID_A);
    expect(entryFromForm(new URL("https://swiftparcel.example/logout"), form, 1)).toBeNull();
  });
});

describe("verdictOf", () => {
  test("the run sheet after the post (applied, or a repeat already applied) is sent", () => {
    expect(verdictOf(answer(200, "https://swiftparcel.example/courier", true))).toEqual({ kind: "sent" });
  });

  test("the sign-in page waits for the courier to sign in", () => {
    expect(verdictOf(answer(200, "https://swiftparcel.example/login?redirectTo=%2Fcourier", true))).toEqual({ kind: "signed-out" });
  });

  test("a 4xx is refused with the server's message; 408, 429 and 5xx wait", () => {
    const page = '<form><div id="f-form-error" role="alert" class="x"><p>This parcel is not on your run sheet</p></div></form>';
    expect(verdictOf(answer(404, "https://swiftparcel.example/courier/stops/SWP1"), page)).toEqual({ kind: "refused", message: "This parcel is not on your run sheet" });
    expect(verdictOf(answer(409), page).kind).toBe("refused");
    for (const status of [408, 429, 500, 503]) expect(verdictOf(answer(status)).kind).toBe("retry");
  });
});

describe("refusalMessage", () => {
  test("reads the form's errors, then its fields', decoding entities", () => {
    const page = `<div role="alert" class="rounded-md"><p>Please check the form</p></div>
      <ul id="x-error" class=" space-y-0.5"><li class="text-sm font-medium text-red-700">Please choose why the delivery failed</li></ul>
      <ul><li class="text-sm font-medium text-red-700">A signature is required &amp; it&#x27;s missing</li></ul>`;
    expect(refusalMessage(page)).toBe("Please check the form Please choose why the delivery failed A signature is required & it's missing");
  });

  test("an error page says its heading; a page without either says the fallback", () => {
    expect(refusalMessage('<p aria-hidden="true">404</p><h1 class="text-3xl">Page Not Found</h1><p class="x">Shipment not found</p>')).toBe("Shipment not found");
    expect(refusalMessage('<p aria-hidden="true">403</p><h1 class="text-3xl">Not allowed</h1><div><a href="/">Go Home</a></div>')).toBe("Not allowed");
    expect(refusalMessage("<p>Bad Request</p>")).toBe(OUTBOX_MESSAGES.refusedFallback);
  });
});

describe("flushOutbox", () => {
  test("sends the waiting updates oldest first; each one sent leaves the outbox", async () => {
    const store = memoryOutbox();
    for (const id of [ID_A, ID_B, ID_C]) await store.add(entry(id));
    const sent: string[] = [];
    const result = await flushOutbox(store, async (item) => {
      sent.push(item.updateId);
      return { kind: "sent" };
    });
    expect(sent).toEqual([ID_A, ID_B, ID_C]);
    expect(result).toEqual({ sent: 3, refused: 0, waiting: 0, stoppedBy: null });
    expect(await store.waiting()).toEqual([]);
  });

  test("an update that must wait stops the round: it and the later ones stay, in order", async () => {
    const store = memoryOutbox();
    for (const id of [ID_A, ID_B, ID_C]) await store.add(entry(id));
    const verdicts: Verdict[] = [{ kind: "sent" }, { kind: "retry" }];
    const send = vi.fn(async () => verdicts.shift() ?? { kind: "sent" as const });
    const result = await flushOutbox(store, send);
    expect(send).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ sent: 1, refused: 0, waiting: 2, stoppedBy: "retry" });
    expect((await store.waiting()).map((item) => item.updateId)).toEqual([ID_B, ID_C]);
  });

  test("signed out, nothing more is sent until the courier signs in", async () => {
    const store = memoryOutbox();
    await store.add(entry(ID_A));
    expect(await flushOutbox(store, async () => ({ kind: "signed-out" }))).toEqual({ sent: 0, refused: 0, waiting: 1, stoppedBy: "signed-out" });
    expect(await store.waiting()).toHaveLength(1);
  });

  test("a refused update leaves the outbox for the refusals, with the server's message, and the next one goes on", async () => {
    const store = memoryOutbox();
    await store.add(entry(ID_A, "SWP1", "delivered"));
    await store.add(entry(ID_B));
    const verdicts: Verdict[] = [{ kind: "refused", message: "A signature is required" }, { kind: "sent" }];
    const result = await flushOutbox(store, async () => verdicts.shift()!, () => 99);
    expect(result).toEqual({ sent: 1, refused: 1, waiting: 0, stoppedBy: null });
    expect(await store.waiting()).toEqual([]);
    expect(store.refusedEntries).toEqual([{ updateId: ID_A, trackingId: "SWP1", status: "delivered", savedAt: 1_700_000_000_000, refusedAt: 99, message: "A signature is required" }]);
  });

  test("the same update kept twice waits once", async () => {
    const store = memoryOutbox();
    expect(await store.add(entry(ID_A))).toBe("added");
    expect(await store.add(entry(ID_A))).toBe("duplicate");
    expect(await store.waiting()).toHaveLength(1);
  });
});

describe("sendEntry", () => {
  test("posts the kept form to its address on the site, following the answer's redirect", async () => {
    const fetcher = vi.fn(async () => ({ status: 200, redirected: true, url: "https://swiftparcel.example/courier", text: async () => "" }) as Response);
    expect(await sendEntry(entry(ID_A), "https://swiftparcel.example", fetcher as unknown as typeof fetch)).toEqual({ kind: "sent" });
    const [url, init] = fetcher.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.href).toBe("https://swiftparcel.example/courier/stops/SWP482913K7Q2ZD");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", redirect: "follow" });
    expect((init.body as FormData).get("updateId")).toBe(ID_A);
  });

  test("no answer at all (no signal) waits", async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await sendEntry(entry(ID_A), "https://swiftparcel.example", fetcher as typeof fetch)).toEqual({ kind: "retry" });
  });
});
