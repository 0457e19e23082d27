// `npm run db:seed`: writes the demo data into the local D1 that `wrangler dev` uses
// (or into PERSIST_TO/v3 when set, as the end-to-end tests do). Safe to run again: rows
// that exist are left as they are. SEED_SHIPMENTS=<n> adds n shipments for the benchmark
// (drizzle/seed-bulk.ts), on a fresh database only.
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { getDb } from "../app/.server/db";
import { hashPassword } from "../app/features/accounts/password.server";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../app/features/accounts/demo-accounts.server";
import { invoices, shipmentPackages, shipments, trackingEvents, users } from "./schema";
import { seedBulkShipments } from "./seed-bulk";
import { buildSeed } from "./seed-data";

const persistTo = process.env.PERSIST_TO;
const bulk = Number(process.env.SEED_SHIPMENTS ?? 0);
if (!Number.isInteger(bulk) || bulk < 0 || bulk > 1_000_000) throw new Error("SEED_SHIPMENTS must be a whole number from 0 to 1,000,000");
const proxy = await getPlatformProxy<Env>({
  configPath: "wrangler.toml",
  persist: persistTo ? { path: join(persistTo, "v3") } : true,
});

try {
  const db = getDb(proxy.env);
  const data = buildSeed(Date.now(), {
    customer: await hashPassword(DEMO_CUSTOMER.password),
    admin: await hashPassword(DEMO_ADMIN.password),
    other: await hashPassword(crypto.randomUUID()),
  });
  // One row per statement keeps every statement under D1's 100 bound parameters.
  await db.batch([
    ...data.users.map((row) => db.insert(users).values(row).onConflictDoNothing()),
    ...data.shipments.map((row) => db.insert(shipments).values(row).onConflictDoNothing()),
    ...data.packages.map((row) => db.insert(shipmentPackages).values(row).onConflictDoNothing()),
    ...data.events.map((row) => db.insert(trackingEvents).values(row).onConflictDoNothing()),
    ...data.invoices.map((row) => db.insert(invoices).values(row).onConflictDoNothing()),
  ] as unknown as Parameters<typeof db.batch>[0]);
  if (bulk > 0) {
    const started = performance.now();
    const written = await seedBulkShipments(proxy.env.DB, { count: bulk, now: Date.now(), passwordHash: await hashPassword(crypto.randomUUID()) });
    console.log(
      `Bulk: ${written.shipments} shipments, ${written.customers} customers, ${written.scans} scans, ${written.ratings} ratings in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  const [userCount, shipmentCount, eventCount, invoiceCount] = await Promise.all([
    db.$count(users),
    db.$count(shipments),
    db.$count(trackingEvents),
    db.$count(invoices),
  ]);
  console.log(`Seeded: ${userCount} users, ${shipmentCount} shipments, ${eventCount} tracking events, ${invoiceCount} invoices in the local D1.`);
} finally {
  await proxy.dispose();
}
