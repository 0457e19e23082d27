// POST /api/chat/sessions {email, name} → 201 {session, welcomeMessage}.
// The answer also sets the chat cookie, so /support/chat continues the same conversation.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { startChat } from "~/features/chat/chat.server";
import { chatSessionSetCookie } from "~/features/chat/chat-cookie.server";
import { refusalResponse, jsonResponse, methodNotAllowed, readJsonInput } from "~/.server/json-api";
import { clientAddress } from "~/.server/rate-limit";
import { ChatStartSchema } from "~/features/chat/chat-forms";

export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const input = await readJsonInput(request, ChatStartSchema);
  if (!input.ok) return input.response;
  const outcome = await startChat(context, { ...input.value, client: clientAddress(request), language: await context.language() });
  if (!outcome.ok) return refusalResponse(outcome);
  return jsonResponse(
    { session: outcome.session, welcomeMessage: outcome.welcomeMessage },
    { status: 201, headers: { "Set-Cookie": await chatSessionSetCookie(outcome.session.id) } },
  );
}
