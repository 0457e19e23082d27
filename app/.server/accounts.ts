// People's accounts: registration, profile, password change, notification preferences and
// deletion requests. A write records its events (and so its mail) in the same D1 batch.
import { and, count, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { users } from "../../drizzle/schema";
import { pageOffset, paginate } from "~/domain/pagination";
import type { ServiceContext } from "~/load-context";
import type { Db } from "./db";
import { actorFor, recordEvents } from "./events";
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

export type NewAccount = { firstName: string; lastName: string; email: string; phone: string; password: string };

function isEmailTaken(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return message.includes("UNIQUE constraint failed: users.email");
}

/**
 * A customer account (role is always "user") and its welcome mail, or "email-taken" when the
 * address already has an account, including when two registrations race for it.
 */
export async function createAccount(context: ServiceContext, input: NewAccount): Promise<Account | "email-taken"> {
  const { db } = context;
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
      ...(await recordEvents(context, { userId: account.id, email: account.email, label: "customer" }, [
        { type: "account.registered", entityId: account.id, data: { email: account.email, firstName: account.firstName } },
      ])),
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
  context: ServiceContext,
  user: { id: string; email: string; firstName: string; lastName: string },
  { current, next }: { current: string; next: string },
  keepSessionHash: string | null,
): Promise<"changed" | "wrong-current-password"> {
  const { db } = context;
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(current, row.passwordHash))) return "wrong-current-password";
  const now = Date.now();
  await db.batch([
    db.update(users).set({ passwordHash: await hashPassword(next), updatedAt: now }).where(eq(users.id, user.id)),
    endSessionsQuery(db, user.id, keepSessionHash),
    ...(await recordEvents(context, actorFor(user), [{ type: "account.password_changed", entityId: user.id, data: {} }], now)),
  ]);
  return "changed";
}

/**
 * Records that the person wants their account deleted, for an admin to act on, and tells
 * support by mail. Asking again changes nothing and sends nothing.
 */
export async function requestAccountDeletion(context: ServiceContext, user: Account): Promise<"requested" | "already-requested"> {
  const { db } = context;
  const row = await db.select({ at: users.deletionRequestedAt }).from(users).where(eq(users.id, user.id)).get();
  if (row?.at) return "already-requested";
  const now = Date.now();
  await db.batch([
    db.update(users).set({ deletionRequestedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    ...(await recordEvents(
      context,
      actorFor(user),
      [{ type: "account.deletion_requested", entityId: user.id, data: { email: user.email, firstName: user.firstName, lastName: user.lastName } }],
      now,
    )),
  ]);
  return "requested";
}

/**
 * Accounts newest first, for the admin list: search by name or e-mail, or only deletion requests.
 * SPEC.md's 10 a page; a page past the end shows the last page.
 */
export async function listAccounts(db: Db, { search, deletionRequested, page }: { search: string; deletionRequested: boolean; page: number }) {
  const conditions: SQL[] = [];
  if (search) {
    conditions.push(or(containsText(users.email, search), containsText(sql`${users.firstName} || ' ' || ${users.lastName}`, search))!);
  }
  if (deletionRequested) conditions.push(isNotNull(users.deletionRequestedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const pagination = paginate(total, page);
  const rows = await db
    .select({ ...ACCOUNT_COLUMNS, createdAt: users.createdAt, deletionRequestedAt: users.deletionRequestedAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  return { rows, pagination };
}
