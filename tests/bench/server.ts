// What the benchmark scripts share: waiting for the app they started to answer, finding the
// worker's own workerd socket behind wrangler dev's proxy, signing in, serving a fresh database
// of a given size, timing sequential requests and weighing a page's scripts.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Resolves once `base` answers /robots.txt, or throws after three minutes. */
export async function waitForServer(base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the app did not start within 3 minutes");
}

/** Signs in through the form at `path`, as a browser does, and gives the session's Cookie header. */
export async function signIn(base: string, path: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(base + path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email: account.email, password: account.password, redirectTo: "" }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in at ${path} answered ${response.status}`);
  return cookies.join("; ");
}

/** A new API key of the signed-in customer's, made through the profile's form as a browser makes it (the page shows it once). */
export async function createApiKeyAs(base: string, cookie: string, name: string): Promise<string> {
  const response = await fetch(`${base}/profile/api-keys`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "create", name }),
  });
  const key = /sp_live_[A-Za-z0-9_-]{43}/.exec(await response.text())?.[0];
  if (response.status !== 200 || !key) throw new Error(`creating an API key answered ${response.status}`);
  return key;
}

/** The pids of `root` and all its descendants. */
function processTree(root: number): Set<number> {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n");
  const pairs = rows.map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [pid, ppid] of pairs) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  return tree;
}

/**
 * The address of the worker's own workerd socket, behind wrangler dev's proxy: among the loopback
 * ports the started processes listen on (other than the proxy's), the one that serves the site.
 */
export async function userWorkerOrigin(root: number, proxyPort: number): Promise<string | null> {
  const pids = processTree(root);
  const listening = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" }).split("\n");
  const ports = listening
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((match) => pids.has(Number(match[1]))))
    .map((line) => /127\.0\.0\.1:(\d+)/.exec(line)?.[1])
    .filter((port): port is string => port !== undefined && Number(port) !== proxyPort);
  for (const port of ports) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/robots.txt`, { signal: AbortSignal.timeout(5000) });
      if (response.ok && (await response.text()).includes("User-agent")) return `http://127.0.0.1:${port}`;
    } catch {
      // not this one
    }
  }
  return null;
}

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  return String(result.stdout);
}

/** The demo data holds 40 shipments; the bulk seed (drizzle/seed-bulk.ts) adds the rest. */
const DEMO_SHIPMENTS = 40;

/**
 * The built worker under wrangler dev on 127.0.0.1:`port`, over a fresh local D1 (in the
 * temporary directory) holding the demo data and `size` shipments in all; `vars` are more of
 * the worker's variables (BENCH, say). `pid` is wrangler's (for userWorkerOrigin); stop() ends
 * the server and removes the database.
 */
export async function seededServer(size: number, port: number, vars: Record<string, string> = {}): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const dir = join(tmpdir(), `swiftparcel-bench-${port}-${size}`);
  rmSync(dir, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  const seeded = run("npx", ["tsx", "drizzle/seed.ts"], { PERSIST_TO: dir, SEED_SHIPMENTS: String(Math.max(0, size - DEMO_SHIPMENTS)), WRANGLER_LOG: "error" });
  console.log(seeded.trim().split("\n").filter((line) => /^(Bulk|Seeded)/.test(line)).join("\n"));
  const server = spawn(
    "npx",
    [
      // Errors only: wrangler's log of every request costs CPU in node the bench would count.
      "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", dir, "--log-level", "error", "--var", "LOGIN_RATE_LIMIT:100000", "--var", "ACTION_RATE_LIMIT_FACTOR:1000",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { stdio: "ignore", detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  const kill = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  };
  process.on("exit", kill);
  const stop = async () => {
    kill();
    process.off("exit", kill);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: server.pid!, stop };
}

/** The median time of `samples` sequential GETs of `url`, in milliseconds, after three that warm it up; every answer must be 200. */
export async function medianMs(url: string, cookie: string, samples: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  return times.length % 2 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
}

/**
 * The scripts a browser loads with the page: the modulepreload links, what the inline module
 * scripts import, and external scripts (the public pages' one module, decision 145). Other
 * /assets/ names in the HTML (the route manifest's entries for pages the page links to) load
 * only when the reader goes there.
 */
export function loadedScripts(html: string): string[] {
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const imported = [...html.matchAll(/import(?:[^"]*from)?\s*\(?"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const external = [...html.matchAll(/<script[^>]* src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set([...preloaded, ...imported, ...external])];
}

/** The size of `base + path` compressed with gzip -9. */
export async function gzippedBytes(base: string, path: string): Promise<number> {
  return gzipSync(Buffer.from(await (await fetch(base + path)).arrayBuffer()), { level: 9 }).length;
}
