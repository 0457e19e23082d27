// The integration tests' worker: the same handlers as app/entry.worker.ts, but where that
// entry wraps ../build/server (the last `remix vite:build`), this one wraps the build Vite
// compiles from source (the Remix plugin's virtual module): a test run always exercises the
// code as it is now, with no build before it.
import * as build from "virtual:remix/server-build";
import { createWorker } from "~/.server/worker";

export { ChatAdminFeed } from "~/durable-objects/chat-admin-feed";
export { ChatSession } from "~/durable-objects/chat-session";

export default createWorker(build);
