// Test fixtures: rows written straight into the test D1, and sessions made without a sign-in form.
import { createExecutionContext, env } from "cloudflare:test";
import { buildSeed } from "../../drizzle/seed-data";
import { invoices, shipmentPackages, shipments, trackingEvents, users } from "../../drizzle/schema";
import { getDb } from "~/.server/db";
import { hashPassword } from "~/features/accounts/password.server";
import { createSession } from "~/features/accounts/session.server";
import type { ServiceContext } from "~/load-context";
import { BASE } from "./requests";

export const db = getDb(env);

/** The demo data of `npm run db:seed`; every seeded account's password is `password`. */
export async function seedDemoData(now = Date.now()) {
  const hash = await hashPassword("password");
  const data = buildSeed(now, { customer: hash, admin: hash, other: hash });
  await db.batch([
    db.insert(users).values(data.users[0]!),
    ...data.users.slice(1).map((row) => db.insert(users).values(row)),
    ...data.shipments.map((row) => db.insert(shipments).values(row)),
    ...data.packages.map((row) => db.insert(shipmentPackages).values(row)),
    ...data.events.map((row) => db.insert(trackingEvents).values(row)),
    ...data.invoices.map((row) => db.insert(invoices).values(row)),
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

export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}, password = "Secret123!") {
  userCounter += 1;
  const row = {
    id: crypto.randomUUID(),
    email: `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await hashPassword(password),
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
  const setCookie = await createSession(db, userId, { remember: false });
  return setCookie.split(";")[0]!;
}

/** What a route hands a service: the test D1, the bindings, and the tests' site address. */
export function serviceContext(): ServiceContext {
  return { db, cloudflare: { env, ctx: createExecutionContext() }, origin: BASE };
}
