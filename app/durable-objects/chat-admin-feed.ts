// The admins' live feed of the support chat: one object holds the admin pages' sockets
// (hibernation API, so open pages cost nothing while nothing happens) and tells them when any
// session changed; the page then reloads its list and conversation. The message carries no
// data, so a socket that outlives its admin's sign-in learns nothing; it is still closed after
// SOCKET_LIFETIME_MS, and the page reconnects through the worker's admin check.
import { DurableObject } from "cloudflare:workers";

/** Sent to every admin socket when a session changed. */
export type ChatAdminUpdate = { type: "changed" };

const MAX_SOCKETS = 200;
const SOCKET_LIFETIME_MS = 60 * 60 * 1000;
/** The code a page sees when its socket expired: reconnect (and be checked again). */
export const SOCKET_EXPIRED_CODE = 4001;

export class ChatAdminFeed extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Called by the worker once it has checked that the caller is an admin. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    }
    if (this.ctx.getWebSockets().length >= MAX_SOCKETS) {
      return Response.json({ message: "Too many open admin connections" }, { status: 429 });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ expiresAt: Date.now() + SOCKET_LIFETIME_MS });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every open admin page that a session changed. */
  publish(): void {
    const text = JSON.stringify({ type: "changed" } satisfies ChatAdminUpdate);
    const now = Date.now();
    for (const socket of this.ctx.getWebSockets()) {
      try {
        const { expiresAt } = (socket.deserializeAttachment() ?? { expiresAt: 0 }) as { expiresAt: number };
        if (expiresAt < now) socket.close(SOCKET_EXPIRED_CODE, "expired");
        else socket.send(text);
      } catch {
        // A socket that closed meanwhile.
      }
    }
  }

  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // Already closed.
    }
  }
}
