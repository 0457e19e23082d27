// Admins managing accounts: a user's page (their shipments and sessions), editing name, phone
// and role, suspending and reactivating, ending sessions, deleting (shipments kept, the
// sender's details anonymised: docs/decisions/110-managing-users.md) and inviting new admins and couriers.
//
// Two rules hold whoever asks: an admin never demotes, suspends or deletes their own account,
// and there is always an active admin left. The second is checked in the SQL of the change
// itself (keepsAnActiveAdmin), so two admins acting on each other at the same moment cannot
// both succeed. Every statement of a guarded change carries the same guard and the change
// itself comes last in its batch, so the guard reads the same rows for all of them: the record,
// the ended sessions and the change are written together or not at all.
import { and, count, desc, eq, exists, gt, isNotNull, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { invoices, newsletterSubscribers, sessions, shipmentDrafts, shipments, signInFailures, users } from "../../../drizzle/schema";
import type { Role } from "~/features/accounts/roles";
import { normalizeEmail } from "~/domain/contact-details";
import { INVITATION_LINK_DAYS } from "~/features/accounts/one-time-links";
import type { ServiceContext } from "~/load-context";
import { findAccountByEmail } from "~/features/accounts/account-records.server";
import { isEmailTaken } from "~/features/accounts/accounts.server";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEventWhere, recordEvents, type FieldChanges } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import { hashPassword } from "~/features/accounts/password.server";
import { passwordLink } from "~/features/accounts/password-reset.server";
import { limitAction } from "~/.server/rate-limit";
import { answerLanguage } from "~/.server/answer-language";
import type { Language } from "~/features/languages/languages";
import { randomToken, type SessionUser } from "~/features/accounts/session.server";
import { SHIPMENT_ROW_COLUMNS, toShipmentRow } from "~/features/shipments/shipment-list.server";
import { accountLaneKey } from "~/features/accounts/sign-in-throttle.server";

export const USER_MESSAGES = {
  updated: "User updated successfully",
  updateFailed: "Failed to update user",
  deleted: "User deleted successfully",
  deleteFailed: "Failed to delete user",
  created: "Admin user created successfully!",
  courierCreated: "Courier created: they get an e-mail to choose their password",
  suspended: "User suspended: they are signed out and cannot sign in",
  reactivated: "User reactivated: they can sign in again",
  sessionsEnded: "The user's sessions have ended",
  requestDismissed: "Deletion request declined",
  unchanged: "Nothing to change",
  ownRole: "You cannot change your own role.",
  ownSuspension: "You cannot suspend your own account.",
  ownDeletion: "You cannot delete your own account.",
  lastAdmin: "At least one active admin must remain.",
  emailTaken: "An account with this email already exists",
} as const;

/** What the anonymised sender of a deleted customer's shipments is called. */
export const DELETED_USER_NAME = "Deleted user";

/** How many of a user's shipments their page lists (newest first). */
const SHIPMENTS_SHOWN = 10;

type Target = { id: string; email: string; firstName: string; lastName: string; phone: string | null; role: Role; status: "active" | "suspended" };

function findTarget(db: Db, userId: string): Promise<Target | undefined> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/**
 * True while the change to `userId` leaves an active admin: the account is not an admin, or
 * another active admin exists. Read by SQLite at the statement's own moment in the batch.
 */
function keepsAnActiveAdmin(db: Db, userId: string): SQL {
  const other = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active"), ne(users.id, userId)));
  const isAdmin = db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.role, "admin")));
  return or(notExists(isAdmin), exists(other))!;
}

/** How many rows a batch's write statement changed. */
function changesOf(result: unknown): number {
  return (result as { meta?: { changes?: number } } | undefined)?.meta?.changes ?? 0;
}

/** A user's page: the account, their latest shipments and their open sessions. */
export async function getUserDetail(db: Db, userId: string, now = Date.now()) {
  const account = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      city: users.city,
      country: users.country,
      role: users.role,
      status: users.status,
      deletionRequestedAt: users.deletionRequestedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!account) return null;
  const [shipmentCount, shipmentRows, sessionRows] = await db.batch([
    db.select({ total: count() }).from(shipments).where(eq(shipments.userId, userId)),
    db
      .select({ ...SHIPMENT_ROW_COLUMNS, recipientName: shipments.recipientName })
      .from(shipments)
      .where(eq(shipments.userId, userId))
      .orderBy(desc(shipments.createdAt), shipments.id)
      .limit(SHIPMENTS_SHOWN),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, persistent: sessions.persistent })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt)),
  ]);
  return {
    account,
    shipments: { total: shipmentCount[0]?.total ?? 0, rows: shipmentRows.map(toShipmentRow) },
    sessions: sessionRows,
  };
}

export type UserChanges = { firstName: string; lastName: string; phone?: string; role: Role };

/**
 * Saves an admin's edit of an account. A role change ends the account's sessions at once (its
 * next request starts signed out); an admin cannot change their own role, nor demote the last
 * active admin.
 */
export async function updateUser(
  context: ServiceContext,
  { admin, userId, changes, now = Date.now() }: { admin: SessionUser; userId: string; changes: UserChanges; now?: number },
): Promise<Done | Refused> {
  const { db } = context;
  const target = await findTarget(db, userId);
  if (!target) return refused("not-found", USER_MESSAGES.updateFailed);
  const next = { firstName: changes.firstName, lastName: changes.lastName, phone: changes.phone || null, role: changes.role };
  const changed: FieldChanges = {};
  for (const field of ["firstName", "lastName", "phone", "role"] as const) {
    if ((target[field] ?? null) !== next[field]) changed[field] = { from: target[field] ?? null, to: next[field] };
  }
  if (Object.keys(changed).length === 0) return { ok: true, tone: "info", message: USER_MESSAGES.unchanged };
  const roleChanged = "role" in changed;
  if (roleChanged && target.id === admin.id) return refused("forbidden", USER_MESSAGES.ownRole, { role: [USER_MESSAGES.ownRole] });

  const guard = and(eq(users.id, userId), roleChanged ? keepsAnActiveAdmin(db, userId) : undefined);
  const results = await commit(context, [
    recordEventWhere(context, actorFor(admin), { event: { type: "account.updated", entityId: userId, data: { changes: changed } }, from: users, where: guard }, now),
    // A new role starts with new sessions.
    ...(roleChanged ? [endSessionsWhere(db, userId, guard)] : []),
    db.update(users).set({ ...next, updatedAt: now }).where(guard),
  ]);
  if (changesOf(results.at(-1)) !== 1) return refused("conflict", USER_MESSAGES.lastAdmin, { role: [USER_MESSAGES.lastAdmin] });
  return { ok: true, message: USER_MESSAGES.updated };
}

/** Ends the account's sessions while `guard` (on users) holds. */
function endSessionsWhere(db: Db, userId: string, guard: SQL | undefined) {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), exists(db.select({ id: users.id }).from(users).where(guard))));
}

/**
 * Suspends an active account (its sessions end at once and it cannot sign in) or reactivates a
 * suspended one. An admin cannot suspend themselves nor the last active admin.
 */
export async function setUserStatus(
  context: ServiceContext,
  { admin, userId, status, now = Date.now() }: { admin: SessionUser; userId: string; status: "active" | "suspended"; now?: number },
): Promise<Done | Refused> {
  const { db } = context;
  const target = await findTarget(db, userId);
  if (!target) return refused("not-found", USER_MESSAGES.updateFailed);
  if (target.status === status) {
    return { ok: true, tone: "info", message: status === "suspended" ? "This user is already suspended" : "This user is already active" };
  }
  const actor = actorFor(admin);
  if (status === "active") {
    const guard = and(eq(users.id, userId), eq(users.status, "suspended"));
    await commit(context, [
      recordEventWhere(context, actor, { event: { type: "account.reactivated", entityId: userId, data: {} }, from: users, where: guard }, now),
      db.update(users).set({ status: "active", updatedAt: now }).where(guard),
    ]);
    return { ok: true, message: USER_MESSAGES.reactivated };
  }
  if (target.id === admin.id) return refused("forbidden", USER_MESSAGES.ownSuspension);
  const guard = and(eq(users.id, userId), eq(users.status, "active"), keepsAnActiveAdmin(db, userId));
  const [, , update] = await commit(context, [
    recordEventWhere(context, actor, { event: { type: "account.suspended", entityId: userId, data: {} }, from: users, where: guard }, now),
    endSessionsWhere(db, userId, guard),
    db.update(users).set({ status: "suspended", updatedAt: now }).where(guard),
  ]);
  if (changesOf(update) !== 1) return refused("conflict", USER_MESSAGES.lastAdmin);
  return { ok: true, message: USER_MESSAGES.suspended };
}

/** Signs the account out everywhere (its next request starts signed out). */
export async function endUserSessions(context: ServiceContext, { admin, userId, now = Date.now() }: { admin: SessionUser; userId: string; now?: number }): Promise<Done | Refused> {
  const { db } = context;
  const target = await findTarget(db, userId);
  if (!target) return refused("not-found", USER_MESSAGES.updateFailed);
  const guard = eq(users.id, userId);
  await commit(context, [
    recordEventWhere(context, actorFor(admin), { event: { type: "account.sessions_ended", entityId: userId, data: {} }, from: users, where: guard }, now),
    endSessionsWhere(db, userId, guard),
  ]);
  return { ok: true, message: USER_MESSAGES.sessionsEnded };
}

/** Declines a deletion request: the account stays and the request is cleared. */
export async function dismissDeletionRequest(context: ServiceContext, { admin, userId, now = Date.now() }: { admin: SessionUser; userId: string; now?: number }): Promise<Done | Refused> {
  const { db } = context;
  const target = await findTarget(db, userId);
  if (!target) return refused("not-found", USER_MESSAGES.updateFailed);
  const guard = and(eq(users.id, userId), sql`${users.deletionRequestedAt} is not null`);
  const [, update] = await commit(context, [
    recordEventWhere(context, actorFor(admin), { event: { type: "account.deletion_dismissed", entityId: userId, data: {} }, from: users, where: guard }, now),
    db.update(users).set({ deletionRequestedAt: null, updatedAt: now }).where(guard),
  ]);
  if (changesOf(update) !== 1) return { ok: true, tone: "info", message: "This user has no deletion request" };
  return { ok: true, message: USER_MESSAGES.requestDismissed };
}

/** The sender columns of a deleted customer's shipments once anonymised; city and country stay for the route. */
const ANONYMISED_SENDER = {
  senderName: DELETED_USER_NAME,
  senderEmail: null,
  senderPhone: null,
  senderCompany: null,
  senderAddress: null,
  senderState: null,
  senderPostalCode: null,
} as const;

/**
 * Deletes an account (an answered deletion request, or an admin's decision). Its shipments
 * stay for the company's records, with the sender's personal details anonymised (the account
 * holder is the sender of their own shipments; recipients are other people and stay); its
 * sessions, reset links, shipment draft, sign-in lane and newsletter subscription go with it.
 */
export async function deleteUser(context: ServiceContext, { admin, userId, now = Date.now() }: { admin: SessionUser; userId: string; now?: number }): Promise<Done | Refused> {
  const { db } = context;
  const target = await findTarget(db, userId);
  if (!target) return refused("not-found", USER_MESSAGES.deleteFailed);
  if (target.id === admin.id) return refused("forbidden", USER_MESSAGES.ownDeletion);
  const guard = and(eq(users.id, userId), keepsAnActiveAdmin(db, userId));
  const deletable = exists(db.select({ id: users.id }).from(users).where(guard));
  const [{ total: shipmentsKept } = { total: 0 }] = await db.select({ total: count() }).from(shipments).where(eq(shipments.userId, userId));
  const email = normalizeEmail(target.email);
  const results = await commit(context, [
    recordEventWhere(
      context,
      actorFor(admin),
      { event: { type: "account.deleted", entityId: userId, data: { role: target.role, shipmentsKept } }, from: users, where: guard },
      now,
    ),
    db
      .update(shipments)
      .set({ ...ANONYMISED_SENDER, version: sql`${shipments.version} + 1`, updatedAt: now })
      .where(and(eq(shipments.userId, userId), deletable)),
    // The invoices of their deleted shipments keep the same anonymised bill-to.
    db
      .update(invoices)
      .set({
        shipmentSnapshot: sql`json_set(${invoices.shipmentSnapshot}, '$.billTo.name', ${DELETED_USER_NAME}, '$.billTo.email', null, '$.billTo.address', null, '$.billTo.state', null, '$.billTo.postalCode', null)`,
      })
      .where(and(eq(invoices.userId, userId), isNotNull(invoices.shipmentSnapshot), deletable)),
    db.delete(shipmentDrafts).where(and(eq(shipmentDrafts.userId, userId), deletable)),
    endSessionsWhere(db, userId, guard),
    db.delete(signInFailures).where(and(eq(signInFailures.key, accountLaneKey(target.email)), deletable)),
    db.delete(newsletterSubscribers).where(and(eq(newsletterSubscribers.email, email), deletable)),
    // Last: the guard above read the account as it was. Its reset links go by cascade.
    db.delete(users).where(guard),
  ]);
  if (changesOf(results.at(-1)) === 0) return refused("conflict", USER_MESSAGES.lastAdmin);
  return { ok: true, message: USER_MESSAGES.deleted };
}

/** `language`: the one their invitation, pages and mail are in; without it, the inviting admin's page's. */
export type NewAdmin = { firstName: string; lastName: string; email: string; language?: Language };

/** The accounts an admin invites rather than someone registering: admins and couriers. */
export type InvitedRole = "admin" | "courier";

const INVITATION_LIFETIME_MS = INVITATION_LINK_DAYS * 86_400_000;

/**
 * A new admin (or courier) account, and the mail inviting them to choose their password (a
 * one-time link like a reset link's, valid for INVITATION_LINK_DAYS). Until they do, nobody
 * knows the account's password: it is the hash of random bytes nobody kept. The account keeps
 * the invitee's language: the invitation is written in it, and so are their pages and mail.
 */
export async function inviteAdmin(
  context: ServiceContext,
  {
    admin,
    invitee,
    role = "admin",
    clientAddress,
    now = Date.now(),
  }: { admin: SessionUser; invitee: NewAdmin; role?: InvitedRole; clientAddress: string; now?: number },
): Promise<Done<{ id: string }> | Refused> {
  const { db } = context;
  const email = normalizeEmail(invitee.email);
  if (await findAccountByEmail(db, email)) return refused("conflict", undefined, { email: [USER_MESSAGES.emailTaken] });
  const limited = await limitAction(context, { action: "admin-invitation", clientAddress, account: admin.id });
  if (limited) return limited;
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(randomToken());
  const { link, insert } = await passwordLink(db, { origin: context.origin, userId: id, lifetimeMs: INVITATION_LIFETIME_MS, now });
  const actor = actorFor(admin);
  const language = invitee.language ?? (await answerLanguage(context));
  try {
    await commit(context, [
      db.insert(users).values({ id, email, passwordHash, firstName: invitee.firstName, lastName: invitee.lastName, role, language, createdAt: now, updatedAt: now }),
      insert,
      recordEvents(
        context,
        actor,
        [{ type: "account.invited", entityId: id, data: { email, firstName: invitee.firstName, invitedBy: actor.label, role }, link, language }],
        now,
      ),
    ]);
  } catch (error) {
    // Two invitations for one address at the same moment: the second finds it taken.
    if (isEmailTaken(error)) {
      return refused("conflict", undefined, { email: [USER_MESSAGES.emailTaken] });
    }
    throw error;
  }
  return { ok: true, message: role === "courier" ? USER_MESSAGES.courierCreated : USER_MESSAGES.created, id };
}
