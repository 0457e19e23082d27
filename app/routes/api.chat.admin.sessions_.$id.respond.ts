// POST /api/chat/admin/sessions/{id}/respond {message, adminName} → {response: message}
// stored in the conversation, the session marked responded, the visitor
// mailed through the outbox. Admins only: 401 signed out, 403 for customers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { respondToChat } from "~/features/chat/chat.server";
import { refusalResponse, jsonResponse, methodNotAllowed, readJsonInput, requireAdminApi } from "~/.server/json-api";
import { ChatReplySchema } from "~/features/chat/chat-forms";

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdminApi(context);
  return methodNotAllowed("POST");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(context);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const input = await readJsonInput(request, ChatReplySchema);
  if (!input.ok) return input.response;
  const outcome = await respondToChat(context, { sessionId: params.id!, ...input.value, admin });
  if (!outcome.ok) return refusalResponse(outcome);
  return jsonResponse({ response: outcome.response });
}
