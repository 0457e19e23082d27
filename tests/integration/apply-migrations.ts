import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the real schema (and the default settings row).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS!);
