// What a service's work came to. Services answer with outcomes, never with HTTP responses, so
// that a route, a JSON API, the chat assistant and a test each turn them into their own reply;
// the messages in them are the product's (docs/product.md), for whoever shows them.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import type { RateLimitResult } from "./rate-limit";
import type { SignedIn } from "~/features/accounts/sign-in.server";
import { redirectWithToast } from "./toast";

/** Done. `message` is what to tell the person; "info" when there was nothing left to do. */
export type Done<Extra extends object = object> = { ok: true; message: string; tone?: "success" | "info" } & Extra;

export type RefusalReason = "invalid" | "unauthorized" | "forbidden" | "not-found" | "conflict" | "rate-limited" | "unavailable";

/** Refused: nothing was written. */
export type Refused = {
  ok: false;
  reason: RefusalReason;
  /** What to tell the person: above the form, or as a notice where there is no form. */
  message?: string;
  /** Messages for single fields, by the form's field names. */
  fieldErrors?: Record<string, string[]>;
  /** With "rate-limited": when to try again. */
  retryAfterSeconds?: number;
};

const STATUS: Record<RefusalReason, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  unavailable: 503,
};

export function refused(reason: RefusalReason, message?: string, fieldErrors?: Record<string, string[]>): Refused {
  return { ok: false, reason, ...(message === undefined ? {} : { message }), ...(fieldErrors ? { fieldErrors } : {}) };
}

/** Refused for trying too often: the message and the wait are always there. */
export type RateLimited = Refused & { reason: "rate-limited"; message: string; retryAfterSeconds: number };

export function tooManyAttempts(limit: Extract<RateLimitResult, { allowed: false }>, message: string): RateLimited {
  return { ok: false, reason: "rate-limited", message, retryAfterSeconds: limit.retryAfterSeconds };
}

/** The HTTP status and headers a refusal is answered with (Retry-After on 429). */
export function refusalInit(refusal: Refused): ResponseInit {
  return {
    status: STATUS[refusal.reason],
    headers: refusal.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(refusal.retryAfterSeconds) },
  };
}

type Replyable = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]>;
};

const INVALID_FORM: Refused = { ok: false, reason: "invalid" };

/**
 * A form's answer when nothing was done: the submission's fields (less `hideFields`) with its
 * own errors and the refusal's messages, and the refusal's status (400 for a form that did not
 * pass its schema). `extra` goes beside `result`: what else the page shows with it.
 */
export function formAnswer<Extra extends object = object>(
  submission: Replyable,
  refusal: Refused = INVALID_FORM,
  { hideFields, extra }: { hideFields?: string[]; extra?: Extra } = {},
) {
  const result = submission.reply({
    ...(refusal.message === undefined ? {} : { formErrors: [refusal.message] }),
    ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}),
    ...(hideFields ? { hideFields } : {}),
  });
  return data({ result, ...(extra as Extra) }, refusalInit(refusal));
}

/** Goes on to `to` with the outcome's message as a toast (an error toast for a refusal). */
export function redirectWithOutcome(env: Pick<Env, "SESSION_SECRET">, to: string, outcome: Done | Refused, init?: { headers?: HeadersInit; status?: number }) {
  const toast = outcome.ok ? { type: outcome.tone ?? "success", message: outcome.message } : { type: "error" as const, message: outcome.message ?? "" };
  return redirectWithToast(env, to, toast, init);
}

/** Signed in: on to where the outcome says, with the new session's cookies and the welcome. */
export function redirectSignedIn(env: Pick<Env, "SESSION_SECRET">, outcome: SignedIn) {
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  return redirectWithOutcome(env, outcome.redirectTo, outcome, { headers });
}
