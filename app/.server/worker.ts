// The worker's fetch and scheduled handlers around a Remix server build. The deployed entry
// (app/entry.worker.ts) passes the build that `remix vite:build` wrote; the test entry
// (tests/worker.ts) passes one that Vite compiles from source, so tests run the current code.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { getLoadContext } from "~/load-context";
import { routeChatSocket } from "./chat-sockets";
import { runScheduledWork } from "./scheduled";
import { createNonce, isCrossSiteWrite, withSecurityHeaders } from "./security";
import { hasSessionCookie } from "./session";

type Worker = { fetch: ExportedHandlerFetchHandler<Env>; scheduled: ExportedHandlerScheduledHandler<Env> };

export function createWorker(build: ServerBuild): Worker {
  const handleRemixRequest = createRequestHandler(build);
  return {
    async fetch(request, env, ctx) {
      const nonce = createNonce();
      const signedIn = await hasSessionCookie(request);
      if (isCrossSiteWrite(request)) {
        return withSecurityHeaders(new Response("Cross-site request refused", { status: 403 }), { nonce, signedIn });
      }
      const socket = await routeChatSocket(request, env);
      const response = socket ?? (await handleRemixRequest(request, getLoadContext(request, env, ctx, nonce)));
      return withSecurityHeaders(response, { nonce, signedIn });
    },

    async scheduled(controller, env, ctx) {
      ctx.waitUntil(runScheduledWork(env, controller.scheduledTime));
    },
  };
}
