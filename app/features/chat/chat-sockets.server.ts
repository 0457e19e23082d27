// The support chat's WebSockets, routed by the worker entry before Remix (a 101 answer must
// reach the browser untouched): a visitor's socket goes to its session's Durable Object, an
// admin page's to the admins' feed. Both check the browser's Origin (a page of another site
// must not open them with the visitor's or admin's cookies).
import { isChatSessionId, SESSION_NOT_FOUND } from "~/features/chat/chat";
import { getDb } from "~/.server/db";
import { jsonError } from "~/.server/json-api";
import { findSessionUser } from "~/features/accounts/session.server";

const SESSION_SOCKET = /^\/api\/chat\/sessions\/([^/]+)\/socket$/;
const ADMIN_SOCKET = "/api/chat/admin/socket";

/** The answer to a chat socket request, or null when the request is for something else. */
export async function routeChatSocket(request: Request, env: Env): Promise<Response | null> {
  const url = new URL(request.url);
  const sessionMatch = SESSION_SOCKET.exec(url.pathname);
  if (!sessionMatch && url.pathname !== ADMIN_SOCKET) return null;
  if (request.method !== "GET") return jsonError(405, "This address takes GET requests only.", { headers: { Allow: "GET" } });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return jsonError(426, "Expected a WebSocket upgrade.");
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return jsonError(403, "Cross-site request refused.");

  if (sessionMatch) {
    const sessionId = decodeURIComponent(sessionMatch[1]!);
    if (!isChatSessionId(sessionId)) return jsonError(404, SESSION_NOT_FOUND);
    return env.CHAT_SESSIONS.get(env.CHAT_SESSIONS.idFromName(sessionId)).fetch(request);
  }
  const user = await findSessionUser(getDb(env), request);
  if (!user) return jsonError(401, "Please sign in as an administrator.");
  if (user.role !== "admin") return jsonError(403, "Access denied. Admin privileges required.");
  return env.CHAT_ADMIN_FEED.get(env.CHAT_ADMIN_FEED.idFromName("admins")).fetch(request);
}
