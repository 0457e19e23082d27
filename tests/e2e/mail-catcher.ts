// The e2e server's mail endpoint (MAIL_ENDPOINT): the outbox sender POSTs each mail here as it
// would to a real mail service, and the stories read what arrived, as a recipient reads their
// inbox. GET /mail?to=ADDRESS lists the mail that came for an address, oldest first.
// Run: tsx tests/e2e/mail-catcher.ts PORT (playwright.config.ts starts it beside the app).
import { createServer } from "node:http";

type Mail = { id: string; to: string; subject: string; body: string; kind: string };

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("Usage: tsx tests/e2e/mail-catcher.ts PORT");

const MAX_BODY_BYTES = 1_000_000;
const received: Mail[] = [];

createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
  if (request.method === "GET" && url.pathname === "/health") return void response.end("ok");
  if (request.method === "GET" && url.pathname === "/mail") {
    const to = url.searchParams.get("to")?.toLowerCase();
    response.setHeader("Content-Type", "application/json");
    return void response.end(JSON.stringify(received.filter((mail) => mail.to.toLowerCase() === to)));
  }
  if (request.method === "POST" && url.pathname === "/mail") {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () => {
      try {
        const mail = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Mail;
        // The sender may deliver a mail twice (two cron runs at once): a mail box keeps one.
        if (!received.some((known) => known.id === mail.id)) received.push(mail);
        response.end("ok");
      } catch {
        response.statusCode = 400;
        response.end("not a mail");
      }
    });
    return;
  }
  response.statusCode = 404;
  response.end();
}).listen(port, "127.0.0.1");
