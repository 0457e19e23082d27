// The route side's replies: how an outcome (app/.server/outcome.ts) becomes an HTTP answer.
// Routes import these; services never do (they know nothing of responses).
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/cloudflare";
import type { Done, Refused, RefusalReason } from "~/.server/outcome";
import type { SignedIn } from "~/features/accounts/sign-in.server";
import { FORM_ERRORS_TOAST } from "~/features/shipments/shipment-form-messages";
import type { CostSummary } from "~/features/shipments/admin-shipment-form.server";
import { redirectWithToast } from "./toast.server";

const STATUS: Record<RefusalReason, number> = {
  invalid: 400,
  "destination-needed": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "rate-limited": 429,
  unavailable: 503,
};

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

/**
 * Goes on to `to` with the outcome's message as a toast (an error toast for a refusal); an
 * outcome with nothing to tell goes on without one.
 */
export function redirectWithOutcome(env: Pick<Env, "SESSION_SECRET">, to: string, outcome: Done | Refused, init?: { headers?: HeadersInit; status?: number }) {
  if (outcome.ok && outcome.message === undefined) return redirect(to, { status: init?.status ?? 302, headers: init?.headers });
  const toast = outcome.ok ? { type: outcome.tone ?? "success", message: outcome.message ?? "" } : { type: "error" as const, message: outcome.message ?? "" };
  return redirectWithToast(env, to, toast, init);
}

/** Signed in: on to where the outcome says, with the new session's cookies and the welcome. */
export function redirectSignedIn(env: Pick<Env, "SESSION_SECRET">, outcome: SignedIn) {
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  return redirectWithOutcome(env, outcome.redirectTo, outcome, { headers });
}

/** What the admin shipment form shows after a post that saved nothing: the fields as typed, the price, a banner. */
export type ShipmentFormAnswer = { result: SubmissionResult<string[]>; summary: CostSummary; formError: string | null };

type FieldReplyable = { reply: (options?: { fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> };

/**
 * The admin shipment form's create and edit actions' answer when nothing was saved: 'Calculate
 * cost' (quote) shows the price of what was typed; a form that did not pass its schema, or that
 * `refusal` turned down, shows its messages with a banner.
 */
export function shipmentFormAnswer(submission: FieldReplyable & { status?: "success" | "error" }, summary: CostSummary, refusal?: Refused) {
  if (refusal) {
    const result = submission.reply(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {});
    return data({ result, summary, formError: refusal.message ?? FORM_ERRORS_TOAST } satisfies ShipmentFormAnswer, refusalInit(refusal));
  }
  if (submission.status === "success") return data({ result: { initialValue: submission.reply().initialValue }, summary, formError: null } satisfies ShipmentFormAnswer);
  return data({ result: submission.reply(), summary, formError: FORM_ERRORS_TOAST } satisfies ShipmentFormAnswer, { status: 400 });
}
