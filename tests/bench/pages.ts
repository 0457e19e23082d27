// The signed-in pages at two sizes (part of `npm run bench`): for each size, a fresh local D1
// with the demo data plus SEED_SHIPMENTS more shipments (drizzle/seed-bulk.ts), the built worker
// under wrangler dev, then the median time of sequential requests to the admin dashboard, the
// admin list with a search, the customer dashboard and the analytics page. A page whose cost
// follows the table's size shows it here; the ratio line says by how much.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { signIn, waitForServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 8791);
const BASE = `http://127.0.0.1:${PORT}`;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);
/** The demo data holds 40 shipments; the bulk seed adds the rest. */
const DEMO_SHIPMENTS = 40;
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);

const PAGES = [
  { name: "admin dashboard", path: "/admin/dashboard", as: "admin" },
  { name: "admin list, search 'Chen'", path: "/admin/shipments?search=Chen", as: "admin" },
  { name: "customer dashboard", path: "/dashboard", as: "customer" },
  { name: "analytics, last 30 days", path: "/admin/analytics?period=30d", as: "admin" },
  { name: "analytics, last year", path: "/admin/analytics?period=1y", as: "admin" },
] as const;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  return String(result.stdout);
}

/** The median of SAMPLES sequential requests, in milliseconds; every answer must be 200. */
async function medianMs(path: string, cookie: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(BASE + path, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    // The first three warm the path up and are not counted.
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  return times.length % 2 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
}

async function measure(size: number): Promise<number[]> {
  const dir = join(tmpdir(), `swiftparcel-bench-${size}`);
  rmSync(dir, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  const seeded = run("npx", ["tsx", "drizzle/seed.ts"], { PERSIST_TO: dir, SEED_SHIPMENTS: String(Math.max(0, size - DEMO_SHIPMENTS)), WRANGLER_LOG: "error" });
  console.log(seeded.trim().split("\n").filter((line) => /^(Bulk|Seeded)/.test(line)).join("\n"));
  const server = spawn(
    "npx",
    ["wrangler", "dev", "--port", String(PORT), "--persist-to", dir, "--var", "LOGIN_RATE_LIMIT:100000", "--var", "ACTION_RATE_LIMIT_FACTOR:1000"],
    { stdio: "ignore", detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  const stop = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  };
  process.on("exit", stop);
  try {
    await waitForServer(BASE);
    const cookies = { admin: await signIn(BASE, "/admin/login", DEMO_ADMIN), customer: await signIn(BASE, "/login", DEMO_CUSTOMER) };
    const results: number[] = [];
    for (const page of PAGES) {
      const ms = await medianMs(page.path, cookies[page.as]);
      results.push(ms);
      console.log(`${page.name} ${page.path} at ${size.toLocaleString("en-US")} shipments: median ${ms.toFixed(1)} ms`);
    }
    return results;
  } finally {
    stop();
    process.off("exit", stop);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rmSync(dir, { recursive: true, force: true });
  }
}

const bySize: number[][] = [];
for (const size of SIZES) bySize.push(await measure(size));
console.log(`median of ${SAMPLES} sequential requests per page, one client`);
if (bySize.length === 2) {
  const [small, large] = bySize as [number[], number[]];
  PAGES.forEach((page, index) => {
    console.log(
      `${page.name}: ${SIZES[0]!.toLocaleString("en-US")} ${small[index]!.toFixed(1)} ms, ${SIZES[1]!.toLocaleString("en-US")} ${large[index]!.toFixed(1)} ms (x${(large[index]! / small[index]!).toFixed(2)})`,
    );
  });
}
