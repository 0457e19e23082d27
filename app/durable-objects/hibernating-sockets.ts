// What both chat objects do with their WebSockets (hibernation API): accept an upgrade, send
// to every open socket, and answer a close.

/** Accepts the request's WebSocket into `ctx` (hibernatable), or refuses it as JSON. */
export function acceptSocket(ctx: DurableObjectState, request: Request, { max, attachment }: { max: number; attachment?: unknown }): Response {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
  }
  if (ctx.getWebSockets().length >= max) return Response.json({ message: "Too many open connections" }, { status: 429 });
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  ctx.acceptWebSocket(server);
  if (attachment !== undefined) server.serializeAttachment(attachment);
  return new Response(null, { status: 101, webSocket: client });
}

/** Sends `text` to every socket `ctx` holds (or to those `keep` lets through; it may close the others). */
export function sendToAll(ctx: DurableObjectState, text: string, keep: (socket: WebSocket) => boolean = () => true): void {
  for (const socket of ctx.getWebSockets()) {
    try {
      if (keep(socket)) socket.send(text);
    } catch {
      // A socket that closed meanwhile.
    }
  }
}

/** Completes the closing handshake the browser began. */
export function closeSocket(ws: WebSocket, code: number): void {
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
  } catch {
    // Already closed.
  }
}
