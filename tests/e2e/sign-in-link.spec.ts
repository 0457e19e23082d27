// An owner can always get in (issue 22, item 3; docs/decisions/078): an account is put on hold by
// wrong passwords from many addresses; its owner, in a browser that never signed in to it, is
// refused, asks for a sign-in link, reads it in the mail, follows it and is signed in.
//
// The shared e2e server runs with LOGIN_RATE_LIMIT 100000 (every story comes from one address
// and signs in with the demo buttons), so it can hold no account. This story runs its own copy
// of the built worker with the real sign-in limits (wrangler.toml's), one per Playwright worker,
// on the next free ports above the shared server's and the mail catcher's, listening on
// 127.0.0.1 only, on a fresh D1 of its own; its mail goes to the same catcher.
import { test as base, expect, request as requests } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { linkIn, receivedMail } from "./mail";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PASSWORD = "Parcel42!";

async function waitForServer(origin: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${origin} did not start`);
}

const test = base.extend<object, { holdServer: string }>({
  holdServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 8788) + 2 + workerInfo.parallelIndex;
      const origin = `http://127.0.0.1:${port}`;
      const state = `tests/e2e/.state-hold-${workerInfo.parallelIndex}`;
      const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
      rmSync(`${ROOT}/${state}`, { recursive: true, force: true });
      const migrated = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { cwd: ROOT, env, stdio: "ignore" });
      if (migrated.status !== 0) throw new Error("migrations failed");
      const server: ChildProcess = spawn(
        "npx",
        [
          "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state,
          "--var", `PUBLIC_ORIGIN:${origin}`, "--var", "RESEND_API_KEY:e2e", "--var", `RESEND_API_URL:http://127.0.0.1:${process.env.E2E_MAIL_PORT}`,
          "--var", "ACTION_RATE_LIMIT_FACTOR:1000",
        ],
        { cwd: ROOT, env, stdio: "ignore", detached: true },
      );
      try {
        await waitForServer(origin, 150_000);
        await use(origin);
      } finally {
        try {
          process.kill(-server.pid!, "SIGTERM");
        } catch {
          // already gone
        }
        rmSync(`${ROOT}/${state}`, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

test("an owner whose account is on hold signs in with a link from the mail", async ({ page, request, holdServer }, testInfo) => {
  test.slow();
  const email = `owner.${testInfo.project.name}.${Date.now()}@example.com`;
  const form = { Origin: holdServer };

  // The owner has an account (made in a browser of its own, which keeps its device cookie there).
  const signUp = await requests.newContext();
  const registered = await signUp.post(`${holdServer}/register`, {
    headers: form,
    maxRedirects: 0,
    form: { firstName: "Ada", lastName: "Owner", email, phone: "+44 20 7946 0958", password: PASSWORD, confirmPassword: PASSWORD, terms: "on" },
  });
  expect(registered.status()).toBe(302);
  await signUp.dispose();

  // Someone guesses, from a new address each time: ten wrong passwords, then the account is on hold.
  const attacker = await requests.newContext();
  const statuses: number[] = [];
  for (let guess = 0; guess < 11; guess += 1) {
    const answer = await attacker.post(`${holdServer}/login`, {
      headers: { ...form, "CF-Connecting-IP": `198.51.100.${guess + 1}` },
      maxRedirects: 0,
      form: { email, password: `Guess-${guess}-Pw!` },
    });
    statuses.push(answer.status());
  }
  await attacker.dispose();
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);

  // The owner, in this browser for the first time, types the right password and is held too.
  await page.goto(`${holdServer}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many login attempts. Please try again later." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in with a link instead" })).toBeVisible();
  await page.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
  await expect(page).toHaveURL(`${holdServer}/auth/sign-in-link?sent=1`);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The link arrives by mail; following it and pressing the button signs the owner in.
  const mail = await receivedMail(request, email, "sign-in-link");
  expect(mail.subject).toBe("Your SwiftParcel sign-in link");
  const link = linkIn(mail, "/auth/sign-in-link");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`${holdServer}/dashboard`);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ada");

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This sign-in link is invalid or has expired.")).toBeVisible();
});
