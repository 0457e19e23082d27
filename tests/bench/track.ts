// `npm run bench`, first part: where the time of the public pages goes, measured on the built
// worker under wrangler dev on loopback (port 8790, one bench at a time), one HTTP client, with
// fresh demo data: the paths below driven in interleaved rounds (so machine noise hits all
// alike), their req/s and the tracking/static ratio; the D1 round trips and writes of an
// anonymous tracking view as the worker counts them in bench mode (--var BENCH:true,
// app/.server/bench-d1.ts); the tracking page's gzipped HTML, CSS and JS, and the JS of other
// public pages. tests/bench/pages.ts then times the signed-in pages at 1,000 and 100,000
// shipments. BENCH_SECONDS (per path, default 10) and BENCH_CONCURRENCY (default 8) tune it.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DEMO_TRACKING_IDS, STATUS_TRACKING_IDS } from "../../drizzle/seed-data";
import { gzippedBytes, loadedScripts, waitForServer } from "./server";

const PORT = 8790;
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS_PER_PATH = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const COUNTED_VIEWS = 40;
const trackingPath = `/track/${DEMO_TRACKING_IDS[0]!.trackingId}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG: "error" };
const dir = join(tmpdir(), "swiftparcel-bench-public");

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...env, ...extraEnv } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

rmSync(dir, { recursive: true, force: true });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
run("npx", ["tsx", "drizzle/seed.ts"], { PERSIST_TO: dir });
const server = spawn(
  "npx",
  ["wrangler", "dev", "--persist-to", dir, "--port", String(PORT), "--var", "BENCH:true", "--var", "TRACK_RATE_LIMIT:100000",
    "--var", "LOGIN_RATE_LIMIT:100000", "--var", "ACTION_RATE_LIMIT_FACTOR:1000"],
  { stdio: "ignore", detached: true, env },
);
const stop = () => {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
};
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

/** The session cookie the customer demo button hands out. */
async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "demo", redirectTo: "" }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
  if (!cookie) throw new Error(`signing in answered ${response.status} without a session`);
  return cookie.split(";")[0]!;
}

type Path = { label: string; path: string; cookie?: string; count: number; seconds: number };

/** Requests for `ms` with CONCURRENCY loops; every answer must be 200. */
async function drive(target: Path, ms: number): Promise<void> {
  const end = Date.now() + ms;
  const headers: Record<string, string> = target.cookie ? { Cookie: target.cookie } : {};
  const loop = async () => {
    while (Date.now() < end) {
      const response = await fetch(BASE + target.path, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
      target.count += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  target.seconds += (performance.now() - started) / 1000;
}

/**
 * Pages no view has stored yet, the costliest anonymous views: first the delivered shipments
 * (their page also offers the delivery rating), then two others.
 */
const FRESH_PAGES = [
  ...[...DEMO_TRACKING_IDS, ...STATUS_TRACKING_IDS].filter((demo) => demo.status === "delivered"),
  ...DEMO_TRACKING_IDS.filter((demo) => demo.status !== "delivered").slice(1, 3),
].map((demo) => ({ path: `/track/${demo.trackingId}`, delivered: demo.status === "delivered" }));

/**
 * D1 round trips and writes of anonymous tracking views, from the worker's bench headers: every
 * tenth view a page in FRESH_PAGES (not stored yet), the others the stored tracking page.
 */
async function countedViews(): Promise<{ queries: number[]; writes: number[]; freshDelivered: number[] }> {
  const queries: number[] = [];
  const writes: number[] = [];
  const freshDelivered: number[] = [];
  for (let view = 0; view < COUNTED_VIEWS; view += 1) {
    const fresh = view % 10 === 0 ? FRESH_PAGES[view / 10] : undefined;
    const path = fresh?.path ?? trackingPath;
    const response = await fetch(BASE + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    queries.push(Number(response.headers.get("X-Bench-D1-Queries")));
    writes.push(Number(response.headers.get("X-Bench-D1-Writes")));
    if (fresh?.delivered) freshDelivered.push(queries.at(-1)!);
  }
  return { queries, writes, freshDelivered };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

try {
  await waitForServer(BASE);
  const html = await (await fetch(BASE + trackingPath)).text();
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
  const js = loadedScripts(html);
  const customer = await signIn();
  const paths: Path[] = [
    { label: `static asset ${css[0]}`, path: css[0]!, count: 0, seconds: 0 },
    { label: `anonymous ${trackingPath}`, path: trackingPath, count: 0, seconds: 0 },
    { label: `signed-in ${trackingPath}`, path: trackingPath, cookie: customer, count: 0, seconds: 0 },
    { label: "/", path: "/", count: 0, seconds: 0 },
    { label: "/login", path: "/login", count: 0, seconds: 0 },
  ];
  // Warm every path so start-up work is not counted, then interleave them round by round.
  for (const target of paths) await drive(target, 1000);
  for (const target of paths) Object.assign(target, { count: 0, seconds: 0 });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of paths) await drive(target, (SECONDS_PER_PATH * 1000) / ROUNDS);
  }
  const rps = paths.map((target) => target.count / target.seconds);
  const counted = await countedViews();
  const htmlGz = gzipSync(Buffer.from(html), { level: 9 }).length;
  const cssGz = (await Promise.all(css.map((path) => gzippedBytes(BASE, path)))).reduce((a, b) => a + b, 0);
  const jsGz = (await Promise.all(js.map((path) => gzippedBytes(BASE, path)))).reduce((a, b) => a + b, 0);
  const pageJs: string[] = [];
  for (const page of ["/", "/login", "/pricing"]) {
    const scripts = loadedScripts(await (await fetch(BASE + page)).text());
    const bytes = (await Promise.all(scripts.map((path) => gzippedBytes(BASE, path)))).reduce((a, b) => a + b, 0);
    pageJs.push(`${page} gzipped JS: ${bytes} B (${(bytes / 1024).toFixed(1)} KB, ${scripts.length} files)`);
  }

  console.log(`interleaved: ${ROUNDS} rounds, ${SECONDS_PER_PATH}s per path in all, ${CONCURRENCY} concurrent requests, one client`);
  paths.forEach((target, index) => console.log(`req/s ${target.label}: ${rps[index]!.toFixed(0)}`));
  console.log(`ratio anonymous tracking/static: ${(rps[1]! / rps[0]!).toFixed(3)}`);
  console.log(`D1 queries per anonymous tracking view: ${Math.max(...counted.queries)}`);
  console.log(`D1 writes per anonymous tracking view: ${Math.max(...counted.writes)}`);
  console.log(`D1 queries per anonymous tracking view, mean of ${COUNTED_VIEWS} (every tenth a page not yet stored): ${mean(counted.queries).toFixed(2)}`);
  console.log(`D1 queries of a fresh anonymous view of a delivered shipment (not yet stored): ${Math.max(...counted.freshDelivered)}`);
  console.log(`tracking page gzipped HTML: ${htmlGz} B`);
  console.log(`tracking page gzipped CSS: ${cssGz} B (${css.length} file${css.length === 1 ? "" : "s"})`);
  console.log(`tracking page gzipped JS: ${jsGz} B (${(jsGz / 1024).toFixed(1)} KB, ${js.length} files)`);
  for (const line of pageJs) console.log(line);
} finally {
  stop();
  rmSync(dir, { recursive: true, force: true });
}
