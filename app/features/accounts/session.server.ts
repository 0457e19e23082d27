// Sessions: a random token in an HttpOnly cookie, its SHA-256 in D1. The cookie also carries
// who the session is for (the claim), signed with SESSION_SECRET, so a page can start its own
// reads at once; the session row, the account's status and its role are still checked on every
// request, in the same round trip as the page's reads, and nothing is answered or written on a
// claim the check did not confirm (docs/decisions/158-signed-session-claim.md).
import { createCookie } from "@remix-run/cloudflare";
import { and, eq, gt, ne } from "drizzle-orm";
import { sessions, users } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { base64url, signedToken, signedTokenMatches } from "~/.server/signed-tokens";
import { ROLES, type Role } from "./roles";
import { isLanguage, type Language } from "~/features/languages/languages";

export const SESSION_COOKIE = "__Host-session";
const DAY_MS = 86_400_000;
/** A session without "remember me" ends with the browser, and at the latest after a day. */
export const SHORT_SESSION_MS = DAY_MS;
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The language chosen in the profile or the switcher; null or absent: none (the browser's is used). */
  language?: Language | null;
};

// The token is 32 random bytes and only its hash is stored, so a forged token finds no session;
// the claim beside it is signed by the app (signedToken), so the cookie's own options hold no
// secret and one definition serves every request.
const sessionTokenCookie = createCookie(SESSION_COOKIE, { path: "/", httpOnly: true, secure: true, sameSite: "lax" });

const CLAIM_PURPOSE = "session-claim";

/** What the session cookie holds: the token, and (cookies handed out since claims exist) the signed claim. */
type CookieValue = string | { token: string; user: SessionUser; signature: string };

/** The request's session: its token, and the account its cookie claims when the claim's signature holds. */
export type RequestSession = { token: string; claim: SessionUser | null };

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== "object" || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    ["id", "email", "firstName", "lastName"].every((key) => typeof user[key] === "string") &&
    (ROLES as readonly unknown[]).includes(user.role) &&
    (user.language === null || isLanguage(user.language)) &&
    Object.keys(user).length === 6
  );
}

/** The signed text of a claim: the token and the account's fields, in a fixed order. */
function claimText(token: string, user: SessionUser): string {
  return JSON.stringify([token, user.id, user.email, user.firstName, user.lastName, user.role, user.language ?? null]);
}

/** The session the request's cookie names; a cookie that does not decode counts as none, a claim whose signature fails as no claim. */
export async function readSession(request: Request, env: Pick<Env, "SESSION_SECRET">): Promise<RequestSession | null> {
  const value: unknown = await sessionTokenCookie.parse(request.headers.get("Cookie"));
  if (typeof value === "string") return value === "" ? null : { token: value, claim: null };
  if (typeof value !== "object" || value === null) return null;
  const { token, user, signature } = value as Record<string, unknown>;
  if (typeof token !== "string" || token === "") return null;
  const signed = isSessionUser(user) && typeof signature === "string" && (await signedTokenMatches(env, CLAIM_PURPOSE, claimText(token, user), signature));
  return { token, claim: signed ? { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, language: user.language } : null };
}

/** The session token the request carries; a cookie that does not decode counts as none. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const value = (await sessionTokenCookie.parse(request.headers.get("Cookie"))) as CookieValue | null;
  if (typeof value === "string") return value !== "" ? value : null;
  return typeof value?.token === "string" && value.token !== "" ? value.token : null;
}

export async function hasSessionCookie(request: Request): Promise<boolean> {
  return (await readSessionToken(request)) !== null;
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** 32 random bytes, URL-safe: session ids and one-time links. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url(bytes);
}

/** A live session as stored: its active account, whether it outlives the browser, and when it ends. */
export type SessionRecord = { user: SessionUser; persistent: boolean; expiresAt: number };

/** The live session of `token` with its active account, or null: the one read behind every session check. */
export async function findSessionRecord(db: Db, token: string, now = Date.now()): Promise<SessionRecord | null> {
  const row = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      language: users.language,
      persistent: sessions.persistent,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, await hashToken(token)), gt(sessions.expiresAt, now), eq(users.status, "active")))
    .get();
  if (!row) return null;
  const { persistent, expiresAt, ...user } = row;
  return { user, persistent, expiresAt };
}

/**
 * The active account behind the request's session cookie, read from D1 (the chat socket's
 * check). Pages and actions use `context.sessionUser()`, which checks the cookie's claim
 * alongside their own reads.
 */
export async function findSessionUser(db: Db, request: Request): Promise<SessionUser | null> {
  const token = await readSessionToken(request);
  return token ? ((await findSessionRecord(db, token))?.user ?? null) : null;
}

/** The Set-Cookie value handing out `token` with its signed claim for `user`; without a lifetime it ends with the browser. */
export async function sessionCookie(env: Pick<Env, "SESSION_SECRET">, token: string, user: SessionUser, maxAgeMs: number | null): Promise<string> {
  const claim = { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, language: user.language ?? null };
  const value: CookieValue = { token, user: claim, signature: await signedToken(env, CLAIM_PURPOSE, claimText(token, claim)) };
  return sessionTokenCookie.serialize(value, maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000) });
}

/** The Set-Cookie value handing out a stored session again, its claim as the record says now. */
export function recordCookie(env: Pick<Env, "SESSION_SECRET">, token: string, record: SessionRecord, now = Date.now()): Promise<string> {
  return sessionCookie(env, token, record.user, record.persistent ? Math.max(0, record.expiresAt - now) : null);
}

export function clearedSessionCookie(): Promise<string> {
  return sessionTokenCookie.serialize("", { maxAge: 0 });
}

/**
 * Creates a session row; returns the Set-Cookie value that hands its token to the browser.
 * At sign-in pass the hash of the session the request came with (requestSessionHash) as
 * `replacing`: it is deleted, so a token planted in the browser before sign-in never becomes a
 * signed-in session.
 */
export async function createSession(
  context: { db: Db; cloudflare: { env: Pick<Env, "SESSION_SECRET"> } },
  user: SessionUser,
  { remember, replacing: previous = null }: { remember: boolean; replacing?: string | null },
): Promise<string> {
  const { db } = context;
  const token = randomToken();
  const lifetime = remember ? REMEMBERED_SESSION_MS : SHORT_SESSION_MS;
  const insert = db.insert(sessions).values({
    idHash: await hashToken(token),
    userId: user.id,
    expiresAt: Date.now() + lifetime,
    persistent: remember,
  });
  if (previous) await db.batch([db.delete(sessions).where(eq(sessions.idHash, previous)), insert]);
  else await insert;
  return sessionCookie(context.cloudflare.env, token, user, remember ? lifetime : null);
}

/** The stored hash of the session the request carries, if it carries one. */
export async function requestSessionHash(request: Request): Promise<string | null> {
  const token = await readSessionToken(request);
  return token ? hashToken(token) : null;
}

/**
 * The delete that ends a user's sessions, all but `keepHash` when given. Put it in the batch
 * of the change that calls for it (a new password ends every other session).
 */
export function endSessionsQuery(db: Db, userId: string, keepHash: string | null = null) {
  return db
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)) : eq(sessions.userId, userId));
}

/** Deletes the request's session row; returns the Set-Cookie value that clears the cookie. */
export async function destroySession(db: Db, request: Request): Promise<string> {
  const idHash = await requestSessionHash(request);
  if (idHash) await db.delete(sessions).where(eq(sessions.idHash, idHash));
  return clearedSessionCookie();
}
