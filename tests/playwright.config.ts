import { defineConfig, devices } from "@playwright/test";

// Every story runs twice: once as a visitor without JavaScript, once with it. The app runs as
// it does in production: the built worker under `wrangler dev` (workerd), on its own D1 copy.
const PORT = Number(process.env.E2E_PORT ?? 8788);

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
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
  ],
  webServer: {
    command: `npm run serve:fresh -- --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
