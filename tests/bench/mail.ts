// The mail section of `npm run bench` (issue 25, docs/decisions/148): the built worker under
// `wrangler dev` with its local events queue, on a fresh database (the demo data and 200 more
// shipments), its mail going to the provider's stand-in on loopback (tests/e2e/mail-catcher.ts,
// which speaks Resend's API), run in this process so that it times each mail's arrival. Prints
// four lines:
//
// - the time from a status change (its answer: the change has committed) to its mail reaching
//   the provider, p50 and p95 over the mail of 200 changes an admin makes one after another. One
//   at a time: locally one workerd thread runs the requests, the queue's broker and its
//   consumer, so changes made in parallel delay the mail of all of them (the broker flushed
//   5 batches for 60 changes made two at a time), which production's consumers do not share;
// - the time from a bulk status change of the same 200 shipments, made through the admin list's
//   bar (two selections of 100, the bar's bound, one after another), to the last of the mails it
//   wrote to the shipments' owners (the accounts they belong to) reaching the provider. The goal:
//   within a minute; missed, the bench says so and exits with 1;
// - mails per minute through the queue: 5,000 failed mails written into the database before the
//   server starts, handed to the queue at once by the mailbox's "Retry all", timed until the
//   last one arrives;
// - mails lost and sent twice: 1,000 more, with the stand-in failing 20% of requests (500) and
//   holding 5% past the sender's 5-second timeout (delivered, answered late), counted once no
//   mail is pending or failed. A mail is identified by its subject, so a mail delivered twice
//   under two idempotency keys would count.
//
// BENCH_MAIL_PORT (8795; the stand-in on the next port), BENCH_MAIL_THROUGHPUT (5000),
// BENCH_MAIL_FAULTS (1000).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ADMIN } from "../../app/features/accounts/demo-accounts.server";
import { startMailCatcher, type CaughtMail } from "../e2e/mail-catcher";
import { signIn, userWorkerOrigin, waitForServer } from "./server";

const PORT = Number(process.env.BENCH_MAIL_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const CHANGES = 200;
const CHANGES_AT_ONCE = 1;
const THROUGHPUT_MAILS = Number(process.env.BENCH_MAIL_THROUGHPUT ?? 5000);
const FAULT_MAILS = Number(process.env.BENCH_MAIL_FAULTS ?? 1000);
/** Each wait for mail gives up after this long. */
const SETTLE_TIMEOUT_MS = 15 * 60_000;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG: "error" };
const dir = join(tmpdir(), "swiftparcel-bench-mail");

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "inherit"], env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
  return String(result.stdout);
}

function sql(command: string): unknown[] {
  // At WRANGLER_LOG=error wrangler prints no result at all.
  const printed = run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", dir, "--json", "--command", command], { WRANGLER_LOG: "log" });
  const answer = JSON.parse(printed) as { results: unknown[] }[];
  return answer.flatMap((part) => part.results);
}

/** `count` dead mails to `prefix`-N@example.com, subject "`prefix` mail N", written `minutesAgo` ago (no request wrote them). */
function writeDeadMail(prefix: string, count: number, minutesAgo: number): void {
  const at = Date.now() - minutesAgo * 60_000;
  sql(
    `INSERT INTO outbox (id, channel, to_address, subject, body, kind, status, attempts, next_attempt_at, last_error, created_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
     SELECT '${prefix}-' || i, 'mail', '${prefix}-' || i || '@example.com', '${prefix} mail ' || i, 'Bench mail ' || i || ': https://parcel.test/track/SWP1', 'bench', 'dead', 13, ${at}, 'written dead by the bench', ${at + 0} FROM n`,
  );
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/** Waits for `done`, asking every `everyMs` (a question to the app takes its time from the mail's). */
async function until(what: string, done: () => boolean | Promise<boolean>, everyMs = 100): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Until no mail to addresses containing `search` is pending or failed. */
function settled(cookie: string, search: string): Promise<void> {
  return until(`the mail to ${search || "every address"}`, async () => (await mailboxCount(cookie, search, "Pending")) === 0 && (await mailboxCount(cookie, search, "Failed")) === 0, 1000);
}

/** The mailbox's count of mail in `state` among mail to addresses containing `search`. */
async function mailboxCount(cookie: string, search: string, state: "Pending" | "Failed" | "Sent" | "Dead"): Promise<number> {
  const page = await (await fetch(`${app}/admin/mailbox?search=${encodeURIComponent(search)}`, { headers: { Cookie: cookie } })).text();
  const found = new RegExp(`>${state}: (\\d+)<`).exec(page);
  if (!found) throw new Error(`no ${state} count on the mailbox`);
  return Number(found[1]);
}

async function retryAll(cookie: string): Promise<void> {
  const answer = await fetch(`${app}/admin/mailbox/retry`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "retry-all", redirectTo: "/admin/mailbox" }),
  });
  if (answer.status !== 303) throw new Error(`Retry all answered ${answer.status}`);
}

/** Mails whose subject starts with `prefix`, by subject: how many times each arrived. */
function arrivals(received: readonly CaughtMail[], prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) if (mail.subject.startsWith(prefix)) counts.set(mail.subject, (counts.get(mail.subject) ?? 0) + 1);
  return counts;
}

rmSync(dir, { recursive: true, force: true });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
run("npx", ["tsx", "drizzle/seed.ts"], { PERSIST_TO: dir, SEED_SHIPMENTS: String(CHANGES) });
const changed = sql(
  `SELECT shipments.id, shipments.tracking_id AS trackingId, shipments.status, users.email AS ownerEmail FROM shipments
   LEFT JOIN users ON users.id = shipments.user_id WHERE shipments.id LIKE 'bench-%' ORDER BY shipments.id LIMIT ${CHANGES}`,
) as { id: string; trackingId: string; status: string; ownerEmail: string | null }[];
/** The bulk change's status: none of the shipments has it after the latency run (out for delivery or exception). */
const BULK_STATUS = { value: "in_transit", label: "In Transit" };
/** The admin list's bar takes this many shipments at a time. */
const BULK_SELECTION = 100;
const BULK_GOAL_MS = 60_000;
// Older first: "Retry all" takes the oldest first, so the throughput run's mail goes before the fault run's.
writeDeadMail("throughput", THROUGHPUT_MAILS, 20);
writeDeadMail("fault", FAULT_MAILS, 10);

const catcher = await startMailCatcher(PORT + 1);
const server = spawn(
  "npx",
  [
    "wrangler", "dev", "--persist-to", dir, "--port", String(PORT), "--ip", "127.0.0.1",
    "--var", "LOGIN_RATE_LIMIT:100000", "--var", "ACTION_RATE_LIMIT_FACTOR:1000", "--var", `PUBLIC_ORIGIN:${BASE}`,
    "--var", "RESEND_API_KEY:bench", "--var", `RESEND_API_URL:http://127.0.0.1:${PORT + 1}`,
  ],
  { stdio: "ignore", detached: true, env },
);
/** Where the requests go: the worker's own socket once found. */
let app = BASE;
const stop = () => {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
};
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

try {
  await waitForServer(BASE);
  // Straight to the worker's workerd socket: wrangler dev's proxy answers some parallel writes
  // with a 503 of its own on a busy machine (docs/CHANGELOG.md, issue 22).
  app = (await userWorkerOrigin(server.pid!, PORT)) ?? BASE;
  const admin = await signIn(app, "/admin/login", DEMO_ADMIN);

  // 1. Latency: 200 status changes, one after another; each change's mail timed from its answer.
  const committedAt = new Map<string, number>();
  const queue = [...changed];
  await Promise.all(
    Array.from({ length: CHANGES_AT_ONCE }, async () => {
      for (let shipment = queue.shift(); shipment; shipment = queue.shift()) {
        const status = shipment.status === "out_for_delivery" ? "exception" : "out_for_delivery";
        const answer = await fetch(`${app}/admin/shipments/${shipment.id}/status`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: app, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ status, redirectTo: "/admin/dashboard" }),
        });
        await answer.arrayBuffer();
        committedAt.set(shipment.trackingId, Date.now());
        if (answer.status !== 302) throw new Error(`a status change answered ${answer.status}`);
      }
    }),
  );
  // Every change mails its sender at least; then the rest of its mail (owners) is let settle.
  const trackingIdOf = (mail: CaughtMail) => /^Shipment (\S+):/.exec(mail.subject)?.[1];
  await until("a mail of every change", () => new Set(catcher.received.map(trackingIdOf).filter((id) => id && committedAt.has(id))).size === CHANGES);
  await settled(admin, "");
  const latencies = catcher.received
    .flatMap((mail) => {
      const trackingId = trackingIdOf(mail);
      const committed = trackingId ? committedAt.get(trackingId) : undefined;
      return committed === undefined ? [] : [mail.receivedAt - committed];
    })
    .sort((a, b) => a - b);
  if (latencies.length < CHANGES) throw new Error(`only ${latencies.length} status mails arrived for ${CHANGES} changes`);
  console.log(`mail latency from status change to provider: p50 ${Math.round(percentile(latencies, 0.5))} ms, p95 ${Math.round(percentile(latencies, 0.95))} ms`);

  // 2. A bulk status change of the same shipments, through the list's bar: each owner's mail timed from the first selection's post.
  const ownerMail = new Set(changed.flatMap((shipment) => (shipment.ownerEmail ? [`${shipment.ownerEmail} Shipment ${shipment.trackingId}: ${BULK_STATUS.label}`] : [])));
  const ownersReached = () => catcher.received.filter((mail) => ownerMail.has(`${mail.to} ${mail.subject}`));
  const bulkStart = Date.now();
  for (let start = 0; start < changed.length; start += BULK_SELECTION) {
    const selection = changed.slice(start, start + BULK_SELECTION);
    const answer = await fetch(`${app}/admin/shipments/bulk-status`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: app, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([...selection.map((shipment): [string, string] => ["ids", shipment.id]), ["status", BULK_STATUS.value], ["redirectTo", "/admin/shipments"]]),
    });
    await answer.arrayBuffer();
    if (answer.status !== 302) throw new Error(`a bulk status change answered ${answer.status}`);
  }
  await until("every owner's mail of the bulk change", () => new Set(ownersReached().map((mail) => `${mail.to} ${mail.subject}`)).size === ownerMail.size);
  const bulkMs = Math.max(...ownersReached().map((mail) => mail.receivedAt)) - bulkStart;
  console.log(`bulk change of ${changed.length} shipments: every owner's mail at the provider in ${bulkMs} ms`);
  if (bulkMs > BULK_GOAL_MS) {
    console.log(`goal missed: every owner's mail of a bulk change within ${BULK_GOAL_MS} ms`);
    process.exitCode = 1;
  }
  await settled(admin, "");

  // 3. Throughput: THROUGHPUT_MAILS handed to the queue at once.
  const throughputStart = Date.now();
  await retryAll(admin);
  await until("the throughput run's mail", () => arrivals(catcher.received, "throughput mail").size === THROUGHPUT_MAILS);
  const lastArrival = Math.max(...catcher.received.filter((mail) => mail.subject.startsWith("throughput mail")).map((mail) => mail.receivedAt));
  console.log(`mails per minute through the queue: ${Math.round((THROUGHPUT_MAILS / (lastArrival - throughputStart)) * 60_000)}`);

  // 4. Faults: every mail goes out once, whatever the provider does.
  catcher.setFaults({ failRate: 0.2, hangRate: 0.05, hangMs: 7000 });
  await retryAll(admin);
  await settled(admin, "fault-");
  const faults = arrivals(catcher.received, "fault mail");
  const twice = [...faults.values()].filter((times) => times > 1).length;
  console.log(`mails lost: ${FAULT_MAILS - faults.size}, mails sent twice: ${twice}`);
} finally {
  stop();
  process.off("exit", stop);
  await catcher.close();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  rmSync(dir, { recursive: true, force: true });
}
