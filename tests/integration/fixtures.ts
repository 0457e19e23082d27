// Test fixtures: rows written straight into the test D1, and sessions made without a sign-in form.
import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { buildSeed } from "../../drizzle/seed-data";
import { invoices, shipmentPackages, shipments, trackingEvents, users } from "../../drizzle/schema";
import { getDb, type Db } from "~/.server/db";
import { hashPassword } from "~/features/accounts/password.server";
import { createSession } from "~/features/accounts/session.server";
import type { ServiceContext } from "~/load-context";
import { BASE } from "./requests";

export const db = getDb(env);

/** The demo data of `npm run db:seed` (into `target`, the test D1 unless given); every seeded account's password is `password`. */
export async function seedDemoData(now = Date.now(), target: Db = db) {
  const hash = await hashOnce("password");
  const data = buildSeed(now, { customer: hash, admin: hash, other: hash });
  await target.batch([
    target.insert(users).values(data.users[0]!),
    ...data.users.slice(1).map((row) => target.insert(users).values(row)),
    ...data.shipments.map((row) => target.insert(shipments).values(row)),
    ...data.packages.map((row) => target.insert(shipmentPackages).values(row)),
    ...data.events.map((row) => target.insert(trackingEvents).values(row)),
    ...data.invoices.map((row) => target.insert(invoices).values(row)),
  ]);
  return data;
}

/** The fewest fields a shipment is stored with (createShipment), for tests about what happens to it. */
export const MINIMAL_SHIPMENT = {
  senderName: "Sam Sender",
  senderCity: "Lyon",
  senderCountry: "FR",
  recipientName: "Ria Recipient",
  recipientCity: "Madrid",
  recipientCountry: "ES",
};

let userCounter = 0;
/**
 * Fixture accounts' hashes: scrypt with a 1/80 of the app's work (the factors travel in the hash,
 * and sign-in verifies with them), one per password per file. The stories count attempts; what
 * the app's own factors cost is password.server.test.ts's subject.
 */
const FIXTURE_SCRYPT_PARAMS = { N: 2 ** 10, r: 8, p: 1 };
const hashes = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password, FIXTURE_SCRYPT_PARAMS));
  return hashes.get(password)!;
}

export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}, password = "Secret123!") {
  userCounter += 1;
  const row = {
    id: crypto.randomUUID(),
    email: `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await hashOnce(password),
    firstName: "Test",
    lastName: `User${userCounter}`,
    role: "user" as const,
    ...overrides,
  };
  await db.insert(users).values(row);
  return { ...row, password };
}

/** A Cookie header value that signs `userId` in. */
export async function signedInCookie(userId: string): Promise<string> {
  const user = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, language: users.language }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new Error(`No user ${userId} to sign in`);
  const setCookie = await createSession({ db, cloudflare: { env } }, user, { remember: false });
  return setCookie.split(";")[0]!;
}

/** What a route hands a service: the test D1, the bindings, and the tests' site address. */
export function serviceContext(): ServiceContext {
  return { db, cloudflare: { env, ctx: createExecutionContext() }, origin: BASE };
}
