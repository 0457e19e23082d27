// `npm run bench`: starts the built worker under wrangler dev on loopback with fresh demo data,
// then drives the public tracking page and a static asset with the same HTTP client for a
// fixed time each, and prints throughputs, their ratio, and the page's gzipped weight.
import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { waitForServer } from "./server";

const PORT = 8790;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const trackingPath = `/track/${DEMO_TRACKING_IDS[0]!.trackingId}`;

const server = spawn("npm", ["run", "serve:fresh", "--", "--port", String(PORT)], {
  stdio: "ignore",
  detached: true,
});
const stop = () => {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
};
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

/** Requests per second over DURATION_MS with CONCURRENCY loops; every answer must be 200. */
async function throughput(path: string): Promise<number> {
  const end = Date.now() + DURATION_MS;
  let count = 0;
  const loop = async () => {
    while (Date.now() < end) {
      const response = await fetch(BASE + path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      count += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return count / ((performance.now() - started) / 1000);
}

async function gzipBytes(path: string): Promise<number> {
  return gzipSync(Buffer.from(await (await fetch(BASE + path)).arrayBuffer()), { level: 9 }).length;
}

try {
  await waitForServer(BASE);
  const html = await (await fetch(BASE + trackingPath)).text();
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
  const js = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!))];
  const asset = css[0]!;

  // Warm both paths so start-up work is not counted.
  for (let i = 0; i < 20; i += 1) await Promise.all([fetch(BASE + trackingPath), fetch(BASE + asset)].map(async (r) => (await r).arrayBuffer()));
  const pageRps = await throughput(trackingPath);
  const assetRps = await throughput(asset);
  const htmlGz = gzipSync(Buffer.from(html), { level: 9 }).length;
  const cssGz = (await Promise.all(css.map(gzipBytes))).reduce((a, b) => a + b, 0);
  const jsGz = (await Promise.all(js.map(gzipBytes))).reduce((a, b) => a + b, 0);

  console.log(`duration ${DURATION_MS / 1000}s per path, ${CONCURRENCY} concurrent requests, one client`);
  console.log(`tracking page ${trackingPath}: ${pageRps.toFixed(0)} req/s`);
  console.log(`static asset ${asset}: ${assetRps.toFixed(0)} req/s`);
  console.log(`ratio page/asset: ${(pageRps / assetRps).toFixed(3)}`);
  console.log(`tracking page gzipped: HTML ${htmlGz} B, CSS ${cssGz} B (${css.length} file), JS ${jsGz} B (${js.length} files)`);
} finally {
  stop();
}
