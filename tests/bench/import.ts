// A bulk import of 5,000 rows at two sizes of the database (part of `npm run bench`): for each
// size, a fresh local D1 with the demo data plus SEED_SHIPMENTS more shipments
// (drizzle/seed-bulk.ts), the built worker under wrangler dev, then the demo customer uploads a
// file of 5,000 shipments (its preview) and confirms it (every row created), each timed. The
// goal: the larger database takes at most twice as long (missed, it exits with 1).
import { DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { IMPORT_LIMITS } from "../../app/features/shipments/shipment-import";
import { importCsv } from "../shipment-import-sample";
import { seededServer, signIn } from "./server";

const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_LIMITS.rows);

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
  const server = await seededServer(size, PORT);
  try {
    const cookie = await signIn(server.base, "/login", DEMO_CUSTOMER);
    const result = await importOnce(cookie, `bench${size}`);
    console.log(
      `import of ${ROWS.toLocaleString("en-US")} rows at ${size.toLocaleString("en-US")} shipments: upload and preview ${result.previewMs.toFixed(0)} ms, create ${result.createMs.toFixed(0)} ms`,
    );
    return result;
  } finally {
    await server.stop();
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
