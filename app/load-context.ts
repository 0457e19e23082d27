import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "~/.server/db";
import { clientAddress, countTrackingLookUps, type RateLimitResult } from "~/.server/rate-limit";
import { bookmarkSetCookie, readBookmark, requestD1, type RequestD1 } from "~/.server/request-d1";
import { detectLanguage } from "~/features/languages/i18n.server";
import type { Language } from "~/features/languages/languages";
import {
  clearedSessionCookie,
  findSessionRecord,
  readSession,
  recordCookie,
  SESSION_COOKIE,
  type RequestSession,
  type SessionRecord,
  type SessionUser,
} from "~/features/accounts/session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** The request's D1 session: reads may come from a nearby replica, never older than the person's own last write. */
    db: Db;
    /** Per-request nonce that the Content-Security-Policy header allows scripts to carry. */
    cspNonce: string;
    /**
     * Where this site is served, from PUBLIC_ORIGIN (never the request's Host, which whoever
     * sends the request chooses): the base of every absolute link in mail.
     */
    origin: string;
    /**
     * The signed-in person the request's session cookie names, or null, once per request however
     * many loaders and guards ask. A signed claim answers at once and is checked against D1 in
     * the same round trip as the page's own reads; the answer waits for that check, and so does
     * every change the request writes (docs/decisions/158).
     */
    sessionUser: () => Promise<SessionUser | null>;
    /**
     * Counts this request as one tracking look-up of its client address, once however many
     * times it is asked (the edge cache and the tracking loader both ask; decision 131).
     */
    trackingLimit: () => Promise<RateLimitResult>;
    /** The language the request is answered in (app/features/languages/i18n.server.ts), once per request. */
    language: () => Promise<Language>;
  }
}

/** `wrangler dev`'s address, for a local configuration that leaves PUBLIC_ORIGIN empty. */
const LOCAL_ORIGIN = "http://localhost:8787";

/** The configured public origin, without a trailing slash. */
export function publicOrigin(env: Pick<Env, "PUBLIC_ORIGIN">): string {
  return (env.PUBLIC_ORIGIN ?? "").trim().replace(/\/+$/, "") || LOCAL_ORIGIN;
}

/** The session check of one request: the cookie's session and the stored record it names (null: none, or no longer valid). */
type SessionCheck = { session: RequestSession; record: SessionRecord | null };

/** What the worker needs after the answer: the D1 session and the session check, if one was asked for. */
type RequestState = { d1: RequestD1; bookmark: string | null; check: Promise<SessionCheck> | null };

const requestStates = new WeakMap<AppLoadContext, RequestState>();

/** Whether a check lets the claim's holder act as the claim says: the same live account with the same role. */
function confirms({ session, record }: SessionCheck): boolean {
  return session.claim !== null && record !== null && record.user.id === session.claim.id && record.user.role === session.claim.role;
}

function sameUser(a: SessionUser, b: SessionUser): boolean {
  return a.id === b.id && a.email === b.email && a.firstName === b.firstName && a.lastName === b.lastName && a.role === b.role && (a.language ?? null) === (b.language ?? null);
}

/** Thrown by a change the session check did not confirm: the request is answered again as the check found it. */
class UnconfirmedSession extends Error {
  constructor() {
    super("A change was refused: the session's claim was not confirmed");
  }
}

export async function getLoadContext(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  { cspNonce, confirmedUser }: { cspNonce: string; confirmedUser?: SessionUser | null },
): Promise<AppLoadContext> {
  const bookmark = await readBookmark(request);
  const state: RequestState = { d1: undefined as unknown as RequestD1, bookmark, check: null };
  state.d1 = requestD1(env.DB, request, bookmark, async () => {
    if (state.check && !confirms(await state.check)) throw new UnconfirmedSession();
  });
  const db = getDb({ DB: state.d1.client });
  let sessionUser: Promise<SessionUser | null> | undefined;
  let trackingLimit: Promise<RateLimitResult> | undefined;
  let language: Promise<Language> | undefined;

  async function findUser(): Promise<SessionUser | null> {
    if (confirmedUser !== undefined) return confirmedUser;
    const session = await readSession(request, env);
    if (!session) return null;
    const check = findSessionRecord(db, session.token).then((record) => ({ session, record }));
    state.check = check;
    // A signed claim answers now, its check in flight beside the page's reads; a bare token
    // (a cookie from before claims) waits for its record, and the answer hands out a claim.
    if (session.claim) return session.claim;
    return (await check).record?.user ?? null;
  }

  const context: AppLoadContext = {
    cloudflare: { env, ctx },
    db,
    cspNonce,
    origin: publicOrigin(env),
    sessionUser: () => (sessionUser ??= findUser()),
    trackingLimit: () => (trackingLimit ??= countTrackingLookUps({ cloudflare: { env } }, { clientAddress: clientAddress(request) })),
    language: () => (language ??= context.sessionUser().then((user) => detectLanguage(request, user?.language ?? null))),
  };
  requestStates.set(context, state);
  return context;
}

function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** `response` with headers that can be changed (a cached answer's cannot). */
function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const changed = new Response(response.body, response);
  for (const cookie of cookies) changed.headers.append("Set-Cookie", cookie);
  return changed;
}

/**
 * The request's answer once its session check is in: as it is when the check confirmed the
 * claim; else answered again (`answerAs`) for the account the check found (or for nobody), with
 * the cookie's claim renewed or cleared. A POST whose changes the check allowed (the same
 * account and role, only its name or address changed) keeps its answer: it is never run twice.
 * After a request that wrote, the bookmark cookie carries the session's new bookmark.
 */
export async function finishRequest(
  context: AppLoadContext,
  request: Request,
  response: Response,
  answerAs: (user: SessionUser | null) => Promise<Response>,
): Promise<Response> {
  const state = requestStates.get(context);
  if (!state) return response;
  const env = context.cloudflare.env;
  let answer = response;
  const cookies: string[] = [];
  if (state.check) {
    const check = await state.check;
    const { session, record } = check;
    const claimHolds = session.claim !== null && record !== null && sameUser(session.claim, record.user);
    if (!claimHolds) {
      const readOnly = request.method === "GET" || request.method === "HEAD";
      if (session.claim && (readOnly || !confirms(check))) {
        await response.body?.cancel();
        answer = await answerAs(record?.user ?? null);
      }
      if (!setsSessionCookie(answer)) cookies.push(record ? await recordCookie(env, session.token, record) : await clearedSessionCookie());
    }
  }
  const bookmark = state.d1.bookmarkAfterWrite();
  if (bookmark && bookmark !== state.bookmark) cookies.push(await bookmarkSetCookie(bookmark));
  return withCookies(answer, cookies);
}

/**
 * What a service needs of the request: the database, the bindings, and where the site is served;
 * and, for a page's request, its language, which the service's messages are said in (without
 * it, as for the API, English).
 */
export type ServiceContext = Pick<AppLoadContext, "db" | "cloudflare" | "origin"> & Partial<Pick<AppLoadContext, "language">>;
