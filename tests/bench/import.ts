// A bulk import of 5,000 rows at two sizes of the database (part of `npm run bench`): for each
// size, a fresh local D1 with the demo data plus SEED_SHIPMENTS more shipments
// (drizzle/seed-bulk.ts), the built worker under wrangler dev, then the demo customer uploads a
// file of 5,000 shipments (its preview) and confirms it (every row created), each timed. The
// goal: the larger database takes at most twice as long (missed, it exits with 1).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { IMPORT_LIMITS } from "../../app/features/shipments/shipment-import";
import { importCsv } from "../shipment-import-sample";
import { signIn, waitForServer } from "./server";

const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
/** The demo data holds 40 shipments; the bulk seed adds the rest. */
const DEMO_SHIPMENTS = 40;
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_LIMITS.rows);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  return String(result.stdout);
}

/** The upload (read, every row checked, stored) and the confirm (every row created), in milliseconds. */
async function importOnce(cookie: string, tag: string): Promise<{ previewMs: number; createMs: number }> {
  const form = new FormData();
  form.set("file", new File([importCsv(ROWS, { tag })], `${tag}.csv`, { type: "text/csv" }));
  let started = performance.now();
  const uploaded = await fetch(`${BASE}/dashboard/import`, { method: "POST", body: form, redirect: "manual", headers: { Cookie: cookie, Origin: BASE } });
  const previewPath = uploaded.headers.get("Location");
  if (uploaded.status !== 302 || !previewPath) throw new Error(`the upload answered ${uploaded.status}: ${(await uploaded.text()).slice(0, 300)}`);
  const previewMs = performance.now() - started;
  started = performance.now();
  const created = await fetch(BASE + previewPath, {
    method: "POST",
    body: new URLSearchParams({ intent: "create" }),
    redirect: "manual",
    headers: { Cookie: cookie, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
  });
  await created.arrayBuffer();
  if (created.status !== 302 || created.headers.get("Location") !== "/dashboard") throw new Error(`the confirm answered ${created.status}`);
  const createMs = performance.now() - started;
  // Every row is a shipment now: the preview says so.
  const page = await (await fetch(BASE + previewPath, { headers: { Cookie: cookie } })).text();
  const made = `${ROWS.toLocaleString("en-US")} shipment${ROWS === 1 ? "" : "s"} created from it.`;
  if (!page.includes(made)) throw new Error(`the preview does not say "${made}"`);
  return { previewMs, createMs };
}

async function measure(size: number): Promise<{ previewMs: number; createMs: number }> {
  const dir = join(tmpdir(), `swiftparcel-bench-import-${size}`);
  rmSync(dir, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  const seeded = run("npx", ["tsx", "drizzle/seed.ts"], { PERSIST_TO: dir, SEED_SHIPMENTS: String(Math.max(0, size - DEMO_SHIPMENTS)), WRANGLER_LOG: "error" });
  console.log(seeded.trim().split("\n").filter((line) => /^(Bulk|Seeded)/.test(line)).join("\n"));
  const server = spawn(
    "npx",
    ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", dir, "--var", "LOGIN_RATE_LIMIT:100000", "--var", "ACTION_RATE_LIMIT_FACTOR:1000"],
    { stdio: "ignore", detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  const stop = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  };
  process.on("exit", stop);
  try {
    await waitForServer(BASE);
    const cookie = await signIn(BASE, "/login", DEMO_CUSTOMER);
    const result = await importOnce(cookie, `bench${size}`);
    console.log(
      `import of ${ROWS.toLocaleString("en-US")} rows at ${size.toLocaleString("en-US")} shipments: upload and preview ${result.previewMs.toFixed(0)} ms, create ${result.createMs.toFixed(0)} ms`,
    );
    return result;
  } finally {
    stop();
    process.off("exit", stop);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rmSync(dir, { recursive: true, force: true });
  }
}

const bySize: { previewMs: number; createMs: number }[] = [];
for (const size of SIZES) bySize.push(await measure(size));
if (bySize.length === 2) {
  const [small, large] = bySize as [{ previewMs: number; createMs: number }, { previewMs: number; createMs: number }];
  const total = (result: typeof small) => result.previewMs + result.createMs;
  const ratio = total(large) / total(small);
  console.log(
    `import of ${ROWS.toLocaleString("en-US")} rows, upload to created: ${SIZES[0]!.toLocaleString("en-US")} ${total(small).toFixed(0)} ms, ${SIZES[1]!.toLocaleString("en-US")} ${total(large).toFixed(0)} ms (x${ratio.toFixed(2)}; goal: at most x2)`,
  );
  if (ratio > 2) process.exitCode = 1;
}
