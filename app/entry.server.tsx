import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        if (!request.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );

  // Pages are small and their data is ready when rendering starts, so the document is sent
  // whole: no-JS readers and crawlers get it in one piece, and the data scripts that React
  // streams after </html> can be moved inside <body>, where HTML allows them.
  await body.allReady;
  const html = await new Response(body).text();

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(moveTrailingScriptsIntoBody(html), { headers: responseHeaders, status: responseStatusCode });
}

const DOCUMENT_END = "</body></html>";

function moveTrailingScriptsIntoBody(html: string): string {
  const end = html.indexOf(DOCUMENT_END);
  if (end === -1) return html;
  const trailing = html.slice(end + DOCUMENT_END.length);
  return html.slice(0, end) + trailing + DOCUMENT_END;
}

// The worker's server code reaches the worker entry (app/entry.worker.ts) through this module,
// which Remix's build exposes as `build.entry.module`: the deployed worker is one bundle, with
// one copy of every server module and of its per-isolate state (app/.server/isolate-state.ts).
export { createWorker } from "./.server/worker";
export { ChatAdminFeed } from "./durable-objects/chat-admin-feed";
export { ChatSession } from "./durable-objects/chat-session";
