// POST /api/mail/events: the mail provider's delivery events (Resend webhooks), signed with
// RESEND_WEBHOOK_SECRET. A complaint suppresses its address; other events are taken and
// ignored. Without the secret the address answers 404: nothing is listening.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonError, jsonResponse, methodNotAllowed } from "~/.server/json-api";
import { ProviderEventSchema, signedByProvider, takeProviderEvent } from "~/features/mail/provider-events.server";

export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const secret = context.cloudflare.env.RESEND_WEBHOOK_SECRET?.trim() ?? "";
  // The signature is over the body exactly as sent.
  const body = await request.text();
  if (!secret) return jsonError(404, "No mail provider events are taken here.");
  if (!(await signedByProvider(secret, request.headers, body))) return jsonError(401, "The event's signature does not match.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return jsonError(400, "The request body is not valid JSON.");
  }
  const event = ProviderEventSchema.safeParse(parsed);
  if (!event.success) return jsonError(400, "The event is not one this address takes.");
  return jsonResponse({ acted: await takeProviderEvent(context, event.data) });
}
