// The API's answers: JSON, never cached; a refusal is application/problem+json (RFC 9457): the
// HTTP status, its title, what went wrong in the product's words (`detail`), and every field at
// fault at once (`errors`, each with a JSON Pointer into the request).
import type { Refused, RefusalReason } from "~/.server/outcome";

export const PROBLEM_TYPE = "application/problem+json";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** One field at fault: where in the request (a JSON Pointer: "/packages/0/weight") and what is wrong. */
export type FieldProblem = { pointer: string; detail: string };

export type Problem = { type: string; title: string; status: number; detail: string; errors?: FieldProblem[] };

export function apiJson(body: unknown, { status = 200, headers }: { status?: number; headers?: HeadersInit } = {}): Response {
  const answer = Response.json(body, { status, headers });
  answer.headers.set("Cache-Control", "no-store");
  return answer;
}

export function problemResponse(status: number, detail: string, { errors, headers }: { errors?: FieldProblem[]; headers?: HeadersInit } = {}): Response {
  const body: Problem = { type: "about:blank", title: TITLES[status] ?? "Error", status, detail, ...(errors && errors.length > 0 ? { errors } : {}) };
  const answer = new Response(JSON.stringify(body), { status, headers });
  answer.headers.set("Content-Type", PROBLEM_TYPE);
  answer.headers.set("Cache-Control", "no-store");
  return answer;
}

/** A form field's name ("packages[0].weight") as a JSON Pointer into the body ("/packages/0/weight"). */
export function pointerOf(field: string): string {
  const parts = field.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== "");
  return `/${parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
}

export function fieldProblems(fieldErrors: Record<string, readonly string[]> | undefined, { at = "" }: { at?: string } = {}): FieldProblem[] {
  return Object.entries(fieldErrors ?? {}).flatMap(([field, messages]) => messages.map((detail) => ({ pointer: `${at}${pointerOf(field)}`, detail })));
}

/** The API's status for a service's refusal: a value that passed the schema but not the rules is 422. */
const STATUS: Record<RefusalReason, number> = {
  invalid: 422,
  "destination-needed": 422,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "rate-limited": 429,
  unavailable: 503,
};

export function refusalProblem(refusal: Refused): Response {
  const errors = fieldProblems(refusal.fieldErrors);
  const detail = refusal.message ?? errors[0]?.detail ?? "The request was refused.";
  const headers = refusal.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(refusal.retryAfterSeconds) };
  return problemResponse(STATUS[refusal.reason], detail, { errors, headers });
}
