// The integration tests' worker: the same as app/entry.worker.ts, but where that entry takes
// ../build/server (the last `remix vite:build`), this one takes the build Vite compiles from
// source (the Remix plugin's virtual module): a test run always exercises the code as it is
// now, with no build before it. Like the deployed entry, it reaches the server code only
// through the build's entry module.
import * as build from "virtual:remix/server-build";
import type * as ServerEntry from "~/entry.server";

const server = build.entry.module as unknown as typeof ServerEntry;

export const ChatAdminFeed = server.ChatAdminFeed;
export const ChatSession = server.ChatSession;

export default server.createWorker(build);
