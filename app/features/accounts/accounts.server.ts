// People's accounts: registration, profile, password change, notification preferences and
// deletion requests. A write records its events (and so its mail) in the same D1 batch.
import { and, count, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { sessions, users } from "../../../drizzle/schema";
import { isCountryCode } from "~/domain/countries";
import { pageOffset, paginate } from "~/domain/pagination";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEvents, type FieldChanges } from "~/.server/events";
import { refused, tooManyAttempts, type Done, type Refused } from "~/.server/outcome";
import { hashPassword, verifyPassword } from "./password.server";
import { revokeAccountLinksQuery } from "./account-links.server";
import { countAttempt } from "~/.server/rate-limit";
import { endSessionsQuery, type SessionUser } from "./session.server";
import type { Client } from "./client.server";
import { containsText } from "~/.server/text-search";
import { ACCOUNT_COLUMNS, findAccountByEmail, type Account } from "./account-records.server";
import { parsePlanChoice, type BillingPeriod, type PlanChoice, type PlanId } from "~/features/pricing/pricing-plans";
import type { Language } from "~/features/languages/languages";

/** The account with this id, if any. */
export function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  return db.select(ACCOUNT_COLUMNS).from(users).where(eq(users.id, id)).get();
}

/** `plan`: the business plan chosen on /pricing and its billing ("basic-yearly"); none pays per shipment. */
/** `language`: the language the registration page was in, kept as the account's preference. */
export type NewAccount = { firstName: string; lastName: string; email: string; phone: string; password: string; plan?: PlanChoice; language?: Language };

/** The error D1 answers an insert of an address that already has an account with. */
export function isEmailTaken(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return message.includes("UNIQUE constraint failed: users.email");
}

function planColumns(choice: PlanChoice | undefined): { plan: PlanId | null; planBilling: BillingPeriod | null } {
  const chosen = parsePlanChoice(choice);
  return { plan: chosen?.plan ?? null, planBilling: chosen?.billing ?? null };
}

/**
 * A customer account (role is always "user") and its welcome mail, or "email-taken" when the
 * address already has an account, including when two registrations race for it.
 */
export async function createAccount(context: ServiceContext, input: NewAccount): Promise<Account | "email-taken"> {
  const { db } = context;
  // Hashed before the address is looked up, so that a taken address is answered no sooner
  // than a new account is made: the answer's timing does not tell which addresses have accounts.
  const passwordHash = await hashPassword(input.password);
  if (await findAccountByEmail(db, input.email)) return "email-taken";
  const account: Account = {
    id: crypto.randomUUID(),
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: "user",
    status: "active",
    language: input.language ?? null,
  };
  try {
    await commit(context, [
      db.insert(users).values({ ...account, phone: input.phone, passwordHash, ...planColumns(input.plan) }),
      recordEvents(context, { userId: account.id, email: account.email, label: "customer" }, [
        { type: "account.registered", entityId: account.id, data: { email: account.email, firstName: account.firstName } },
      ]),
    ]);
  } catch (error) {
    if (isEmailTaken(error)) return "email-taken";
    throw error;
  }
  return account;
}

/** A session opened this soon after its account was made is the one registration opened. */
const REGISTRATION_SESSION_MS = 60_000;

/**
 * Whether the account is on its first visit: the session `sessionHash` names is the one its
 * registration opened. Such an account is greeted as new, not welcomed back.
 */
export async function isFirstVisit(db: Db, { userId, sessionHash }: { userId: string; sessionHash: string | null }): Promise<boolean> {
  if (!sessionHash) return false;
  const row = await db
    .select({ accountCreatedAt: users.createdAt, sessionCreatedAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sessionHash), eq(sessions.userId, userId)))
    .get();
  return row ? row.sessionCreatedAt - row.accountCreatedAt < REGISTRATION_SESSION_MS : false;
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
      plan: users.plan,
      planBilling: users.planBilling,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!profile) throw new Error(`User ${userId} has a session but no row`);
  return profile;
}

/** The profile form's fields as typed (trimmed); empty ones are cleared. The e-mail is not among them. */
export type ProfileDetails = {
  firstName: string;
  lastName: string;
  phone?: string;
  address?: string;
  city?: string;
  country?: string;
  postalCode?: string;
};

const orNull = (value: string | undefined) => value || null;

export async function updateProfile(context: Pick<ServiceContext, "db">, { userId, details }: { userId: string; details: ProfileDetails }): Promise<Done | Refused> {
  const country = details.country ? details.country.toUpperCase() : null;
  if (country && !isCountryCode(country)) return refused("invalid", undefined, { country: ["Please choose a country from the list"] });
  await context.db
    .update(users)
    .set({
      firstName: details.firstName,
      lastName: details.lastName,
      phone: orNull(details.phone),
      address: orNull(details.address),
      city: orNull(details.city),
      country,
      postalCode: orNull(details.postalCode),
      updatedAt: Date.now(),
    })
    .where(eq(users.id, userId));
  return { ok: true, message: "Profile updated successfully!" };
}

/**
 * The language the person's pages and mail are in (the profile's Language form, the language
 * switcher): saved with its event in one batch; nothing is written when it already is.
 */
export async function saveLanguage(context: ServiceContext, { user, language }: { user: SessionUser; language: Language }): Promise<Done> {
  if (user.language !== language) {
    const { db } = context;
    const now = Date.now();
    const changes: FieldChanges = { language: { from: user.language ?? null, to: language } };
    await commit(context, [
      db.update(users).set({ language, updatedAt: now }).where(eq(users.id, user.id)),
      recordEvents(context, actorFor(user), [{ type: "account.updated", entityId: user.id, data: { changes } }], now),
    ]);
  }
  return { ok: true, message: "Language preference saved!" };
}

export type NotificationPreferences = {
  emailNotifications: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
};

/** Sets all four preferences: one left out is off (an unticked box is not sent). */
export async function updateNotificationPreferences(
  context: Pick<ServiceContext, "db">,
  { userId, preferences }: { userId: string; preferences: Partial<NotificationPreferences> },
): Promise<Done> {
  const { emailNotifications = false, smsNotifications = false, pushNotifications = false, marketingEmails = false } = preferences;
  await context.db
    .update(users)
    .set({ emailNotifications, smsNotifications, pushNotifications, marketingEmails, updatedAt: Date.now() })
    .where(eq(users.id, userId));
  return { ok: true, message: "Notification preferences saved!" };
}

/**
 * Sets a new password after checking the current one, ends every session of the account
 * except the one making the change and uses up every reset link still open. Attempts are counted per address and per account first.
 */
export async function changePassword(
  context: ServiceContext,
  {
    user,
    currentPassword,
    newPassword,
    client,
  }: { user: { id: string; email: string; firstName: string; lastName: string }; currentPassword: string; newPassword: string; client: Client },
): Promise<Done | Refused> {
  const { db } = context;
  const limit = await countAttempt(context, { form: "password-change", clientAddress: client.address, subject: user.id });
  if (!limit.allowed) return tooManyAttempts(limit, "Too many attempts. Please try again later.");
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
    return refused("invalid", "Failed to update password", { currentPassword: ["Current password is incorrect"] });
  }
  const now = Date.now();
  await commit(context, [
    db.update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: now }).where(eq(users.id, user.id)),
    endSessionsQuery(db, user.id, client.session),
    revokeAccountLinksQuery(db, user.id, now),
    recordEvents(context, actorFor(user), [{ type: "account.password_changed", entityId: user.id, data: {} }], now),
  ]);
  return { ok: true, message: "Password updated successfully!" };
}

/**
 * Records that the person wants their account deleted, for an admin to act on, and tells
 * support by mail. Asking again changes nothing and sends nothing.
 */
export async function requestAccountDeletion(context: ServiceContext, { userId }: { userId: string }): Promise<Done> {
  const { db } = context;
  const user = await getProfile(db, userId);
  if (user.deletionRequestedAt) {
    return { ok: true, tone: "info", message: "Account deletion was already requested. Our support team will contact you." };
  }
  const now = Date.now();
  await commit(context, [
    db.update(users).set({ deletionRequestedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    recordEvents(
      context,
      actorFor(user),
      [{ type: "account.deletion_requested", entityId: user.id, data: { email: user.email, firstName: user.firstName, lastName: user.lastName } }],
      now,
    ),
  ]);
  return { ok: true, message: "Account deletion requested. Our support team will contact you." };
}

export type AccountFilters = { search: string; role: "user" | "admin" | "courier" | null; deletionRequested: boolean; page: number };

/**
 * Accounts newest first, for the admin list: search by e-mail (an address's start matches) or
 * name, a role, or only deletion requests. 10 a page; a page past the end shows the last page.
 */
export async function listAccounts(db: Db, { search, role, deletionRequested, page }: AccountFilters) {
  const conditions: SQL[] = [];
  if (search) {
    conditions.push(or(containsText(users.email, search), containsText(sql`${users.firstName} || ' ' || ${users.lastName}`, search))!);
  }
  if (role) conditions.push(eq(users.role, role));
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
