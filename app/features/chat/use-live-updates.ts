// Live updates over a WebSocket to a chat Durable Object; when the socket cannot open (or
// drops), polling takes over until a new socket opens (the intervals are the caller's).
import { useEffect, useRef } from "react";
import { SOCKET_EXPIRED_CODE } from "~/features/chat/chat";

const PING_MS = 30_000;
const RECONNECT_MS = 60_000;

export function useLiveUpdates({
  path,
  pollMs,
  onMessage,
  onPoll,
}: {
  /** The socket's path on this site; null while there is nothing to follow. */
  path: string | null;
  pollMs: number;
  onMessage: (data: unknown) => void;
  /** Fetches the current state: every `pollMs` while no socket is open, and once when one opens. */
  onPoll: () => void;
}) {
  const handlers = useRef({ onMessage, onPoll });
  handlers.current = { onMessage, onPoll };

  useEffect(() => {
    if (!path) return;
    let socket: WebSocket | null = null;
    let poll: number | undefined;
    let ping: number | undefined;
    let reconnect: number | undefined;
    let stopped = false;

    const startPolling = () => {
      poll ??= window.setInterval(() => handlers.current.onPoll(), pollMs);
    };
    const stopPolling = () => {
      window.clearInterval(poll);
      poll = undefined;
    };
    const connect = () => {
      const url = new URL(path, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      try {
        socket = new WebSocket(url);
      } catch {
        startPolling();
        return;
      }
      socket.addEventListener("open", () => {
        stopPolling();
        ping = window.setInterval(() => socket?.send("ping"), PING_MS);
        handlers.current.onPoll();
      });
      socket.addEventListener("message", (event) => {
        if (typeof event.data !== "string" || event.data === "pong") return;
        try {
          handlers.current.onMessage(JSON.parse(event.data));
        } catch {
          // Not ours.
        }
      });
      socket.addEventListener("close", (event) => {
        window.clearInterval(ping);
        if (stopped) return;
        if (event.code === SOCKET_EXPIRED_CODE) return connect();
        startPolling();
        reconnect = window.setTimeout(connect, RECONNECT_MS);
      });
    };
    connect();
    return () => {
      stopped = true;
      socket?.close();
      stopPolling();
      window.clearInterval(ping);
      window.clearTimeout(reconnect);
    };
  }, [path, pollMs]);
}
