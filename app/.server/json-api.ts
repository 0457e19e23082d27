// Answers of the JSON API (/api/...): every answer is JSON, never cached;
// a refusal is a 4xx with a `message` and, when fields are at fault, `errors` (field → its
// first message). Bodies are JSON objects, read with a bound, parsed with the same zod
// schemas as the forms.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Refused } from "./outcome";
import { refusalInit } from "~/http/replies.server";
import type { SessionUser } from "~/features/accounts/session.server";

/** The largest body the JSON API reads; its fields are bounded far below this. */
export const MAX_JSON_BYTES = 16 * 1024;

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status: init.status ?? 200, headers });
}

export function jsonError(
  status: number,
  message: string,
  extra: { errors?: Record<string, string>; headers?: HeadersInit } = {},
): Response {
  return jsonResponse(extra.errors ? { message, errors: extra.errors } : { message }, { status, headers: extra.headers });
}

export function methodNotAllowed(allow: string): Response {
  return jsonError(405, `This address takes ${allow} requests only.`, { headers: { Allow: allow } });
}

/**
 * The request's JSON body, or a 400 when it is not JSON. The worker entry has already refused
 * other content types (415) and bodies past MAX_JSON_BYTES (413) on /api/ (request-limits.ts).
 */
async function readJsonBody(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const text = await request.text();
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: jsonError(400, "The request body is not valid JSON.") };
  }
}

/** The body checked by `schema`; a 400 that names every field's problem at once otherwise. */
function parseJsonBody<Schema extends z.ZodTypeAny>(
  body: unknown,
  schema: Schema,
): { ok: true; value: z.output<Schema> } | { ok: false; response: Response } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: jsonError(400, "The request body must be a JSON object.") };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= issue.message;
  }
  return { ok: false, response: jsonError(400, Object.values(errors)[0]!, { errors }) };
}

/** The signed-in admin; a 401 (signed out) or 403 (not an admin) JSON answer otherwise, never a redirect. */
export async function requireAdminApi(context: AppLoadContext): Promise<SessionUser> {
  const user = await context.sessionUser();
  if (!user) throw jsonError(401, "Please sign in as an administrator.");
  if (user.role !== "admin") throw jsonError(403, "Access denied. Admin privileges required.");
  return user;
}

/** The request's JSON body checked by `schema`, or the refusal to send (400). */
export async function readJsonInput<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonBody(request);
  return body.ok ? parseJsonBody(body.body, schema) : body;
}

/** A service's refusal as the JSON API answers it: its status (Retry-After on 429), message and field errors. */
export function refusalResponse(refusal: Refused): Response {
  const init = refusalInit(refusal);
  const errors = refusal.fieldErrors
    ? Object.fromEntries(Object.entries(refusal.fieldErrors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])))
    : undefined;
  return jsonError(init.status ?? 400, refusal.message ?? "Request refused", { errors, headers: init.headers });
}
