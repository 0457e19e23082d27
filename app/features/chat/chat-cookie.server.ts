// The visitor's chat session id, kept by the browser in an HttpOnly cookie: the page without
// JavaScript (/support/chat) finds its conversation with it, and the JSON API sets it too, so
// a chat started in the widget continues on that page. The id is the capability to the
// conversation: scripts never read it from the cookie (the widget keeps its own copy).
import { createCookie } from "@remix-run/cloudflare";
import { isChatSessionId } from "~/features/chat/chat";

const WEEK_SECONDS = 7 * 24 * 3600;

const chatSessionCookie = createCookie("chatSession", { path: "/", httpOnly: true, secure: true, sameSite: "lax" });

/** The session id the request's cookie holds; anything else (absent, undecodable, malformed) is none. */
export async function readChatSessionId(request: Request): Promise<string | null> {
  const value: unknown = await chatSessionCookie.parse(request.headers.get("Cookie"));
  return isChatSessionId(value) ? value : null;
}

export function chatSessionSetCookie(sessionId: string): Promise<string> {
  return chatSessionCookie.serialize(sessionId, { maxAge: WEEK_SECONDS });
}

export function clearedChatSessionCookie(): Promise<string> {
  return chatSessionCookie.serialize("", { maxAge: 0 });
}
