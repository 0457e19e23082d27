// API keys: made and revoked by their owners (a customer in the profile, admins for service
// keys), each shown once and stored only as its SHA-256; and the check of the key a call to the
// API carries. Revoking takes effect on the next call: every call reads the key's row. The last
// use is written at most once a minute per key, after the answer.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, apiKeyUsage, users } from "../../../drizzle/schema";
import type { ServiceContext } from "~/load-context";
import type { Db } from "~/.server/db";
import { insertWhere } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEventWhere } from "~/.server/events";
import { refused, type Outcome } from "~/.server/outcome";
import { hashToken, randomToken, type SessionUser } from "~/features/accounts/session.server";
import { CUSTOMER_SCOPES, formatScopes, isApiKeyShape, KEY_PREFIX, MAX_ACTIVE_KEYS, parseScopes, visiblePrefix, type Scope } from "./api-keys";

export type ApiKeyKind = "customer" | "service";

export type ApiKeyListing = {
  id: string;
  prefix: string;
  name: string;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  /** Service keys: the admin who made it. */
  ownerEmail: string;
};

/** Whose keys a list or a revocation is about: one customer's, or the service keys (any admin's). */
export type KeyOwner = { kind: "customer"; userId: string } | { kind: "service" };

function ownedBy(owner: KeyOwner) {
  return owner.kind === "customer" ? and(eq(apiKeys.kind, "customer"), eq(apiKeys.userId, owner.userId)) : eq(apiKeys.kind, "service");
}

/** At most the newest this many keys a list shows (revoked ones included, newest first). */
const LISTED_KEYS = 50;

export async function listApiKeys(db: Db, owner: KeyOwner): Promise<ApiKeyListing[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeyUsage.lastUsedAt,
      ownerEmail: users.email,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(apiKeyUsage, eq(apiKeyUsage.keyId, apiKeys.id))
    .where(ownedBy(owner))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LISTED_KEYS);
  return rows.map((row) => ({ ...row, scopes: parseScopes(row.scopes) }));
}

export const TOO_MANY_KEYS = `You have ${MAX_ACTIVE_KEYS} keys already: revoke one before you create another.`;

/**
 * Makes a key for `owner` (a customer's key, with the customer scopes; or an admin's service
 * key, with the scopes chosen): the key itself is in the answer, once, and never stored.
 */
export async function createApiKey(
  context: ServiceContext,
  { owner, kind, name, scopes, now = Date.now() }: { owner: SessionUser; kind: ApiKeyKind; name: string; scopes?: readonly Scope[]; now?: number },
): Promise<Outcome<{ key: string; prefix: string; id: string }>> {
  const { db } = context;
  const granted = formatScopes(kind === "customer" ? CUSTOMER_SCOPES : (scopes ?? []));
  if (granted === "") return refused("invalid", "Please choose at least one scope", { scopes: ["Please choose at least one scope"] });
  const key = `${KEY_PREFIX}${randomToken()}`;
  const id = crypto.randomUUID();
  const prefix = visiblePrefix(key);
  const scope: KeyOwner = kind === "customer" ? { kind, userId: owner.id } : { kind };
  const active = db.select({ n: count() }).from(apiKeys).where(and(ownedBy(scope), isNull(apiKeys.revokedAt)));
  const [inserted] = await commit(context, [
    insertWhere(db, apiKeys, { id, hash: await hashToken(key), prefix, name, kind, scopes: granted, userId: owner.id, createdAt: now }, { where: sql`(${active}) < ${MAX_ACTIVE_KEYS}` }).returning({
      id: apiKeys.id,
    }),
    recordEventWhere(
      context,
      actorFor(owner),
      { event: { type: "api_key.created", entityId: id, data: { name, prefix, kind, scopes: granted, ownerId: owner.id } }, from: apiKeys, where: eq(apiKeys.id, id) },
      now,
    ),
  ]);
  if (inserted.length !== 1) return refused("conflict", TOO_MANY_KEYS);
  return { ok: true, message: "API key created. Copy it now: it is shown only once.", key, prefix, id };
}

/** Revokes one of `owner`'s keys; from the next call on it is refused. */
export async function revokeApiKey(
  context: ServiceContext,
  { actor, owner, keyId, now = Date.now() }: { actor: SessionUser; owner: KeyOwner; keyId: string; now?: number },
): Promise<Outcome<{ prefix: string }>> {
  const { db } = context;
  const key = await db
    .select({ name: apiKeys.name, prefix: apiKeys.prefix, kind: apiKeys.kind, userId: apiKeys.userId })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), ownedBy(owner), isNull(apiKeys.revokedAt)))
    .get();
  if (!key) return refused("not-found", "That key does not exist or is revoked already.");
  const guard = and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt));
  const [, updated] = await commit(context, [
    recordEventWhere(
      context,
      actorFor(actor),
      { event: { type: "api_key.revoked", entityId: keyId, data: { name: key.name, prefix: key.prefix, kind: key.kind, ownerId: key.userId } }, from: apiKeys, where: guard },
      now,
    ),
    db.update(apiKeys).set({ revokedAt: now }).where(guard).returning({ id: apiKeys.id }),
  ]);
  if (updated.length !== 1) return refused("not-found", "That key does not exist or is revoked already.");
  return { ok: true, message: `Key ${key.prefix}… revoked`, prefix: key.prefix };
}

/** Who calls the API: the key and the account it acts for. */
export type ApiCaller = {
  keyId: string;
  kind: ApiKeyKind;
  scopes: Scope[];
  name: string;
  user: SessionUser;
  lastUsedAt: number | null;
};

/** How often a key's last use is written: at most once a minute per key. */
export const LAST_USED_EVERY_MS = 60_000;

/** The key behind `Authorization: Bearer <key>`, or null: no such key, revoked, or its account suspended (a service key's: no longer an admin). */
export async function findApiCaller(db: Db, key: string): Promise<ApiCaller | null> {
  if (!isApiKeyShape(key)) return null;
  const row = await db
    .select({
      keyId: apiKeys.id,
      kind: apiKeys.kind,
      scopes: apiKeys.scopes,
      name: apiKeys.name,
      lastUsedAt: apiKeyUsage.lastUsedAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.status, "active")))
    .leftJoin(apiKeyUsage, eq(apiKeyUsage.keyId, apiKeys.id))
    .where(and(eq(apiKeys.hash, await hashToken(key)), isNull(apiKeys.revokedAt)))
    .get();
  if (!row) return null;
  if (row.kind === "service" && row.role !== "admin") return null;
  const { keyId, kind, scopes, name, lastUsedAt, ...user } = row;
  return { keyId, kind, scopes: parseScopes(scopes), name, lastUsedAt, user };
}

/** Notes the key's use, when the last note is over a minute old: run it after the answer (waitUntil). */
export function noteKeyUse(db: Db, caller: ApiCaller, now = Date.now()): Promise<unknown> | null {
  if (caller.lastUsedAt !== null && now - caller.lastUsedAt < LAST_USED_EVERY_MS) return null;
  return db
    .insert(apiKeyUsage)
    .values({ keyId: caller.keyId, lastUsedAt: now })
    .onConflictDoUpdate({ target: apiKeyUsage.keyId, set: { lastUsedAt: now }, setWhere: sql`${apiKeyUsage.lastUsedAt} < ${now - LAST_USED_EVERY_MS}` });
}
