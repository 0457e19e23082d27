import { defineConfig } from "drizzle-kit";

// Generates the SQL files in migrations/; wrangler applies them (`npm run db:migrate`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});
