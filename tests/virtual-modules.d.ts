// The Remix Vite plugin's server build, compiled from source (tests/worker.ts imports it).
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
