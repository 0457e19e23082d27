// A bulk import of 5,000 rows and 100 shipments created through the API, at two sizes of the
// database (part of `npm run bench`): for each size, a fresh local D1 with the demo data plus
// SEED_SHIPMENTS more shipments (drizzle/seed-bulk.ts), the built worker under wrangler dev (on
// BENCH_IMPORT_PORT, the next size on the next port); then the demo customer uploads a file of
// 5,000 shipments (its preview) and confirms it (every row created) at each size, and with a key
// of theirs creates 100 shipments one after another (POST /api/v1/shipments), each timed. Both
// servers run at once and the sizes take turns (import after import, API call after API call),
// so the other work on a shared machine weighs on both alike. The goal: the larger database
// takes at most twice as long for each (missed, it exits with 1).
//
// Every request (sign-in, the key, upload, confirm, API creates) goes straight to the worker's
// own workerd socket, not through wrangler dev's proxy on BENCH_IMPORT_PORT: through the proxy,
// the confirm's answer (5,000 rows created, the worker idle again) often never reached the client.
// The proxy is wrangler's development tool, not the app, so it is left out of the figures; a
// socket that cannot be found stops the bench with an error rather than measuring the proxy.
import { request } from "node:http";
import { DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { IMPORT_LIMITS } from "../../app/features/shipments/shipment-import";
import { API_SHIPMENT } from "../api-sample";
import { importCsv } from "../shipment-import-sample";
import { createApiKeyAs, seededServer, signIn, userWorkerOrigin } from "./server";

const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 8795);
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_LIMITS.rows);
const API_CREATES = 100;
const MAX_RATIO = 2;

type Result = { previewMs: number; createMs: number; apiMs: number; apiMedianMs: number };

/** One size's server, ready: its worker's own socket and the demo customer's session there. */
type Served = { size: number; app: string; cookie: string; stop: () => Promise<void> };

/**
 * A request without fetch's 5-minute wait for the answer's headers: a confirm of 5,000 rows on a
 * loaded machine may take longer. Each on a connection of its own: workerd closes the
 * connection as soon as it has answered a long confirm, so a request sent on it right after
 * (the preview's GET) was reset (ECONNRESET).
 */
function slowRequest(url: string, { method, body, headers }: { method: string; body?: string; headers: Record<string, string> }): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, location: answer.headers.location, body: Buffer.concat(chunks).toString("utf8") }));
      answer.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The upload (read, every row checked, stored) and the confirm (every row created), in milliseconds. */
async function importOnce({ app, cookie, size }: Served): Promise<{ previewMs: number; createMs: number }> {
  const tag = `bench${size}`;
  const form = new FormData();
  form.set("file", new File([importCsv(ROWS, { tag })], `${tag}.csv`, { type: "text/csv" }));
  let started = performance.now();
  const uploaded = await fetch(`${app}/dashboard/import`, { method: "POST", body: form, redirect: "manual", headers: { Cookie: cookie, Origin: app } });
  const previewPath = uploaded.headers.get("Location");
  if (uploaded.status !== 302 || !previewPath) throw new Error(`the upload answered ${uploaded.status}: ${(await uploaded.text()).slice(0, 300)}`);
  const previewMs = performance.now() - started;
  started = performance.now();
  const created = await slowRequest(app + previewPath, {
    method: "POST",
    body: new URLSearchParams({ intent: "create" }).toString(),
    headers: { Cookie: cookie, Origin: app, "Content-Type": "application/x-www-form-urlencoded" },
  }).catch((error: unknown) => {
    throw new Error(`the confirm got no answer after ${((performance.now() - started) / 1000).toFixed(1)} s`, { cause: error });
  });
  if (created.status !== 302 || created.location !== "/dashboard") throw new Error(`the confirm answered ${created.status}: ${created.body.slice(0, 300)}`);
  const createMs = performance.now() - started;
  // Every row is a shipment now: the preview says so (once the worker has handed the 5,000 shipments' events on).
  const page = (
    await slowRequest(app + previewPath, { method: "GET", headers: { Cookie: cookie } }).catch((error: unknown) => {
      throw new Error("the preview after the confirm got no answer", { cause: error });
    })
  ).body;
  const made = `${ROWS.toLocaleString("en-US")} shipment${ROWS === 1 ? "" : "s"} created from it.`;
  if (!page.includes(made)) throw new Error(`the preview does not say "${made}"`);
  return { previewMs, createMs };
}

/**
 * API_CREATES shipments created one after another on each server with a key of the customer's,
 * the servers taking turns call by call: for each, the whole and the median call, in milliseconds.
 */
async function apiCreates(servers: Served[]): Promise<{ apiMs: number; apiMedianMs: number }[]> {
  const keys: string[] = [];
  for (const { app, cookie, size } of servers) keys.push(await createApiKeyAs(app, cookie, `Bench api${size}`));
  const times = servers.map((): number[] => []);
  for (let index = 0; index < API_CREATES; index += 1) {
    for (const [at, { app, size }] of servers.entries()) {
      const started = performance.now();
      const response = await fetch(`${app}/api/v1/shipments`, {
        method: "POST",
        headers: { Authorization: `Bearer ${keys[at]}`, "Content-Type": "application/json", "Idempotency-Key": `api${size}-${index}` },
        body: JSON.stringify({ ...API_SHIPMENT, referenceNumber: `api${size}-${index}` }),
      });
      await response.arrayBuffer();
      times[at]!.push(performance.now() - started);
      if (response.status !== 201) throw new Error(`API create ${index + 1} at ${size.toLocaleString("en-US")} shipments answered ${response.status}`);
    }
  }
  return times.map((each) => {
    const sorted = [...each].sort((a, b) => a - b);
    return { apiMs: each.reduce((sum, time) => sum + time, 0), apiMedianMs: sorted[Math.floor(sorted.length / 2)]! };
  });
}

/** A seeded server of `size` shipments on `port`, its worker's own socket, and the demo customer signed in there. */
async function served(size: number, port: number): Promise<Served> {
  const server = await seededServer(size, port);
  try {
    const app = await userWorkerOrigin(server.pid, port);
    if (!app) throw new Error(`the worker's own workerd socket behind wrangler dev on ${server.base} was not found (ss -ltnp lists no port of wrangler's processes answering /robots.txt)`);
    console.log(`at ${size.toLocaleString("en-US")} shipments: wrangler dev on ${server.base}, requests sent to the worker's own socket ${app}`);
    return { size, app, cookie: await signIn(app, "/login", DEMO_CUSTOMER), stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const servers: Served[] = [];
const bySize: Result[] = [];
try {
  for (const [index, size] of SIZES.entries()) servers.push(await served(size, PORT + index));
  const imports: { previewMs: number; createMs: number }[] = [];
  for (const one of servers) {
    const imported = await importOnce(one);
    console.log(
      `import of ${ROWS.toLocaleString("en-US")} rows at ${one.size.toLocaleString("en-US")} shipments: upload and preview ${imported.previewMs.toFixed(0)} ms, create ${imported.createMs.toFixed(0)} ms`,
    );
    imports.push(imported);
  }
  for (const [at, created] of (await apiCreates(servers)).entries()) {
    console.log(`${API_CREATES} API creates at ${servers[at]!.size.toLocaleString("en-US")} shipments: ${created.apiMs.toFixed(0)} ms in all, median ${created.apiMedianMs.toFixed(1)} ms each`);
    bySize.push({ ...imports[at]!, ...created });
  }
} finally {
  for (const one of servers) await one.stop();
}
if (bySize.length === 2) {
  const [small, large] = bySize as [Result, Result];
  const [smallSize, largeSize] = SIZES.map((size) => size.toLocaleString("en-US")) as [string, string];
  const compare = (what: string, of: (result: Result) => number) => {
    const ratio = of(large) / of(small);
    console.log(`${what}: ${smallSize} ${of(small).toFixed(0)} ms, ${largeSize} ${of(large).toFixed(0)} ms (x${ratio.toFixed(2)}; goal: at most x${MAX_RATIO})`);
    if (ratio > MAX_RATIO) process.exitCode = 1;
  };
  compare(`import of ${ROWS.toLocaleString("en-US")} rows, upload to created`, (result) => result.previewMs + result.createMs);
  compare(`${API_CREATES} API creates, one after another`, (result) => result.apiMs);
}
