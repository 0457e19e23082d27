// The admins' live feed: one object holds the admin pages' sockets (hibernation API, so open
// pages cost nothing while nothing happens) and tells them when a topic changed: a chat session
// ("chat") or any shipment ("shipments", docs/decisions/080); the page then reloads its data. The message carries no
// data, so a socket that outlives its admin's sign-in learns nothing; it is still closed after
// SOCKET_LIFETIME_MS, and the page reconnects through the worker's admin check.
import { DurableObject } from "cloudflare:workers";
import { SOCKET_EXPIRED_CODE } from "~/features/chat/chat";
import { acceptSocket, closeSocket, sendToAll } from "./hibernating-sockets";

/** What the feed tells admin pages about. */
export type AdminFeedTopic = "chat" | "shipments";

/** Sent to every admin socket when something of `topic` changed. */
export type ChatAdminUpdate = { type: "changed"; topic: AdminFeedTopic };

const MAX_SOCKETS = 200;
const SOCKET_LIFETIME_MS = 60 * 60 * 1000;

export class ChatAdminFeed extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Called by the worker once it has checked that the caller is an admin. */
  async fetch(request: Request): Promise<Response> {
    return acceptSocket(this.ctx, request, { max: MAX_SOCKETS, attachment: { expiresAt: Date.now() + SOCKET_LIFETIME_MS } });
  }

  /** Tells every open admin page that something of `topic` changed (a chat session by default). */
  publish(topic: AdminFeedTopic = "chat"): void {
    const now = Date.now();
    sendToAll(this.ctx, JSON.stringify({ type: "changed", topic } satisfies ChatAdminUpdate), (socket) => {
      const { expiresAt } = (socket.deserializeAttachment() ?? { expiresAt: 0 }) as { expiresAt: number };
      if (expiresAt >= now) return true;
      socket.close(SOCKET_EXPIRED_CODE, "expired");
      return false;
    });
  }

  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeSocket(ws, code);
  }
}
