// GET /api/chat/sessions/{id}/messages → the conversation's messages, oldest first.
// POST /api/chat/sessions/{id}/messages {message} → {aiResponse, userMessage}: the visitor's
// message and the assistant's answer. The id is the capability: whoever
// holds it may read and write the conversation, nobody else can name it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listChatMessages, postChatMessage } from "~/features/chat/chat.server";
import { refusalResponse, jsonError, jsonResponse, methodNotAllowed, readJsonInput } from "~/.server/json-api";
import { clientAddress } from "~/.server/rate-limit";
import { requestTimeZone } from "~/.server/time-zone";
import { askerOf } from "~/features/chat/chat-assistant.server";
import { SESSION_NOT_FOUND } from "~/features/chat/chat";
import { ChatMessageSchema } from "~/features/chat/chat-forms";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const messages = await listChatMessages(context, params.id!);
  if (!messages) return jsonError(404, SESSION_NOT_FOUND);
  return jsonResponse(messages);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const input = await readJsonInput(request, ChatMessageSchema);
  if (!input.ok) return input.response;
  const asker = askerOf(await context.sessionUser(), requestTimeZone(request));
  const outcome = await postChatMessage(context, { sessionId: params.id!, message: input.value.message, client: clientAddress(request), asker });
  if (!outcome.ok) return refusalResponse(outcome);
  return jsonResponse({ aiResponse: outcome.aiResponse, userMessage: outcome.userMessage });
}
