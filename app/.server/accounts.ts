// People's accounts: registration, profile, password change, notification preferences and
// deletion requests. A write that causes mail or an audit record is one D1 batch with them.
import { and, count, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { auditLog, users } from "../../drizzle/schema";
import { pageOffset, pageWindow } from "~/domain/pagination";
import type { Db } from "./db";
import { queueMail } from "./outbox";
import { hashPassword, verifyPassword } from "./password";
import { endSessionsQuery } from "./session";
import { containsText } from "./text-search";

export type Account = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "user" | "admin";
  status: "active" | "suspended";
};

const ACCOUNT_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
};

/** The account and its password hash, for checking a sign-in. `email` is already normalised. */
export function findAccountByEmail(db: Db, email: string) {
  return db
    .select({ ...ACCOUNT_COLUMNS, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .get();
}

function auditEntry(
  db: Db,
  actor: { id: string; email: string },
  entry: { action: string; entityId: string; changes?: Record<string, unknown> },
  now: number,
) {
  return db.insert(auditLog).values({
    id: crypto.randomUUID(),
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: "user",
    entityId: entry.entityId,
    changes: entry.changes ? JSON.stringify(entry.changes) : null,
    createdAt: now,
  });
}

export type NewAccount = { firstName: string; lastName: string; email: string; phone: string; password: string };

function isEmailTaken(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return message.includes("UNIQUE constraint failed: users.email");
}

/**
 * A customer account (role is always "user") and its welcome mail, or "email-taken" when the
 * address already has an account, including when two registrations race for it.
 */
export async function createAccount(
  db: Db,
  input: NewAccount,
  { companyName, origin }: { companyName: string; origin: string },
): Promise<Account | "email-taken"> {
  if (await findAccountByEmail(db, input.email)) return "email-taken";
  const account: Account = {
    id: crypto.randomUUID(),
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: "user",
    status: "active",
  };
  try {
    await db.batch([
      db.insert(users).values({ ...account, phone: input.phone, passwordHash: await hashPassword(input.password) }),
      queueMail(db, {
        to: account.email,
        kind: "welcome",
        subject: `Welcome to ${companyName}`,
        body: [
          `Hello ${account.firstName},`,
          `Welcome to ${companyName}! Your account is ready.`,
          `Send a parcel: ${origin}/dashboard/create-shipment`,
          `Follow your parcels: ${origin}/dashboard`,
          `Your profile and notification settings: ${origin}/profile`,
        ].join("\n\n"),
      }),
    ]);
  } catch (error) {
    if (isEmailTaken(error)) return "email-taken";
    throw error;
  }
  return account;
}

export async function getProfile(db: Db, userId: string) {
  const profile = await db
    .select({
      ...ACCOUNT_COLUMNS,
      phone: users.phone,
      address: users.address,
      city: users.city,
      country: users.country,
      postalCode: users.postalCode,
      emailNotifications: users.emailNotifications,
      smsNotifications: users.smsNotifications,
      pushNotifications: users.pushNotifications,
      marketingEmails: users.marketingEmails,
      deletionRequestedAt: users.deletionRequestedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!profile) throw new Error(`User ${userId} has a session but no row`);
  return profile;
}

export type ProfileDetails = {
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postalCode: string | null;
};

export async function updateProfile(db: Db, userId: string, details: ProfileDetails) {
  await db.update(users).set({ ...details, updatedAt: Date.now() }).where(eq(users.id, userId));
}

export type NotificationPreferences = {
  emailNotifications: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
};

export async function updateNotificationPreferences(db: Db, userId: string, preferences: NotificationPreferences) {
  await db.update(users).set({ ...preferences, updatedAt: Date.now() }).where(eq(users.id, userId));
}

/**
 * Sets a new password after checking the current one, and ends every session of the account
 * except `keepSessionHash` (the one making the change).
 */
export async function changePassword(
  db: Db,
  user: { id: string; email: string },
  { current, next }: { current: string; next: string },
  keepSessionHash: string | null,
): Promise<"changed" | "wrong-current-password"> {
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(current, row.passwordHash))) return "wrong-current-password";
  const now = Date.now();
  await db.batch([
    db.update(users).set({ passwordHash: await hashPassword(next), updatedAt: now }).where(eq(users.id, user.id)),
    endSessionsQuery(db, user.id, keepSessionHash),
    auditEntry(db, user, { action: "password-change", entityId: user.id }, now),
  ]);
  return "changed";
}

/**
 * Records that the person wants their account deleted, for an admin to act on, and tells
 * support by mail. Asking again changes nothing and sends nothing.
 */
export async function requestAccountDeletion(
  db: Db,
  user: Account,
  { supportEmail, origin }: { supportEmail: string; origin: string },
): Promise<"requested" | "already-requested"> {
  const row = await db.select({ at: users.deletionRequestedAt }).from(users).where(eq(users.id, user.id)).get();
  if (row?.at) return "already-requested";
  const now = Date.now();
  await db.batch([
    db.update(users).set({ deletionRequestedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    auditEntry(db, user, { action: "deletion-request", entityId: user.id }, now),
    queueMail(
      db,
      {
        to: supportEmail,
        kind: "deletion-request",
        subject: `Account deletion requested: ${user.email}`,
        body: [
          `${user.firstName} ${user.lastName} <${user.email}> asked for their account to be deleted.`,
          `Account id: ${user.id}`,
          `Accounts with a deletion request: ${origin}/admin/users?deletion=requested`,
        ].join("\n\n"),
      },
      now,
    ),
  ]);
  return "requested";
}

const ACCOUNTS_PAGE_SIZE = 10;

/**
 * Accounts newest first, for the admin list: search by name or e-mail, or only deletion requests.
 * A page past the end shows the last page.
 */
export async function listAccounts(db: Db, { query, deletionRequested, page }: { query: string; deletionRequested: boolean; page: number }) {
  const conditions: SQL[] = [];
  if (query) {
    conditions.push(or(containsText(users.email, query), containsText(sql`${users.firstName} || ' ' || ${users.lastName}`, query))!);
  }
  if (deletionRequested) conditions.push(isNotNull(users.deletionRequestedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const window = pageWindow(total, page, ACCOUNTS_PAGE_SIZE);
  const rows = await db
    .select({ ...ACCOUNT_COLUMNS, createdAt: users.createdAt, deletionRequestedAt: users.deletionRequestedAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(ACCOUNTS_PAGE_SIZE)
    .offset(pageOffset(window, ACCOUNTS_PAGE_SIZE));
  return { rows, window };
}
