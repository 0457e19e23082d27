import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server bundle exists once `remix vite:build` has run; wrangler bundles it in.
import * as build from "../build/server/index.js";
import { getLoadContext } from "./load-context";
import { hasSessionCookie } from "./.server/session";
import { createNonce, isCrossSiteWrite, withSecurityHeaders } from "./.server/security";
import { runScheduledWork } from "./.server/scheduled";

export { ChatSession } from "./durable-objects/chat-session";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    const signedIn = hasSessionCookie(request);
    if (isCrossSiteWrite(request)) {
      return withSecurityHeaders(new Response("Cross-site request refused", { status: 403 }), { nonce, signedIn });
    }
    const response = await handleRemixRequest(request, getLoadContext(env, ctx, nonce));
    return withSecurityHeaders(response, { nonce, signedIn });
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledWork(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
