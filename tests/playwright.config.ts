import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Every story runs twice: once as a visitor without JavaScript, once with it. The app runs as
// it does in production: the built worker under `wrangler dev` (workerd), on its own D1 copy and
// its own local queues, with its public origin at the stories' address and its mail sent
// through the events queue to the mail provider's stand-in on the next port
// (tests/e2e/mail-catcher.ts), where the stories read it as recipients do.
const PORT = Number(process.env.E2E_PORT ?? 8788);
const MAIL_PORT = Number((process.env.E2E_MAIL_PORT ??= String(PORT + 1)));
// Debian's headless shell (package chromium-headless-shell: Chromium without its window
// machinery, what Playwright itself runs headless) takes about 40% less CPU per page than the
// full browser (docs/decisions/168); the full browser stands in where it is not installed.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const BROWSER = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";
const MAIL_CATCHER = fileURLToPath(new URL("./e2e/mail-catcher.ts", import.meta.url));
// The two servers start at once, so each is given its own devtools port (wrangler's default,
// 9229, would be taken by whichever binds first): PORT + 3 and PORT + 4.
// The sign-in-link story's server (tests/e2e/sign-in-link.spec.ts): the same built worker with
// wrangler.toml's real sign-in limits, on a fresh D1 of its own, its mail to the same catcher.
const HOLD_PORT = Number((process.env.E2E_HOLD_PORT ??= String(PORT + 2)));
const HOLD_STATE = "tests/e2e/.state-hold";

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Each story works on what it creates (its own accounts, shipments named with a random tag), so
  // stories of one file may run side by side: the two workers stay busy to the end of the run.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records screenshots and DOM snapshots of every step, which costs the browser about
    // a third of its CPU: only a retried story (in CI) records one, for its failure's report.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: BROWSER,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
    // Sweeps tagged @once (tests/e2e/once.ts) run without JavaScript only.
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true }, grepInvert: /@once/ },
  ],
  webServer: [
    {
      command: `npx tsx ${MAIL_CATCHER} ${MAIL_PORT}`,
      url: `http://127.0.0.1:${MAIL_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: [
        `npm run serve:fresh -- --port ${PORT} --inspector-port ${PORT + 3} --log-level error`,
        `--var PUBLIC_ORIGIN:http://localhost:${PORT} --var RESEND_API_KEY:e2e --var RESEND_API_URL:http://127.0.0.1:${MAIL_PORT}`,
      ].join(" "),
      url: `http://127.0.0.1:${PORT}/robots.txt`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: [
        `rm -rf ${HOLD_STATE} && CI=1 npx wrangler d1 migrations apply DB --local --persist-to ${HOLD_STATE} &&`,
        `npx wrangler dev --persist-to ${HOLD_STATE} --port ${HOLD_PORT} --inspector-port ${PORT + 4} --log-level error --var PUBLIC_ORIGIN:http://127.0.0.1:${HOLD_PORT}`,
        `--var RESEND_API_KEY:e2e --var RESEND_API_URL:http://127.0.0.1:${MAIL_PORT} --var ACTION_RATE_LIMIT_FACTOR:1000`,
      ].join(" "),
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      url: `http://127.0.0.1:${HOLD_PORT}/robots.txt`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
