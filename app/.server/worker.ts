// The worker's fetch, queue and scheduled handlers around a Remix server build. This module is part of
// that build (app/entry.server.tsx exports `createWorker`), so the worker is one bundle: the
// deployed entry (app/entry.worker.ts) takes it from the build `remix vite:build` wrote, the
// test entry (tests/worker.ts) from the one Vite compiles from source, so tests run the current code.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { countingD1, type D1Counts } from "./bench-d1";
import { env } from "cloudflare:workers";
import { finishRequest, getLoadContext } from "~/load-context";
import { routeChatSocket } from "~/features/chat/chat-sockets.server";
import { assertDeployable } from "./deployment";
import { crashResponse, refusalResponse } from "./entry-responses";
import { carriesBody, checkRequestBody, discardBody } from "./request-limits";
import { consumeDeliveries, type Delivery } from "./dispatch";
import { runScheduledWork } from "./scheduled";
import { createNonce, isCrossSiteWrite, withSecurityHeaders } from "./security";
import { hasSessionCookie } from "~/features/accounts/session.server";
import { withTrackingCache } from "~/features/tracking/tracking-cache.server";

// Outside local development a default or missing secret (or demo mode) stops the worker here,
// before it serves anyone: `wrangler deploy` and `wrangler dev --env production` report it.
assertDeployable(env);

/** Bench mode: the answer says how many D1 round trips, writes and sequential steps it took (app/.server/bench-d1.ts). */
async function withD1Counts(
  env: Env,
  respondWith: (env: Env) => Promise<Response>,
  headers: { nonce: string; signedIn: boolean },
): Promise<Response> {
  const counts: D1Counts = { queries: 0, writes: 0, steps: 0, latencyMs: Number(env.BENCH_D1_LATENCY_MS ?? 0) || 0 };
  const response = withSecurityHeaders(await respondWith({ ...env, DB: countingD1(env.DB, counts) }), headers);
  if (response.status === 101) return response;
  response.headers.set("X-Bench-D1-Queries", String(counts.queries));
  response.headers.set("X-Bench-D1-Writes", String(counts.writes));
  response.headers.set("X-Bench-D1-Steps", String(counts.steps));
  return response;
}

/**
 * Every answer the entry gives before the body is read (403, 413, 415; a 400 comes after it):
 * what is left of the body is read away first, so the client's keep-alive connection is never
 * left with a body half sent (issue 22, item 7).
 */
async function answerEarly(request: Request, refusal: { status: number; message: string }, unread: ReadableStream<Uint8Array> | null | undefined): Promise<Response> {
  if (unread) await discardBody(unread);
  return refusalResponse(request, refusal);
}

type Worker = {
  fetch: ExportedHandlerFetchHandler<Env>;
  queue: ExportedHandlerQueueHandler<Env, Delivery>;
  scheduled: ExportedHandlerScheduledHandler<Env>;
};

/** `now`: the clock of the tracking cache's trust in a confirmed version (tests pass one they move). */
export function createWorker(build: ServerBuild, { now = Date.now }: { now?: () => number } = {}): Worker {
  const handleRemixRequest = createRequestHandler(build);

  async function respond(request: Request, env: Env, ctx: ExecutionContext, context: { cspNonce: string; signedIn: boolean }): Promise<Response> {
    if (isCrossSiteWrite(request)) return answerEarly(request, { status: 403, message: "Cross-site request refused." }, request.body);
    if (carriesBody(request)) {
      const checked = await checkRequestBody(request);
      if (!checked.ok) return answerEarly(request, checked.refusal, checked.unread);
      request = checked.request;
    }
    // Chat sockets are answered before Remix (a 101 must reach the browser untouched).
    const socket = await routeChatSocket(request, env);
    if (socket) return socket;
    // A form sent with a session cookie may have to be answered again once the session check
    // is in (finishRequest): its body is kept for that.
    const again: Request = context.signedIn && carriesBody(request) ? (request.clone() as Request) : request;
    const loadContext = await getLoadContext(request, env, ctx, { cspNonce: context.cspNonce });
    // Anonymous tracking pages may come from the edge cache (docs/decisions/131).
    const response = await withTrackingCache(
      request,
      { db: loadContext.db, ctx, trackingLimit: loadContext.trackingLimit, signedIn: context.signedIn, buildVersion: build.assets.version, cspNonce: context.cspNonce, now },
      () => handleRemixRequest(request, loadContext),
    );
    return finishRequest(loadContext, request, response, async (confirmedUser) =>
      handleRemixRequest(again, await getLoadContext(again, env, ctx, { cspNonce: context.cspNonce, confirmedUser })),
    );
  }

  return {
    async fetch(request, env, ctx) {
      const nonce = createNonce();
      let signedIn = false;
      try {
        signedIn = await hasSessionCookie(request);
        if (env.BENCH === "true") return withD1Counts(env, (counted) => respond(request, counted, ctx, { cspNonce: nonce, signedIn }), { nonce, signedIn });
        return withSecurityHeaders(await respond(request, env, ctx, { cspNonce: nonce, signedIn }), { nonce, signedIn });
      } catch (error) {
        // Whatever escaped Remix's own error handling still gets a page and the headers, and
        // leaves no body unread (an early answer like the others).
        console.error(error);
        if (request.body && !request.bodyUsed) await discardBody(request.body);
        return withSecurityHeaders(crashResponse(request), { nonce, signedIn });
      }
    },

    // The events queue and its dead-letter queue (wrangler.toml): the dispatcher's consumer.
    async queue(batch, env, ctx) {
      await consumeDeliveries(batch, env, ctx);
    },

    async scheduled(controller, env, ctx) {
      ctx.waitUntil(runScheduledWork(env, { cron: controller.cron, now: controller.scheduledTime, ctx }));
    },
  };
}
