// Refusals a loader or action throws: the nearest error boundary shows them with their status.

/**
 * Throws a `status` answer (400 unless told) carrying `message` when `condition` does not hold;
 * after it, TypeScript knows the condition holds.
 */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = {}): asserts condition {
  if (condition) return;
  throw new Response(message, { status: 400, ...init, headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers } });
}
