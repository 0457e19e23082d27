import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server bundle exists once `remix vite:build` has run; wrangler bundles it in.
import * as build from "../build/server/index.js";
import { createWorker } from "./.server/worker";

export { ChatAdminFeed } from "./durable-objects/chat-admin-feed";
export { ChatSession } from "./durable-objects/chat-session";

export default createWorker(build as unknown as ServerBuild);
