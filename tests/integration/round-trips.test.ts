// What a far-away person waits for (issue 26). First, the sequential D1 round trips of the
// signed-in pages and actions, counted by the worker in bench mode with every D1 call delayed as
// from a far-away primary, so calls sent together overlap and only waits in series add up.
// Then read replicas with read-your-writes: the worker runs over a stand-in D1 whose sessions
// read a replica frozen at the fixtures unless their bookmark says they have seen a newer write.
import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, shipments } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { getDb } from "~/.server/db";
import { BOOKMARK_COOKIE } from "~/.server/request-d1";
import { SESSION_COOKIE } from "~/features/accounts/session.server";
import worker from "../worker";
import { VALID_ADMIN_FORM } from "../admin-shipment-sample";
import { SAMPLE_PACKAGE_STEP, SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { db, seedDemoData, signedInCookie } from "./fixtures";
import { BASE } from "./base";
import { withoutCatalogs } from "./requests";

let admin = "";
let customer = "";

beforeAll(async () => {
  await seedDemoData();
  admin = await signedInCookie(SEED_USER_IDS.admin);
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

/** One request through the worker, over `database` (the test D1 unless given), as a browser sends it. */
async function send(path: string, cookie: string, { form, bench = false, database = env.DB }: { form?: Record<string, string>; bench?: boolean; database?: D1Database } = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { Cookie: cookie, ...(form ? { Origin: BASE, Host: new URL(BASE).host, "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const response = await worker.fetch!(request as never, { ...env, DB: database, ...(bench ? { BENCH: "true", BENCH_D1_LATENCY_MS: "10" } : {}) }, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text, steps: Number(response.headers.get("X-Bench-D1-Steps")) };
}

/** The sequential D1 round trips of one request, which must answer `status`. */
async function stepsOf(path: string, cookie: string, status: number, form?: Record<string, string>) {
  const { response, steps } = await send(path, cookie, { form, bench: true });
  expect(response.status, path).toBe(status);
  return { steps, location: response.headers.get("Location") };
}

describe("sequential D1 round trips of the signed-in pages and actions, the session check included", () => {
  it("is at most 2 for every admin page of the table", async () => {
    for (const path of ["/admin/dashboard", "/admin/shipments", "/admin/users", "/admin/invoices", "/admin/mailbox", "/admin/chat-support", "/admin/shipments/seed-shipment-03/edit"]) {
      expect((await stepsOf(path, admin, 200)).steps, path).toBeLessThanOrEqual(2);
    }
  });

  it("is at most 2 for the shipment form's redirect and for the page it leads to", async () => {
    const { steps, location } = await stepsOf("/dashboard/create-shipment", customer, 302);
    expect(steps).toBeLessThanOrEqual(2);
    expect((await stepsOf(location!, customer, 200)).steps).toBeLessThanOrEqual(2);
  });

  it("is at most 3 for each step of the shipment form, Create included, and 2 for the page each leads to", async () => {
    const form = "/dashboard/create-shipment";
    expect((await stepsOf(`${form}?step=1`, customer, 200, { step: "1", intent: "save", revision: "0", ...SAMPLE_SENDER })).steps).toBeLessThanOrEqual(3);
    for (const [index, fields] of [SAMPLE_SENDER, SAMPLE_RECIPIENT, SAMPLE_PACKAGE_STEP].entries()) {
      const { steps, location } = await stepsOf(`${form}?step=${index + 1}`, customer, 302, { step: String(index + 1), intent: "next", ...fields });
      expect(steps).toBeLessThanOrEqual(3);
      expect(location).toBe(`${form}?step=${index + 2}`);
      expect((await stepsOf(location!, customer, 200)).steps).toBeLessThanOrEqual(2);
    }
    const { steps, location } = await stepsOf(`${form}?step=4`, customer, 302, { step: "4", intent: "create" });
    expect(steps).toBeLessThanOrEqual(3);
    expect(location).toMatch(/^\/track\//);
    const [made] = await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingId, location!.split("/").pop()!));
    expect(made).toBeDefined();
    expect((await stepsOf(location!, customer, 200)).steps).toBeLessThanOrEqual(2);
  });

  it("is at most 3 for a status change and 2 for the page it leads to", async () => {
    const { steps, location } = await stepsOf("/admin/shipments/seed-shipment-04/status", admin, 302, { status: "out_for_delivery", redirectTo: "/admin/shipments" });
    expect(steps).toBeLessThanOrEqual(3);
    expect((await stepsOf(location!, admin, 200)).steps).toBeLessThanOrEqual(2);
    const [row] = await db.select({ status: shipments.status }).from(shipments).where(eq(shipments.id, "seed-shipment-04"));
    expect(row!.status).toBe("out_for_delivery");
  });

  it("is at most 3 for an edit that changes the price and 2 for the page it leads to", async () => {
    const form = { ...VALID_ADMIN_FORM, customDeliveryDays: "3", intent: "save" };
    const id = (await stepsOf("/admin/shipments/new", admin, 302, form)).location!.split("/").pop()!;
    const [before] = await db.select({ cost: shipments.cost, version: shipments.version }).from(shipments).where(eq(shipments.id, id));
    const { steps, location } = await stepsOf(`/admin/shipments/${id}/edit`, admin, 302, { ...form, weight: "5", version: String(before!.version), currentLocation: "" });
    expect(steps).toBeLessThanOrEqual(3);
    expect((await stepsOf(location!, admin, 200)).steps).toBeLessThanOrEqual(2);
    const [after] = await db.select({ cost: shipments.cost }).from(shipments).where(eq(shipments.id, id));
    expect(after!.cost).toBeGreaterThan(before!.cost);
  });
});

/**
 * A D1 binding whose sessions answer like read replication with a lagging replica: writes go
 * to `primary`; a session reads `replica` (frozen at the fixtures) until it has seen a write
 * made through this binding: started from such a write's bookmark or at the primary, or after
 * writing itself. A bookmark is the count of writes seen.
 */
function laggingD1(primary: D1Database, replica: D1Database): D1Database {
  let writes = 0;
  const bookmark = (seen: number) => `${seen.toString(16).padStart(8, "0")}-00000000`;
  const isWrite = (sql: string) => /^\s*(insert|update|delete|replace)\b/i.test(sql);
  type Lazy = { sql: string; params: unknown[] };
  const statements = new WeakMap<object, Lazy>();
  const withSession = (start = "first-unconstrained") => {
    let seen = start === "first-primary" ? writes : start === "first-unconstrained" ? 0 : parseInt(start.split("-")[0]!, 16);
    const source = (lazies: Lazy[]) => {
      if (lazies.some(({ sql }) => isWrite(sql))) {
        writes += 1;
        seen = writes;
        return primary;
      }
      return seen > 0 ? primary : replica;
    };
    const statement = (lazy: Lazy): D1PreparedStatement => {
      const run = (method: "first" | "all" | "run" | "raw", ...args: unknown[]) => {
        const real = source([lazy]).prepare(lazy.sql).bind(...lazy.params) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
        return real[method]!(...args);
      };
      const made = {
        bind: (...params: unknown[]) => statement({ sql: lazy.sql, params }),
        first: (column?: string) => (column === undefined ? run("first") : run("first", column)),
        all: () => run("all"),
        run: () => run("run"),
        raw: (options?: unknown) => run("raw", options),
      };
      statements.set(made, lazy);
      return made as unknown as D1PreparedStatement;
    };
    return {
      prepare: (sql: string) => statement({ sql, params: [] }),
      batch: (sent: D1PreparedStatement[]) => {
        const lazies = sent.map((one) => statements.get(one)!);
        const target = source(lazies);
        return target.batch(lazies.map(({ sql, params }) => target.prepare(sql).bind(...params)));
      },
      getBookmark: () => bookmark(seen),
    };
  };
  return { withSession } as unknown as D1Database;
}

/** The Cookie header value of `name` that a response sets. */
function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))?.split(";")[0];
}

describe("read replicas with read-your-writes (the bookmark cookie)", () => {
  const replica = (env as unknown as { REPLICA_DB: D1Database }).REPLICA_DB;
  let lagging: D1Database;
  let adminSession = "";

  beforeAll(async () => {
    await applyD1Migrations(replica, env.TEST_MIGRATIONS!);
    await seedDemoData(Date.now(), getDb({ DB: replica }));
    // The admin's session is old enough to be on the replica too.
    adminSession = await signedInCookie(SEED_USER_IDS.admin);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, SEED_USER_IDS.admin));
    await getDb({ DB: replica }).insert(sessions).values(rows).onConflictDoNothing();
    lagging = laggingD1(env.DB, replica);
  });

  it("shows the person who just changed a shipment their change, and never the replica's older copy", async () => {
    const [pending] = await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingId, "SWP100001PNDG01"));
    const page = `/admin/shipments/${pending!.id}/edit`;
    const changed = "Package is in transit to destination";
    expect(withoutCatalogs((await send(page, adminSession, { database: lagging })).text)).not.toContain(changed);

    const posted = await send(`/admin/shipments/${pending!.id}/status`, adminSession, { form: { status: "in_transit", redirectTo: page }, database: lagging });
    expect(posted.response.status).toBe(302);
    const bookmark = setCookie(posted.response, BOOKMARK_COOKIE);
    expect(bookmark).toBeDefined();

    // The redirect followed as the browser does, with the bookmark: the change is there.
    const after = await send(posted.response.headers.get("Location")!, `${adminSession}; ${bookmark}`, { database: lagging });
    expect(after.response.status).toBe(200);
    expect(withoutCatalogs(after.text)).toContain(changed);
    // The stand-in does lag: without the bookmark the same page still reads the older copy.
    expect(withoutCatalogs((await send(page, adminSession, { database: lagging })).text)).not.toContain(changed);
  });

  it("keeps a person signed in on the next page after signing in, through the bookmark", async () => {
    const signIn = await send("/admin/login", "", {
      form: { intent: "sign-in", email: "admin@swiftparcel.example", password: "password", redirectTo: "/admin/dashboard" },
      database: lagging,
    });
    expect(signIn.response.status).toBe(302);
    const session = setCookie(signIn.response, SESSION_COOKIE)!;
    const bookmark = setCookie(signIn.response, BOOKMARK_COOKIE);
    expect(bookmark).toBeDefined();
    const next = await send("/admin/dashboard", `${session}; ${bookmark}`, { database: lagging });
    expect(next.response.status).toBe(200);
    // Without it, the replica has no such session yet: the claim is not confirmed, nothing of the page is shown.
    const stale = await send("/admin/dashboard", session, { database: lagging });
    expect(stale.response.status).toBe(302);
    expect(stale.response.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(setCookie(stale.response, SESSION_COOKIE)).toBe(`${SESSION_COOKIE}=`);
  });
});
