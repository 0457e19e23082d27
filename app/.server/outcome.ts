// What a service's work came to: one type, `Outcome<T>`, for every service. Services answer with
// outcomes, never with HTTP responses, so that a route (app/http/replies.server.ts), a JSON API,
// the chat assistant and a test each turn them into their own reply; the messages in them are
// the product's (docs/product.md), for whoever shows them.

/**
 * Done. `message` is what to tell the person, when there is something to tell (a toast); "info"
 * when there was nothing left to do. `T` is what else the caller needs: the new record's id,
 * the page to go on to (`redirectTo`), the form's next state.
 */
export type Done<T extends object = object> = { ok: true; message?: string; tone?: "success" | "info" } & T;

export type RefusalReason =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  /** More than the action takes (a file over its size or row bound). */
  | "too-large"
  | "rate-limited"
  | "unavailable"
  /** Custom destination chosen without saying where: the caller asks for it first. */
  | "destination-needed";

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

/** Every service's answer. */
export type Outcome<T extends object = object> = Done<T> | Refused;

export function refused(reason: RefusalReason, message?: string, fieldErrors?: Record<string, string[]>): Refused {
  return { ok: false, reason, ...(message === undefined ? {} : { message }), ...(fieldErrors ? { fieldErrors } : {}) };
}

/** Refused for trying too often: the message and the wait are always there. */
export type RateLimited = Refused & { reason: "rate-limited"; message: string; retryAfterSeconds: number };

export function tooManyAttempts(limit: { retryAfterSeconds: number }, message: string): RateLimited {
  return { ok: false, reason: "rate-limited", message, retryAfterSeconds: limit.retryAfterSeconds };
}
