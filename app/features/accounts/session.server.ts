// Sessions: a random token in an HttpOnly cookie, its SHA-256 in D1. The user's role and
// status are read from the database on every request, never trusted from the cookie.
import { createCookie } from "@remix-run/cloudflare";
import { and, eq, gt, ne } from "drizzle-orm";
import { sessions, users } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { base64url } from "~/.server/signed-tokens";

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
  role: "user" | "admin" | "courier";
};

// Unsigned: the token is 32 random bytes and only its hash is stored, so a forged value finds
// no session. The options hold no secret, so one definition serves every request.
const sessionTokenCookie = createCookie(SESSION_COOKIE, { path: "/", httpOnly: true, secure: true, sameSite: "lax" });

/** The session token the request carries; a cookie that does not decode counts as none. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionTokenCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : null;
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

/** The active account behind the request's session cookie; use `context.sessionUser()`, which reads it once per request. */
export async function findSessionUser(db: Db, request: Request): Promise<SessionUser | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  const row = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, await hashToken(token)), gt(sessions.expiresAt, Date.now()), eq(users.status, "active")),
    )
    .get();
  return row ?? null;
}

/** The Set-Cookie value handing out `token`; without a lifetime it ends with the browser. */
export function sessionCookie(token: string, maxAgeMs: number | null): Promise<string> {
  return sessionTokenCookie.serialize(token, maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000) });
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
  db: Db,
  userId: string,
  { remember, replacing: previous = null }: { remember: boolean; replacing?: string | null },
): Promise<string> {
  const token = randomToken();
  const lifetime = remember ? REMEMBERED_SESSION_MS : SHORT_SESSION_MS;
  const insert = db.insert(sessions).values({
    idHash: await hashToken(token),
    userId,
    expiresAt: Date.now() + lifetime,
    persistent: remember,
  });
  if (previous) await db.batch([db.delete(sessions).where(eq(sessions.idHash, previous)), insert]);
  else await insert;
  return sessionCookie(token, remember ? lifetime : null);
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
