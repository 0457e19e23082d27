// The worker entry (wrangler's `main`). It reaches the server code only through the Remix build:
// the handlers and the Durable Object classes are exports of app/entry.server.tsx, which the
// build exposes as `build.entry.module`, so server modules are bundled once.
import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server bundle exists once `remix vite:build` has run; wrangler bundles it in.
import * as built from "../build/server/index.js";
import type * as ServerEntry from "./entry.server";

const build = built as unknown as ServerBuild;
const server = build.entry.module as unknown as typeof ServerEntry;

export const ChatAdminFeed = server.ChatAdminFeed;
export const ChatSession = server.ChatSession;

export default server.createWorker(build);
