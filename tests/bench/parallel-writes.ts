// Parallel admin writes and reads against the built worker under `wrangler dev` (issue 22, item 8):
// 50 status changes at once, 50 admin dashboard loads at once, and the same bursts against a
// trivial route (a static file, and a POST the worker entry refuses before Remix) to tell the
// app's answers from the development proxy's. Counts answers by status and times them.
//
//   npm run build && npx tsx tests/bench/parallel-writes.ts
//
// Each round also sends the status and dashboard bursts straight to the worker's own workerd
// socket, behind wrangler dev's proxy (found among the loopback ports the started processes
// listen on), to tell the app's answers from the proxy's.
//
// PARALLEL_TOUCH=<file> adds a last round in which that file's modification time is touched
// (its content unchanged) 300 ms into each burst: `wrangler dev` watches the worker's source
// (app/entry.worker.ts and what it imports) and the built assets, and restarts the worker when
// one changes. That shows what a reload mid-burst looks like (docs/CHANGELOG.md, issue 22).
//
// Loopback only, bounded: PARALLEL_PORT (8821), PARALLEL_COUNT requests per burst (50, at most
// 200), PARALLEL_ROUNDS rounds (3, at most 10), each request given up after 30 s, the whole run
// after 10 minutes. Serves a fresh copy of the demo data in the temporary directory; `npm run
// build` must have run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { userWorkerOrigin, waitForServer } from "./server";

const PORT = Number(process.env.PARALLEL_PORT ?? 8821);
const COUNT = Math.min(Number(process.env.PARALLEL_COUNT ?? 50), 200);
const ROUNDS = Math.min(Number(process.env.PARALLEL_ROUNDS ?? 3), 10);
const REQUEST_TIMEOUT_MS = 30_000;
const RUN_TIMEOUT_MS = 10 * 60_000;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "admin@swiftparcel.example", password: "Admin123!" };
const RESTARTED = "restarted mid-request";
const TOUCH = process.env.PARALLEL_TOUCH;

type Answer = { status: number | "timeout" | "error"; ms: number; restarted: boolean; error?: string };

async function timed(input: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(input, { redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, restarted: response.status === 503 && body.includes(RESTARTED) };
  } catch (error) {
    const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return { status: timeout ? "timeout" : "error", ms: performance.now() - started, restarted: false, error: timeout ? undefined : why };
  }
}

function summary(label: string, answers: Answer[], wallMs: number): string {
  const byStatus = new Map<string, number>();
  for (const answer of answers) byStatus.set(String(answer.status), (byStatus.get(String(answer.status)) ?? 0) + 1);
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  const statuses = [...byStatus].sort().map(([status, n]) => `${status}x${n}`).join(" ");
  const restarted = answers.filter((answer) => answer.restarted).length;
  const errors = [...new Set(answers.flatMap((answer) => (answer.error ? [answer.error] : [])))].join(", ");
  return `${label.padEnd(34)} ${statuses.padEnd(22)} restarted=${restarted}  median ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms  burst ${Math.round(wallMs)} ms${errors ? `  errors: ${errors}` : ""}`;
}

async function burst(label: string, make: (index: number) => Promise<Answer>): Promise<Answer[]> {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: COUNT }, (_, index) => make(index)));
  console.log(summary(label, answers, performance.now() - started));
  return answers;
}

/** Same-origin headers a browser's form POST carries (the worker's cross-site check reads them). */
const FORM_HEADERS = { Origin: BASE, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" };

async function signInAsAdmin(): Promise<string> {
  const response = await fetch(`${BASE}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: FORM_HEADERS,
    body: new URLSearchParams({ ...ADMIN, intent: "sign-in", redirectTo: "" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .filter((value) => value.startsWith("__Host-session=") || value.startsWith("__Host-device="))
    .join("; ");
  if (response.status !== 302 || !cookie.includes("session")) throw new Error(`admin sign-in answered ${response.status}`);
  return cookie;
}

async function shipmentIds(cookie: string): Promise<string[]> {
  const html = await (await fetch(`${BASE}/admin/shipments`, { headers: { Cookie: cookie } })).text();
  const ids = [...new Set([...html.matchAll(/\/admin\/shipments\/([A-Za-z0-9-]+)\/edit/g)].map((match) => match[1]!))];
  if (ids.length === 0) throw new Error("no shipments on /admin/shipments");
  return ids;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function main(): Promise<void> {
  if (!existsSync("build/server/index.js")) throw new Error("run `npm run build` first");
  const state = mkdtempSync(join(tmpdir(), "parallel-writes-"));
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
  let server: ChildProcess | undefined;
  const deadline = setTimeout(() => {
    console.error("the run took longer than 10 minutes: stopping");
    server?.kill("SIGTERM");
    process.exit(1);
  }, RUN_TIMEOUT_MS);
  try {
    run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], env);
    run("npx", ["tsx", "drizzle/seed.ts"], { ...env, PERSIST_TO: state, WRANGLER_LOG: "error" });
    server = spawn(
      "npx",
      [
        "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", state,
        "--var", "LOGIN_RATE_LIMIT:100000", "--var", "ACTION_RATE_LIMIT_FACTOR:1000", "--var", "TRACK_RATE_LIMIT:100000",
        "--var", `PUBLIC_ORIGIN:${BASE}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"], env, detached: true },
    );
    let serverLog = "";
    const listen = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-50_000));
    server.stderr?.on("data", listen);
    server.stdout?.on("data", listen);
    await waitForServer(BASE);
    const cookie = await signInAsAdmin();
    const ids = await shipmentIds(cookie);
    const direct = await userWorkerOrigin(server.pid!, PORT);
    console.log(`wrangler dev on ${BASE} (the worker's own workerd socket: ${direct ?? "not found"}); ${COUNT} requests per burst, ${ROUNDS} rounds; ${ids.length} shipments to change`);
    const statuses = ["processing", "in_transit", "out_for_delivery", "exception"];
    const all: Record<string, Answer[]> = {};
    const keep = (label: string, answers: Answer[]) => (all[label] = [...(all[label] ?? []), ...answers]);
    for (let round = 0; round < ROUNDS; round += 1) {
      console.log(`round ${round + 1}`);
      keep(
        "status changes (POST)",
        await burst("  status changes (POST)", (index) =>
          timed(`${BASE}/admin/shipments/${ids[index % ids.length]}/status`, {
            method: "POST",
            headers: { ...FORM_HEADERS, Cookie: cookie },
            body: new URLSearchParams({ status: statuses[(index + round) % statuses.length]!, redirectTo: "/admin/dashboard" }),
          }),
        ),
      );
      keep("admin dashboard (GET)", await burst("  admin dashboard (GET)", () => timed(`${BASE}/admin/dashboard`, { headers: { Cookie: cookie } })));
      if (direct) {
        keep(
          "status changes (POST), straight",
          await burst("  status changes (POST), straight", (index) =>
            timed(`${direct}/admin/shipments/${ids[index % ids.length]}/status`, {
              method: "POST",
              headers: { ...FORM_HEADERS, Origin: direct, Cookie: cookie },
              body: new URLSearchParams({ status: statuses[(index + round + 1) % statuses.length]!, redirectTo: "/admin/dashboard" }),
            }),
          ),
        );
        keep("admin dashboard (GET), straight", await burst("  admin dashboard (GET), straight", () => timed(`${direct}/admin/dashboard`, { headers: { Cookie: cookie } })));
      }
      // The same bursts on trivial routes: a static file, and a form POST the worker entry refuses
      // (415, no JSON on form actions) after reading it, before Remix and any D1 work.
      keep("static file (GET)", await burst("  static file (GET)", () => timed(`${BASE}/robots.txt`)));
      keep(
        "refused POST (415)",
        await burst("  refused POST (415)", () =>
          timed(`${BASE}/admin/shipments/${ids[0]}/status`, { method: "POST", headers: { ...FORM_HEADERS, "Content-Type": "application/json", Cookie: cookie }, body: "{}" }),
        ),
      );
    }
    console.log(`all ${ROUNDS} rounds`);
    for (const [label, answers] of Object.entries(all)) console.log(summary(`  ${label}`, answers, 0).replace(/  burst 0 ms$/, ""));
    if (TOUCH) {
      if (!existsSync(TOUCH)) throw new Error(`PARALLEL_TOUCH: no file ${TOUCH}`);
      const touchSoon = () => setTimeout(() => utimesSync(TOUCH, new Date(), new Date()), 300);
      console.log(`last round: ${TOUCH} touched 300 ms into each burst`);
      touchSoon();
      await burst("  status changes (POST)", (index) =>
        timed(`${BASE}/admin/shipments/${ids[index % ids.length]}/status`, {
          method: "POST",
          headers: { ...FORM_HEADERS, Cookie: cookie },
          body: new URLSearchParams({ status: statuses[index % statuses.length]!, redirectTo: "/admin/dashboard" }),
        }),
      );
      touchSoon();
      await burst("  admin dashboard (GET)", () => timed(`${BASE}/admin/dashboard`, { headers: { Cookie: cookie } }));
    }
    // What wrangler dev and workerd said about failures, other than the start-up warnings.
    const notable = serverLog.split("\n").filter((line) => /error|restart|crash|reload|exceeded|terminat|reset|hung/i.test(line) && !line.includes("DurableObjectNamespace"));
    if (notable.length > 0) console.log(`the server said:\n${[...new Set(notable)].slice(0, 15).join("\n")}`);
  } finally {
    clearTimeout(deadline);
    // wrangler dev starts workerd as a child: end the whole group this script started.
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(state, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
