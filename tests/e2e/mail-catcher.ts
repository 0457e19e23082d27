// A stand-in for the mail provider's API on loopback (Resend's POST /emails, docs/decisions/148):
// the e2e server's mail comes here (RESEND_API_URL), and the stories read what arrived, as a
// recipient reads their inbox. GET /mail?to=ADDRESS lists the mail that came for an address,
// oldest first. Like Resend it wants a bearer key, answers `{ id }`, refuses a mail without
// from, to, subject and text (422), and takes the mail of an Idempotency-Key once: the same key
// again answers the first answer and delivers nothing (409 while the first is still under way).
// POST /refuse?to=ADDRESS makes it refuse that address (422, as Resend refuses one it cannot
// send to) until DELETE /refuse?to=ADDRESS.
//
// Run: tsx tests/e2e/mail-catcher.ts PORT (playwright.config.ts starts it beside the app). The
// bench (tests/bench/mail.ts) starts it in its own process with `startMailCatcher`, with faults:
// a share of requests answered 500 (nothing delivered), and a share delivered but answered only
// after the sender has given up waiting (a timeout).
import { createServer, type Server } from "node:http";
import { pathToFileURL } from "node:url";

export type CaughtMail = {
  id: string;
  /** The Idempotency-Key it came with. */
  key: string | null;
  to: string;
  subject: string;
  /** The text part. */
  body: string;
  html: string;
  kind: string;
  headers: Record<string, string>;
  receivedAt: number;
};

export type MailCatcher = {
  received: CaughtMail[];
  /** Requests to POST /emails, answered or not. */
  requests: () => number;
  /** Changes the faults from the next request on. */
  setFaults: (faults: Faults) => void;
  close: () => Promise<void>;
};

/** `failRate`: share of sends answered 500 (nothing delivered); `hangRate`: share delivered but answered after `hangMs`. */
export type Faults = { failRate?: number; hangRate?: number; hangMs?: number };

const MAX_BODY_BYTES = 1_000_000;

export function startMailCatcher(port: number, initialFaults: Faults = {}): Promise<MailCatcher> {
  let faults = { failRate: 0, hangRate: 0, hangMs: 7000, ...initialFaults };
  const received: CaughtMail[] = [];
  const refused = new Set<string>();
  /** Idempotency keys: the answer given, or null while the first request with it is under way. */
  const keys = new Map<string, string | null>();
  let requests = 0;
  const hanging = new Set<NodeJS.Timeout>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
    const answer = (status: number, body: unknown) => {
      response.statusCode = status;
      response.setHeader("Content-Type", "application/json");
      // workerd opens a connection per fetch: closing each after its answer keeps the app's open
      // files few when thousands of mails arrive in a minute.
      response.setHeader("Connection", "close");
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && url.pathname === "/health") return void response.end("ok");
    if (request.method === "GET" && url.pathname === "/mail") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return answer(
        200,
        received.filter((mail) => mail.to.toLowerCase() === to),
      );
    }
    if (url.pathname === "/refuse" && (request.method === "POST" || request.method === "DELETE")) {
      const to = url.searchParams.get("to")?.toLowerCase() ?? "";
      if (request.method === "POST") refused.add(to);
      else refused.delete(to);
      return answer(200, { refused: [...refused] });
    }
    if (request.method !== "POST" || url.pathname !== "/emails") return answer(404, { name: "not_found", message: "Not found" });
    requests += 1;
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () => {
      if (!/^Bearer \S+$/.test(request.headers.authorization ?? "")) return answer(401, { name: "missing_api_key", message: "Missing API key in the authorization header." });
      let mail: { from?: string; to?: string[] | string; subject?: string; text?: string; html?: string; headers?: Record<string, string>; tags?: { name: string; value: string }[] };
      try {
        mail = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer(400, { name: "validation_error", message: "The body is not JSON." });
      }
      const to = [mail.to ?? []].flat()[0];
      if (!mail.from || !to || !mail.subject || !mail.text) return answer(422, { name: "validation_error", message: "from, to, subject and text are required." });
      if (refused.has(to.toLowerCase())) return answer(422, { name: "validation_error", message: `The address ${to} cannot receive mail.` });
      const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
      if (key !== null && keys.has(key)) {
        const id = keys.get(key);
        return id ? answer(200, { id }) : answer(409, { name: "concurrent_idempotent_requests", message: "Same idempotency key used while the original request is still in progress." });
      }
      if (Math.random() < faults.failRate) return answer(500, { name: "internal_server_error", message: "Something went wrong." });
      const id = crypto.randomUUID();
      received.push({
        id,
        key,
        to,
        subject: mail.subject,
        body: mail.text,
        html: mail.html ?? "",
        kind: mail.tags?.find((tag) => tag.name === "kind")?.value ?? "",
        headers: mail.headers ?? {},
        receivedAt: Date.now(),
      });
      if (key !== null) keys.set(key, null);
      const done = () => {
        if (key !== null) keys.set(key, id);
        if (!response.destroyed) answer(200, { id });
      };
      if (Math.random() < faults.hangRate) {
        // Delivered, but answered after the sender stopped waiting.
        const timer = setTimeout(() => {
          hanging.delete(timer);
          done();
        }, faults.hangMs);
        hanging.add(timer);
      } else done();
    });
  });

  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        received,
        requests: () => requests,
        setFaults: (next) => (faults = { ...faults, ...next }),
        close: () =>
          new Promise<void>((closed) => {
            for (const timer of hanging) clearTimeout(timer);
            server.closeAllConnections();
            server.close(() => closed());
          }),
      }),
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0) throw new Error("Usage: tsx tests/e2e/mail-catcher.ts PORT");
  await startMailCatcher(port);
}
