import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "~/.server/db";
import { clientAddress, countTrackingLookUps, type RateLimitResult } from "~/.server/rate-limit";
import { findSessionUser, type SessionUser } from "~/features/accounts/session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Db;
    /** Per-request nonce that the Content-Security-Policy header allows scripts to carry. */
    cspNonce: string;
    /**
     * Where this site is served, from PUBLIC_ORIGIN (never the request's Host, which whoever
     * sends the request chooses): the base of every absolute link in mail.
     */
    origin: string;
    /**
     * The signed-in person the request's session cookie names, or null. Read from D1 once per
     * request, however many loaders and guards ask (and never without a session cookie).
     */
    sessionUser: () => Promise<SessionUser | null>;
    /**
     * Counts this request as one tracking look-up of its client address, once however many
     * times it is asked (the edge cache and the tracking loader both ask; decision 131).
     */
    trackingLimit: () => Promise<RateLimitResult>;
  }
}

/** `wrangler dev`'s address, for a local configuration that leaves PUBLIC_ORIGIN empty. */
const LOCAL_ORIGIN = "http://localhost:8787";

/** The configured public origin, without a trailing slash. */
export function publicOrigin(env: Pick<Env, "PUBLIC_ORIGIN">): string {
  return (env.PUBLIC_ORIGIN ?? "").trim().replace(/\/+$/, "") || LOCAL_ORIGIN;
}

const READ_ONLY_METHODS = new Set(["GET", "HEAD"]);

export function getLoadContext(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  { cspNonce, signedIn }: { cspNonce: string; signedIn: boolean },
): AppLoadContext {
  // A public GET writes nothing, so its reads may come from a replica; a signed-in person's
  // pages read the primary, so what they just saved is what they see.
  const db = getDb(env, { replica: READ_ONLY_METHODS.has(request.method) && !signedIn });
  let sessionUser: Promise<SessionUser | null> | undefined;
  let trackingLimit: Promise<RateLimitResult> | undefined;
  return {
    cloudflare: { env, ctx },
    db,
    cspNonce,
    origin: publicOrigin(env),
    sessionUser: () => (sessionUser ??= findSessionUser(db, request)),
    trackingLimit: () => (trackingLimit ??= countTrackingLookUps({ cloudflare: { env } }, { clientAddress: clientAddress(request) })),
  };
}

/** What a service needs of the request: the database, the bindings, and where the site is served. */
export type ServiceContext = Pick<AppLoadContext, "db" | "cloudflare" | "origin">;
