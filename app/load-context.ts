import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "~/.server/db";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Db;
    /** Per-request nonce that the Content-Security-Policy header allows scripts to carry. */
    cspNonce: string;
  }
}

export function getLoadContext(env: Env, ctx: ExecutionContext, cspNonce: string): AppLoadContext {
  return { cloudflare: { env, ctx }, db: getDb(env), cspNonce };
}
