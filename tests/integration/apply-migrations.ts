import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the real schema (and the default settings row). The files share
// one workerd (`isolate: false` in vite.config.ts), so the tables the previous file left are
// dropped first, and the migrations applied again.
const { results } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
).all<{ name: string }>();
if (results.length > 0) {
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`)),
  ]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS!);

// The test pool wraps the module runner's transport again for each file it runs in the same
// workerd, one more Durable Object round trip per module fetch and file (fixed upstream in
// @cloudflare/vitest-plugin 1.4.5, which needs a newer wrangler than this project can run): the
// first file's wrapping is kept and put back for every later file.
type Runner = { transport: { invoke: unknown } };
const shared = globalThis as { __vitest_mocker__?: { moduleRunner?: Runner }; firstTransportInvoke?: unknown };
const runner = shared.__vitest_mocker__?.moduleRunner;
if (runner) {
  shared.firstTransportInvoke ??= runner.transport.invoke;
  runner.transport.invoke = shared.firstTransportInvoke;
}
