// What a request with a body may carry, checked by the worker entry before Remix sees it:
// a size cap and the content types each path takes (a table: the first matching rule wins),
// then, for a form, its shape (form-shape.ts). Single-fetch posts go to `<path>.data`; the
// rules of `<path>` apply to them.
import { MAX_JSON_BYTES } from "./json-api";
import { formShapeProblem } from "./form-shape";
import { IMPORT_LIMITS } from "~/features/shipments/shipment-import";
import { PROOF_LIMITS } from "~/features/couriers/proof-image";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
type BodyType = (typeof FORM_TYPES)[number] | "application/json" | "text/csv";

export type RequestRule = {
  /** Applies to this path and everything below it (`/contact`: /contact and /contact/...). */
  prefix: string;
  maxBytes: number;
  accepts: readonly BodyType[];
  /** A request without a body (a POST that only names its target, like a cancel) passes. */
  bodiless?: boolean;
  /** File fields the form may carry (none unless given). */
  files?: number;
};

const KB = 1024;

/** 64 KB: a contact message or reply of 5,000 characters, each percent-encoded to nine bytes, fits. */
const LONG_FORM_BYTES = 64 * KB;

/** A CSV file of shipments at its bound (the service refuses a larger file with its own message), and the multipart envelope around it. */
const IMPORT_UPLOAD: Omit<RequestRule, "prefix"> = { maxBytes: IMPORT_LIMITS.bytes + 16 * KB, accepts: ["multipart/form-data"], files: 1 };

/** The public API's bodies: JSON objects, or no body at all. */
const API_JSON: Omit<RequestRule, "prefix"> = { maxBytes: MAX_JSON_BYTES, accepts: ["application/json"], bodiless: true };

export const REQUEST_RULES: readonly RequestRule[] = [
  // The public API (/api/v1): its bulk import takes the CSV file itself, at the file's bound;
  // the addresses below it (an import's confirm) and every other one take JSON.
  { prefix: "/api/v1/imports/", ...API_JSON },
  { prefix: "/api/v1/imports", maxBytes: IMPORT_LIMITS.bytes, accepts: ["text/csv"] },
  { prefix: "/api/v1/", ...API_JSON },
  // The JSON API (the support chat's) takes JSON only; it parses and checks its own bodies.
  { prefix: "/api/", maxBytes: MAX_JSON_BYTES, accepts: ["application/json"] },
  // A contact message and an admin's reply: 5,000 characters, each up to nine bytes encoded.
  { prefix: "/contact", maxBytes: LONG_FORM_BYTES, accepts: FORM_TYPES },
  { prefix: "/admin/messages", maxBytes: LONG_FORM_BYTES, accepts: FORM_TYPES },
  // The upload of a CSV file of shipments: one file, in a multipart form.
  { prefix: "/dashboard/import", ...IMPORT_UPLOAD },
  { prefix: "/admin/shipments/import", ...IMPORT_UPLOAD },
  // A courier's status at the door: a photo and a drawn signature with the proof of delivery.
  { prefix: "/courier/stops", maxBytes: PROOF_LIMITS.photoBytes + PROOF_LIMITS.signatureBytes + 16 * KB, accepts: FORM_TYPES, files: 2 },
  // Every other form action: the largest form (20 packages) is a few KB.
  { prefix: "/", maxBytes: 32 * KB, accepts: FORM_TYPES },
];

export type Refusal = { status: 400 | 413 | 415; message: string };
export type BodyCheck =
  | { ok: true; request: Request }
  | {
      ok: false;
      refusal: Refusal;
      /** What is left of a body refused before its end: read it away before answering (`discardBody`). */
      unread?: ReadableStream<Uint8Array>;
    };

/**
 * How much of a refused body is read away (and dropped) before the answer; the rest is
 * cancelled. Cloudflare's own cap on a request body (100 MB on the Free and Pro plans), so that
 * in practice every refused body is read to its end: a cancelled one leaves the client's
 * keep-alive connection unusable, and a `Connection: close` on the answer does not help (the
 * runtime drops that header). Reading costs wall time, not memory: nothing read is kept.
 */
export const DISCARD_LIMIT = 100 * 1024 * 1024;

/** Methods whose requests carry no body to check. */
const BODILESS = new Set(["GET", "HEAD"]);

export function carriesBody(request: Request): boolean {
  return !BODILESS.has(request.method);
}

/** The page a request is for: single fetch asks for `/login` as `/login.data`, and `/` as `/_root.data`. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function covers(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);
}

export function ruleFor(pathname: string): RequestRule {
  const path = pagePath(pathname);
  return REQUEST_RULES.find((rule) => covers(rule.prefix, path)) ?? REQUEST_RULES[REQUEST_RULES.length - 1]!;
}

function kilobytes(bytes: number): string {
  return `${Math.floor(bytes / KB)} KB`;
}

function tooLarge(rule: RequestRule, unread: ReadableStream<Uint8Array> | null): BodyCheck {
  return {
    ok: false,
    refusal: { status: 413, message: `The request is too large: this address takes at most ${kilobytes(rule.maxBytes)}.` },
    ...(unread ? { unread } : {}),
  };
}

function unsupported(message: string, request: Request): BodyCheck {
  return { ok: false, refusal: { status: 415, message }, ...(request.body ? { unread: request.body } : {}) };
}

/**
 * Reads away (without keeping) what a refused request still sends, up to DISCARD_LIMIT, before
 * the answer goes out: wrangler dev's proxy holds the next request for 20 s when a worker
 * answers a body it has not read (cloudflare/miniflare#577, workers-sdk#15203), and after the
 * answer workerd no longer lets the body be read. Issue 22: with a limit of 1 MB, a 2 MB form's
 * 413 left the rest unread and the next request on the same keep-alive connection hung.
 */
export async function discardBody(body: ReadableStream<Uint8Array>): Promise<void> {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    // Already being read (or read) elsewhere: nothing for this answer to leave behind.
    return;
  }
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DISCARD_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing is left to read.
  }
}

/**
 * The body, read until it ends or passes `maxBytes`: a missing Content-Length is no way
 * around the cap. Past the cap, the stream with the rest of it (read partly) instead.
 */
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | { rest: ReadableStream<Uint8Array> }> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return { rest: request.body };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The media type and whether a multipart type names its boundary. */
function mediaType(header: string | null): { type: string; boundary: boolean } | null {
  if (header === null || header.trim() === "") return null;
  const [type = "", ...parameters] = header.split(";");
  const boundary = parameters.some((parameter) => /^\s*boundary\s*=\s*("?)[^"\s]+\1\s*$/i.test(parameter));
  return { type: type.trim().toLowerCase(), boundary };
}

async function readForm(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<Iterable<[string, FormDataEntryValue]> | null> {
  try {
    return await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return null;
  }
}

/**
 * Checks a request that carries a body against its path's rule. On success, hands back a
 * request with the body already read, for Remix to read again.
 */
export async function checkRequestBody(request: Request): Promise<BodyCheck> {
  const rule = ruleFor(new URL(request.url).pathname);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > rule.maxBytes) return tooLarge(rule, request.body);

  const contentType = request.headers.get("Content-Type");
  if (rule.bodiless && contentType === null) {
    // A POST that only names its target: clients send it with no body or an empty one (curl -X POST, Content-Length: 0).
    const body = await readCapped(request, 0);
    if (!("rest" in body)) return { ok: true, request: new Request(request, { body: null }) };
  }
  const media = mediaType(contentType);
  const accepted = rule.accepts.find((type) => type === media?.type);
  if (!accepted) {
    const sent = media ? `${media.type} bodies` : "bodies without a Content-Type";
    return unsupported(`This address does not take ${sent}: send ${rule.accepts.join(" or ")}.`, request);
  }
  if (accepted === "multipart/form-data" && !media!.boundary) return unsupported("This multipart/form-data body names no boundary.", request);

  const body = await readCapped(request, rule.maxBytes);
  if ("rest" in body) return tooLarge(rule, body.rest);
  if (FORM_TYPES.some((type) => type === accepted)) {
    const form = await readForm(body, contentType!);
    if (form === null) return { ok: false, refusal: { status: 400, message: "The form could not be read." } };
    const problem = formShapeProblem(form, { files: rule.files ?? 0 });
    if (problem) return { ok: false, refusal: { status: 400, message: problem } };
  }
  return { ok: true, request: new Request(request, { body }) };
}
