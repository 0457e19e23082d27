import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { catalogsScript } from "./features/languages/catalogs-script";
import { namespacesUsed, renderingInstance, resources } from "./features/languages/i18n.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const language = await loadContext.language();
  const i18n = renderingInstance(language);
  const body = await renderToReadableStream(
    <I18nextProvider i18n={i18n}>
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    </I18nextProvider>,
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
  // A page that hydrates gets the catalogs its rendering used, so React renders the same words.
  const hydrates = html.includes("window.__remixContext");
  const catalogs = hydrates ? catalogsScript(language, namespacesUsed(i18n), resources[language], nonce) : "";
  return new Response(moveTrailingScriptsIntoBody(html, catalogs), { headers: responseHeaders, status: responseStatusCode });
}

const DOCUMENT_END = "</body></html>";

function moveTrailingScriptsIntoBody(html: string, extra: string): string {
  const end = html.indexOf(DOCUMENT_END);
  if (end === -1) return html;
  const trailing = html.slice(end + DOCUMENT_END.length);
  return html.slice(0, end) + extra + trailing + DOCUMENT_END;
}

// The worker's server code reaches the worker entry (app/entry.worker.ts) through this module,
// which Remix's build exposes as `build.entry.module`: the deployed worker is one bundle, with
// one copy of every server module and of its per-isolate state (app/.server/isolate-state.ts).
export { createWorker } from "./.server/worker";
export { ChatAdminFeed } from "./durable-objects/chat-admin-feed";
export { ChatSession } from "./durable-objects/chat-session";
