import { defineConfig, devices } from "@playwright/test";
import { fileURLToPath } from "node:url";

// Every story runs twice: once as a visitor without JavaScript, once with it. The app runs as
// it does in production: the built worker under `wrangler dev` (workerd), on its own D1 copy and
// its own local queues, with its public origin at the stories' address and its mail sent
// through the events queue to the mail provider's stand-in on the next port
// (tests/e2e/mail-catcher.ts), where the stories read it as recipients do.
const PORT = Number(process.env.E2E_PORT ?? 8788);
const MAIL_PORT = Number((process.env.E2E_MAIL_PORT ??= String(PORT + 1)));
const MAIL_CATCHER = fileURLToPath(new URL("./e2e/mail-catcher.ts", import.meta.url));

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
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
        `npm run serve:fresh -- --port ${PORT}`,
        `--var PUBLIC_ORIGIN:http://localhost:${PORT} --var RESEND_API_KEY:e2e --var RESEND_API_URL:http://127.0.0.1:${MAIL_PORT}`,
      ].join(" "),
      url: `http://127.0.0.1:${PORT}/robots.txt`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
