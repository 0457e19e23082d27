// The public API, /api/v1: one table of operations (method, path, the scope a key needs, the
// schemas of its parameters and answers, the service it calls). The dispatcher below checks a
// call in one order (the key, its rate limit, its scope, the parameters, the Idempotency-Key)
// and answers problem+json for every refusal; the OpenAPI document (openapi.server.ts) is
// generated from the same table and schemas. Services do the work, as for the forms.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { getDb } from "~/.server/db";
import type { Actor } from "~/.server/events";
import type { Refused } from "~/.server/outcome";
import { clientAddress } from "~/.server/rate-limit";
import type { ServiceContext } from "~/load-context";
import { getInvoiceForViewer } from "~/features/invoices/invoices.server";
import { getSettings } from "~/features/settings/settings.server";
import { parcelLabelSvg } from "~/features/shipments/label-svg.server";
import { getReceipt } from "~/features/shipments/receipt.server";
import { cancelShipment, setShipmentLocation } from "~/features/shipments/shipment-changes.server";
import { createShipmentFromInput, QuoteSchema, quoteFromInput, STEP_SCHEMAS } from "~/features/shipments/shipment-drafts.server";
import { confirmImport, getImportPreview, previewImport, type Importer } from "~/features/shipments/shipment-import.server";
import { changeStatus } from "~/features/shipments/shipments.server";
import { lookUpMany, lookUpTracking } from "~/features/tracking/tracking.server";
import { normalizeTrackingId, parseTrackingSearch } from "~/features/tracking/tracking-id";
import { API_BASE, API_CALLS_PER_MINUTE, type Scope } from "./api-keys";
import { findApiCaller, noteKeyUse, type ApiCaller } from "./api-keys.server";
import { decodeCursor, listInvoicesByCursor, listShipmentsByCursor, shipmentTrackingId } from "./api-lists.server";
import {
  CancelResponse,
  ChangeResponse,
  IdParams,
  ImportConfirmResponse,
  ImportFileBody,
  ImportQuery,
  ImportResponse,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceResponse,
  LocationUpdateSchema,
  QuoteResponse,
  ReceiptResponse,
  ShipmentCreatedResponse,
  ShipmentListQuery,
  ShipmentListResponse,
  ShipmentResponse,
  StatusUpdateSchema,
  TrackingIdParams,
  TrackingManyQuery,
  TrackingManyResponse,
  TrackingResponse,
} from "./api-schemas";
import { claimIdempotencyKey, isIdempotencyKey, keepAnswer, releaseKey, requestHash } from "./idempotency.server";
import { apiJson, problemResponse, refusalProblem, type FieldProblem } from "./problem.server";

const API_LIMIT_PERIOD_SECONDS = 60;

type Call = {
  context: ServiceContext;
  caller: ApiCaller;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The body as sent, for an operation that takes a file (`bodyType`). */
  file: Uint8Array;
  request: Request;
};

type Answer = Response | Refused | { status: number; body: unknown; headers?: HeadersInit };

export type Operation = {
  operationId: string;
  method: "GET" | "POST";
  /** OpenAPI style, below API_BASE: "/shipments/{id}". */
  path: string;
  summary: string;
  description?: string;
  tag: "Tracking" | "Quotes" | "Shipments" | "Imports" | "Status updates" | "Invoices";
  scope: Scope;
  /** Service keys only (an admin's or a partner's): status and location updates. */
  serviceOnly?: boolean;
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  /** The body's schema, for the document and (with `checkBody`) for the call. */
  body?: z.ZodTypeAny;
  /** Checked here against `body`; otherwise the service checks it with the form's own rules. */
  checkBody?: boolean;
  /** A body that is a file of this type (the worker entry's request rules admit only it), handed over as sent; JSON otherwise. */
  bodyType?: "text/csv";
  success: { status: 200 | 201; schema?: z.ZodTypeAny; description: string; contentType?: string };
  /** Refusals besides every operation's 401, 403, 422 and 429. */
  refusals: readonly (404 | 409 | 413 | 415 | 400)[];
  handle: (call: Call) => Promise<Answer>;
};

function actorOf(caller: ApiCaller): Actor {
  const { user } = caller;
  return { userId: user.id, email: user.email, label: `${user.firstName} ${user.lastName} (API key ${caller.name})` };
}

/** Whose rows a key reaches: a customer's key its own account's, a service key every one. */
function ownerOf(caller: ApiCaller): string | null {
  return caller.kind === "service" ? null : caller.user.id;
}

const notFound = (message = "Shipment not found"): Refused => ({ ok: false, reason: "not-found", message });

/** Who imports with a key: a customer's key for its account, a service key for the back office (no account). */
function importerOf(caller: ApiCaller): Importer {
  return { area: caller.kind === "service" ? "admin" : "customer", user: caller.user };
}

/** An import as the API answers it: its figures and one page of its rows, with the next page's address. */
async function importAnswer(call: Call, importId: string, { rows, page }: { rows: "all" | "errors"; page: number }) {
  const preview = await getImportPreview(call.context, { importer: importerOf(call.caller), importId, page, errorsOnly: rows === "errors" });
  if (!preview) return null;
  const { summary, pagination } = preview;
  const { id, rowCount, validCount, createdCount, finishedAt, expiresAt } = summary;
  const path = `${API_BASE}/imports/${encodeURIComponent(id)}`;
  return {
    id,
    rowCount,
    validCount,
    errorRowCount: rowCount - validCount,
    createdCount,
    finishedAt,
    expiresAt,
    rows: preview.rows.map(({ line, recipient, destination, description, weight, service, created, errors }) => ({ line, recipient, destination, description, weight, service, created, errors })),
    page: pagination.page,
    pageCount: pagination.pageCount,
    nextPage: pagination.page < pagination.pageCount ? `${path}?rows=${rows}&page=${pagination.page + 1}` : null,
  };
}

const IMPORT_NOT_FOUND = "No such import for this key: it has expired (a day after its upload), or it is another account's.";

async function ownTrackingId(call: Call): Promise<string | null> {
  return shipmentTrackingId(call.context.db, call.params.id ?? "", ownerOf(call.caller));
}

export const OPERATIONS: readonly Operation[] = [
  {
    operationId: "trackShipment",
    method: "GET",
    path: "/tracking/{trackingId}",
    summary: "Track one shipment",
    description: "What the tracking page shows for this ID: status, history, places and dates to any key; the parties, contents and price only to the shipment's owner's keys and service keys.",
    tag: "Tracking",
    scope: "read",
    params: TrackingIdParams,
    success: { status: 200, schema: TrackingResponse, description: "The shipment as this key may see it" },
    refusals: [404],
    async handle({ context, caller, params }) {
      const found = await lookUpTracking(context.db, normalizeTrackingId(params.trackingId ?? ""), caller.user);
      if (!found) return notFound("No tracking information found");
      const { rating: _rating, publicVersion: _version, viewerIsOwner: _owner, ...view } = found;
      return { status: 200, body: view };
    },
  },
  {
    operationId: "trackShipments",
    method: "GET",
    path: "/tracking",
    summary: "Track several shipments",
    description: "Up to 10 tracking IDs, separated by commas or spaces; public facts only, each ID in the order asked with null when no shipment has it.",
    tag: "Tracking",
    scope: "read",
    query: TrackingManyQuery,
    success: { status: 200, schema: TrackingManyResponse, description: "Each ID asked for, in order" },
    refusals: [],
    async handle({ context, query }) {
      const search = parseTrackingSearch(String(query.ids ?? ""));
      if (!search.ok) return { ok: false, reason: "invalid", message: search.message, fieldErrors: { ids: [search.message] } };
      return { status: 200, body: { data: await lookUpMany(context.db, search.trackingIds) } };
    },
  },
  {
    operationId: "createQuote",
    method: "POST",
    path: "/quotes",
    summary: "Price a parcel set",
    description: "The price and delivery estimate the shipment form shows, by the same rules; nothing is stored.",
    tag: "Quotes",
    scope: "read",
    body: QuoteSchema,
    success: { status: 200, schema: QuoteResponse, description: "The quote, in minor units of its currency" },
    refusals: [400, 413, 415],
    async handle({ context, body }) {
      const outcome = await quoteFromInput(context, body);
      if (!outcome.ok) return outcome;
      const { quote, charge, weightKg, declaredValue, estimatedDelivery } = outcome.estimate;
      return { status: 200, body: { currency: quote.currency, lines: quote.lines.map(({ key, label, amount }) => ({ key, label, amount })), charge, weightKg, declaredValue, estimatedDelivery } };
    },
  },
  {
    operationId: "listShipments",
    method: "GET",
    path: "/shipments",
    summary: "List shipments",
    description: "Newest first, a page at a time: pass `nextCursor` as `cursor` for the next page. A customer's key lists its own shipments, a service key every one.",
    tag: "Shipments",
    scope: "read",
    query: ShipmentListQuery,
    success: { status: 200, schema: ShipmentListResponse, description: "One page of shipments" },
    refusals: [],
    async handle({ context, caller, query }) {
      const cursor = typeof query.cursor === "string" ? decodeCursor(query.cursor) : null;
      if (typeof query.cursor === "string" && !cursor) return { ok: false, reason: "invalid", message: "This cursor is not one this API gave out", fieldErrors: { cursor: ["This cursor is not one this API gave out"] } };
      const page = await listShipmentsByCursor(context.db, { ownerId: ownerOf(caller), status: query.status as never, search: typeof query.search === "string" ? query.search.trim().toUpperCase() : undefined, limit: query.limit as number, cursor });
      return { status: 200, body: page };
    },
  },
  {
    operationId: "createShipment",
    method: "POST",
    path: "/shipments",
    summary: "Create a shipment",
    description: "Every rule of the four-step shipment form at once; every fault in one answer. Created with its first history entry, its unpaid invoice and its mail to the sender and the recipient.",
    tag: "Shipments",
    scope: "write",
    body: STEP_SCHEMAS.all,
    success: { status: 201, schema: ShipmentCreatedResponse, description: "The new shipment" },
    refusals: [400, 413, 415],
    async handle({ context, caller, body, request }) {
      const outcome = await createShipmentFromInput(context, caller.user, body, { clientAddress: clientAddress(request), action: "api-shipment" });
      if (!outcome.ok) return outcome;
      const { id, trackingId, invoiceId } = outcome.shipment;
      return {
        status: 201,
        body: { id, trackingId, invoiceId, status: "pending", trackingUrl: `${context.origin}/track/${encodeURIComponent(trackingId)}` },
        headers: { Location: `${API_BASE}/shipments/${encodeURIComponent(id)}` },
      };
    },
  },
  {
    operationId: "createImport",
    method: "POST",
    path: "/imports",
    summary: "Upload a CSV file of shipments",
    description:
      "The bulk import of the dashboard: every row is checked by the shipment form's rules, every error of a row at once, and the file is kept for a day. Nothing is created yet: the answer lists the rows with errors (a page of 50; `nextPage` for more), and the confirm creates the rows that pass. A file that cannot be read as a whole (not UTF-8 CSV, a header that does not name the template's columns, no rows) is 422; over 2 MB or 5,000 rows, 413.",
    tag: "Imports",
    scope: "write",
    body: ImportFileBody,
    bodyType: "text/csv",
    success: { status: 201, schema: ImportResponse, description: "The import, with the first page of its rows with errors" },
    refusals: [413, 415],
    async handle(call) {
      const { context, caller, file, request } = call;
      const outcome = await previewImport(context, {
        importer: importerOf(caller),
        file: { name: "api-upload.csv", size: file.byteLength, arrayBuffer: async () => file.slice().buffer },
        clientAddress: clientAddress(request),
      });
      // The file is the body as a whole: its refusal names no field.
      if (!outcome.ok) return { ...outcome, fieldErrors: undefined };
      const body = await importAnswer(call, outcome.importId, { rows: "errors", page: 1 });
      if (!body) return notFound(IMPORT_NOT_FOUND);
      return { status: 201, body, headers: { Location: `${API_BASE}/imports/${encodeURIComponent(outcome.importId)}` } };
    },
  },
  {
    operationId: "getImport",
    method: "GET",
    path: "/imports/{id}",
    summary: "Get an import's preview",
    description: "The import's figures and a page of its rows (50 a page), all of them or (`rows=errors`) only those with errors, each with every one of its errors.",
    tag: "Imports",
    scope: "read",
    params: IdParams,
    query: ImportQuery,
    success: { status: 200, schema: ImportResponse, description: "The import and one page of its rows" },
    refusals: [404],
    async handle(call) {
      const body = await importAnswer(call, call.params.id ?? "", { rows: call.query.rows as "all" | "errors", page: call.query.page as number });
      return body ? { status: 200, body } : notFound(IMPORT_NOT_FOUND);
    },
  },
  {
    operationId: "confirmImport",
    method: "POST",
    path: "/imports/{id}/confirm",
    summary: "Create an import's shipments",
    description:
      "Creates every row that passes (checked again) in one step, each shipment as the form makes it (history, invoice, mail), and leaves out the rows with errors. Safe to repeat: a row becomes a shipment once, and a finished import answers what it came to.",
    tag: "Imports",
    scope: "write",
    params: IdParams,
    success: { status: 200, schema: ImportConfirmResponse, description: "What the import came to" },
    refusals: [404],
    async handle({ context, caller, params }) {
      const id = params.id ?? "";
      const outcome = await confirmImport(context, { importer: importerOf(caller), importId: id });
      if (!outcome.ok) return notFound(IMPORT_NOT_FOUND);
      return { status: 200, body: { id, created: outcome.created, leftOut: outcome.leftOut, message: outcome.message ?? "" } };
    },
  },
  {
    operationId: "getShipment",
    method: "GET",
    path: "/shipments/{id}",
    summary: "Get one shipment",
    tag: "Shipments",
    scope: "read",
    params: IdParams,
    success: { status: 200, schema: ShipmentResponse, description: "The shipment with its history, parties, contents and price" },
    refusals: [404],
    async handle(call) {
      const trackingId = await ownTrackingId(call);
      const found = trackingId ? await lookUpTracking(call.context.db, trackingId, call.caller.user) : null;
      if (!found) return notFound();
      const { rating: _rating, publicVersion: _version, viewerIsOwner: _owner, ...view } = found;
      return { status: 200, body: { id: call.params.id, ...view } };
    },
  },
  {
    operationId: "cancelShipment",
    method: "POST",
    path: "/shipments/{id}/cancel",
    summary: "Cancel a shipment",
    description: "Only until it is picked up (pending, confirmed, processing) and while its invoice is not paid: the shipment is removed and its invoice voided and kept. Otherwise 409.",
    tag: "Shipments",
    scope: "write",
    params: IdParams,
    success: { status: 200, schema: CancelResponse, description: "Cancelled" },
    refusals: [404, 409],
    async handle({ context, caller, params }) {
      const outcome = await cancelShipment(context, { shipmentId: params.id ?? "", ownerId: ownerOf(caller), actor: actorOf(caller) });
      if (!outcome.ok) return outcome;
      return { status: 200, body: { id: params.id, trackingId: outcome.trackingId, cancelled: true, message: outcome.message } };
    },
  },
  {
    operationId: "getShipmentLabel",
    method: "GET",
    path: "/shipments/{id}/label",
    summary: "The shipment's 4 × 6 inch label",
    tag: "Shipments",
    scope: "read",
    params: IdParams,
    success: { status: 200, description: "The label as an SVG document (barcode and QR code included)", contentType: "image/svg+xml" },
    refusals: [404],
    async handle(call) {
      if (!(await ownTrackingId(call))) return notFound();
      const [receipt, settings] = await Promise.all([getReceipt(call.context.db, call.params.id ?? "", call.context.origin), getSettings(call.context.db)]);
      if (!receipt) return notFound();
      return new Response(parcelLabelSvg(receipt, settings.companyName), { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "no-store" } });
    },
  },
  {
    operationId: "getShipmentReceipt",
    method: "GET",
    path: "/shipments/{id}/receipt",
    summary: "The shipment's receipt",
    tag: "Shipments",
    scope: "read",
    params: IdParams,
    success: { status: 200, schema: ReceiptResponse, description: "What the printable receipt shows" },
    refusals: [404],
    async handle(call) {
      if (!(await ownTrackingId(call))) return notFound();
      const receipt = await getReceipt(call.context.db, call.params.id ?? "", call.context.origin);
      if (!receipt) return notFound();
      const { shipment: s, packages, costLines, charge, estimatedDelivery, trackingUrl } = receipt;
      const party = (prefix: "sender" | "recipient") => ({
        name: s[`${prefix}Name`],
        email: s[`${prefix}Email`],
        phone: s[`${prefix}Phone`],
        company: s[`${prefix}Company`],
        address: s[`${prefix}Address`],
        city: s[`${prefix}City`],
        state: s[`${prefix}State`],
        postalCode: s[`${prefix}PostalCode`],
        country: s[`${prefix}Country`],
      });
      return {
        status: 200,
        body: {
          id: s.id,
          trackingId: s.trackingId,
          status: s.status,
          serviceType: s.serviceType,
          createdAt: s.createdAt,
          estimatedDelivery: estimatedDelivery ?? null,
          sender: party("sender"),
          recipient: party("recipient"),
          packages: packages.map((item) => ({ description: item.description, quantity: item.quantity, weightKg: item.weightKg, value: item.value, length: item.lengthCm, width: item.widthCm, height: item.heightCm })),
          lines: costLines.map(({ label, amount }) => ({ label, amount })),
          charge,
          trackingUrl,
        },
      };
    },
  },
  {
    operationId: "updateShipmentStatus",
    method: "POST",
    path: "/shipments/{id}/status",
    summary: "Set a shipment's status",
    description: "The back office's rule: any status in any order; the same status again changes nothing; custom_destination needs `destination`. Service keys with the status scope only.",
    tag: "Status updates",
    scope: "status",
    serviceOnly: true,
    params: IdParams,
    body: StatusUpdateSchema,
    checkBody: true,
    success: { status: 200, schema: ChangeResponse, description: "Changed, or already so" },
    refusals: [400, 404, 413, 415],
    async handle({ context, caller, params, body, request }) {
      const { status, destination } = body as z.output<typeof StatusUpdateSchema>;
      const outcome = await changeStatus(context, { shipmentId: params.id ?? "", status, destination, actor: actorOf(caller), clientAddress: clientAddress(request) });
      if (!outcome.ok) {
        if (outcome.reason === "destination-needed") return { ok: false, reason: "invalid", message: "Please enter the custom destination", fieldErrors: { destination: ["Please enter the custom destination"] } };
        if (outcome.reason === "invalid") return { ...outcome, fieldErrors: { destination: [outcome.message ?? "Please enter a destination"] } };
        return outcome;
      }
      return { status: 200, body: { id: params.id, changed: outcome.tone !== "info", message: outcome.message ?? "" } };
    },
  },
  {
    operationId: "updateShipmentLocation",
    method: "POST",
    path: "/shipments/{id}/location",
    summary: "Set where a shipment is",
    description: "A new place adds a history entry; the same place again changes nothing. Service keys with the status scope only.",
    tag: "Status updates",
    scope: "status",
    serviceOnly: true,
    params: IdParams,
    body: LocationUpdateSchema,
    checkBody: true,
    success: { status: 200, schema: ChangeResponse, description: "Saved" },
    refusals: [400, 404, 413, 415],
    async handle({ context, caller, params, body }) {
      const outcome = await setShipmentLocation(context, { shipmentId: params.id ?? "", location: String(body.location), actor: actorOf(caller) });
      if (!outcome.ok) return outcome.reason === "not-found" ? notFound() : outcome;
      return { status: 200, body: { id: params.id, changed: true, message: outcome.message ?? "" } };
    },
  },
  {
    operationId: "listInvoices",
    method: "GET",
    path: "/invoices",
    summary: "List invoices",
    description: "Newest first, by cursor. A customer's key lists its own invoices, a service key every one.",
    tag: "Invoices",
    scope: "read",
    query: InvoiceListQuery,
    success: { status: 200, schema: InvoiceListResponse, description: "One page of invoices" },
    refusals: [],
    async handle({ context, caller, query }) {
      const cursor = typeof query.cursor === "string" ? decodeCursor(query.cursor) : null;
      if (typeof query.cursor === "string" && !cursor) return { ok: false, reason: "invalid", message: "This cursor is not one this API gave out", fieldErrors: { cursor: ["This cursor is not one this API gave out"] } };
      return { status: 200, body: await listInvoicesByCursor(context.db, { ownerId: ownerOf(caller), status: query.status as never, limit: query.limit as number, cursor }) };
    },
  },
  {
    operationId: "getInvoice",
    method: "GET",
    path: "/invoices/{id}",
    summary: "Get one invoice",
    tag: "Invoices",
    scope: "read",
    params: IdParams,
    success: { status: 200, schema: InvoiceResponse, description: "The invoice as issued" },
    refusals: [404],
    async handle({ context, caller, params }) {
      const invoice = await getInvoiceForViewer(context.db, params.id ?? "", caller.kind === "service" ? caller.user : { ...caller.user, role: "user" });
      return invoice ? { status: 200, body: invoice } : notFound("Invoice not found");
    },
  },
];

/** An operation's path as a pattern of the request's path below API_BASE. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = got[index]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name) {
      if (value === "") return null;
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}

function zodProblems(error: z.ZodError, at: string): FieldProblem[] {
  return error.issues.map((issue) => ({ pointer: `${at}/${issue.path.map((part) => String(part).replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`, detail: issue.message }));
}

const UNAUTHORIZED_HEADERS = { "WWW-Authenticate": 'Bearer realm="api"' };

/** The key of `Authorization: Bearer <key>`; a key anywhere else is not read. */
function bearerKey(request: Request): string | null {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

/** Where a key was put in the address: never read there, and refused so that it is noticed. */
function keyInAddress(url: URL): boolean {
  return [...url.searchParams.values()].some((value) => value.includes("sp_live_")) || url.pathname.includes("sp_live_");
}

function answerOf(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  if ("ok" in answer) return refusalProblem(answer);
  return apiJson(answer.body, { status: answer.status, headers: answer.headers });
}

/** Reads the JSON body of a POST: an object, or the refusal. An empty body is an empty object. */
async function readBody(request: Request): Promise<{ ok: true; text: string; body: Record<string, unknown> } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === "") return { ok: true, text, body: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, response: problemResponse(400, "The request body is not valid JSON.") };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false, response: problemResponse(400, "The request body must be a JSON object.") };
  return { ok: true, text, body: parsed as Record<string, unknown> };
}

/** Answers a call to /api/v1/... (the document itself is served by its own route). */
export async function handleApiRequest(loadContext: AppLoadContext, request: Request, now = Date.now()): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_BASE.length) || "/";
  const matches = OPERATIONS.flatMap((operation) => {
    const params = matchPath(operation.path, path);
    return params ? [{ operation, params }] : [];
  });
  if (matches.length === 0) return problemResponse(404, "There is no such address in this API: see /api/v1/openapi.json.");
  const match = matches.find(({ operation }) => operation.method === request.method);
  if (!match) {
    const allow = [...new Set(matches.map(({ operation }) => operation.method))].join(", ");
    return problemResponse(405, `This address takes ${allow} requests only.`, { headers: { Allow: allow } });
  }
  const { operation, params } = match;
  if (keyInAddress(url)) return problemResponse(400, "An API key never goes in the address: send it as Authorization: Bearer <key>, and revoke the key that was put in the address.");

  // Every call reads the key's row on the primary: a revoked key is refused on its next call.
  const db = getDb(loadContext.cloudflare.env);
  const context: ServiceContext = { db, cloudflare: loadContext.cloudflare, origin: loadContext.origin };
  const key = bearerKey(request);
  if (!key) return problemResponse(401, "Send your API key as Authorization: Bearer <key>.", { headers: UNAUTHORIZED_HEADERS });
  const caller = await findApiCaller(db, key);
  if (!caller) return problemResponse(401, "This API key is not valid: it is unknown or revoked.", { headers: UNAUTHORIZED_HEADERS });
  const { success } = await loadContext.cloudflare.env.API_LIMITER.limit({ key: `api:${caller.keyId}` });
  if (!success) {
    return problemResponse(429, `Too many requests: a key may make ${API_CALLS_PER_MINUTE} calls a minute. Please wait a minute and try again.`, {
      headers: { "Retry-After": String(API_LIMIT_PERIOD_SECONDS) },
    });
  }
  const noted = noteKeyUse(db, caller, now);
  if (noted) loadContext.cloudflare.ctx.waitUntil(noted.then(undefined, (error: unknown) => console.error("noting an API key's use failed", error)));
  if (operation.serviceOnly && caller.kind !== "service") return problemResponse(403, "Only service keys made by an admin may post status and location updates.");
  if (!caller.scopes.includes(operation.scope)) return problemResponse(403, `This key lacks the ${operation.scope} scope this operation needs.`);

  const problems: FieldProblem[] = [];
  const query = operation.query ? operation.query.safeParse(Object.fromEntries(url.searchParams)) : null;
  if (query && !query.success) problems.push(...zodProblems(query.error, ""));
  let body: Record<string, unknown> = {};
  let bodyText = "";
  let file = new Uint8Array(0);
  if (request.method === "POST" && operation.bodyType) {
    file = new Uint8Array(await request.arrayBuffer());
    bodyText = new TextDecoder().decode(file);
  } else if (request.method === "POST") {
    const read = await readBody(request);
    if (!read.ok) return read.response;
    bodyText = read.text;
    body = read.body;
    if (operation.checkBody && operation.body) {
      const checked = operation.body.safeParse(body);
      if (checked.success) body = checked.data as Record<string, unknown>;
      else problems.push(...zodProblems(checked.error, ""));
    }
  }
  if (problems.length > 0) return problemResponse(422, problems[0]!.detail, { errors: problems });

  const call: Call = { context, caller, params, query: query?.success ? query.data : {}, body, file, request };
  const idempotencyKey = request.method === "POST" ? request.headers.get("Idempotency-Key") : null;
  if (idempotencyKey === null) return answerOf(await operation.handle(call));
  if (!isIdempotencyKey(idempotencyKey)) return problemResponse(400, "An Idempotency-Key has 1 to 255 visible ASCII characters.");

  const slot = { keyId: caller.keyId, idempotencyKey };
  const claim = await claimIdempotencyKey(db, slot, { hash: await requestHash(request.method, url.pathname, bodyText), now });
  switch (claim.kind) {
    case "mismatch":
      return problemResponse(422, "This Idempotency-Key was used with another request: send a new key for a new request.");
    case "in-flight":
      return problemResponse(409, "A request with this Idempotency-Key is still being answered: try again in a moment.", { headers: { "Retry-After": "1" } });
    case "replay":
      return apiJson(JSON.parse(claim.body) as unknown, { status: claim.status, headers: { "Idempotent-Replayed": "true" } });
    case "claimed":
      break;
  }
  try {
    const answer = answerOf(await operation.handle(call));
    if (answer.status < 300 && (answer.headers.get("Content-Type") ?? "").startsWith("application/json")) {
      await keepAnswer(db, slot, { status: answer.status, body: await answer.clone().text() });
    } else {
      await releaseKey(db, slot);
    }
    return answer;
  } catch (error) {
    await releaseKey(db, slot);
    throw error;
  }
}
