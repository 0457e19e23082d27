// The app as wrangler.toml's [env.production] runs it: the same worker and build, with the
// production vars instead of the local ones. Demo sign-in must be impossible there.
// (That such a worker refuses to start with a default or missing secret is
// app/.server/deployment.test.ts's subject: the check runs when the module loads.)
import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/features/accounts/demo-accounts.server";
import { deploymentProblems } from "~/.server/deployment";
import { createWorker } from "~/.server/worker";
import { sessions } from "../../drizzle/schema";
import { createUser, db } from "./fixtures";
import { BASE, newClientAddress, sessionSetCookie } from "./requests";

const productionEnv: Env = {
  ...env,
  ENVIRONMENT: "production",
  DEMO_MODE: "false",
  SESSION_SECRET: "q8Vn2LrT0xW5cY7bK1mZ4sH9dF3gJ6pA",
  PUBLIC_ORIGIN: BASE,
};

const worker = createWorker(build as unknown as ServerBuild);

function fetchAs(settings: Env, path: string, form?: Record<string, string>) {
  const request = new Request(`${BASE}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    body: form ? new URLSearchParams(form) : undefined,
    headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress() },
  });
  return worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, settings, createExecutionContext());
}

let customerId: string;
let adminId: string;

beforeAll(async () => {
  customerId = (await createUser({ email: DEMO_CUSTOMER.email }, DEMO_CUSTOMER.password)).id;
  adminId = (await createUser({ email: DEMO_ADMIN.email, role: "admin" }, DEMO_ADMIN.password)).id;
});

async function sessionCount(userId: string) {
  return (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe("with the production settings", () => {
  it("are settings the worker starts with", () => {
    expect(deploymentProblems(productionEnv)).toEqual([]);
  });

  it("offers no demo account on either sign-in page", async () => {
    for (const path of ["/login", "/admin/login"]) {
      const html = await (await fetchAs(productionEnv, path)).text();
      expect(html, path).toContain("Sign in");
      for (const shown of ["Try Demo Account", "Demo Admin Login", DEMO_CUSTOMER.email, DEMO_ADMIN.email, DEMO_ADMIN.password]) {
        expect(html, path).not.toContain(shown);
      }
    }
  });

  it("signs no one in with the demo buttons: 403 and no session", async () => {
    for (const path of ["/login", "/admin/login", "/login.data", "/admin/login.data"]) {
      const response = await fetchAs(productionEnv, path, { intent: "demo", redirectTo: "/admin/users" });
      expect(response.status, path).toBe(403);
      expect(sessionSetCookie(response), path).toBeUndefined();
      if (!path.endsWith(".data")) expect(await response.text(), path).toContain("Demo accounts are not available here.");
    }
    expect(await sessionCount(customerId)).toBe(0);
    expect(await sessionCount(adminId)).toBe(0);
  });

  it("where the local settings sign the same demo admin in, with the same worker", async () => {
    const response = await fetchAs(env, "/admin/login", { intent: "demo", redirectTo: "/admin/users" });
    expect(response.status).toBe(302);
    expect(sessionSetCookie(response)).toBeTruthy();
    expect(await sessionCount(adminId)).toBe(1);
  });
});
