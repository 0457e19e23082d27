// One request's D1 (docs/decisions/158-signed-session-claim.md): a D1 session, so its
// reads may come from a replica near the reader. A GET starts from the bookmark of the person's
// last write (the bookmark cookie), or unconstrained without one; any other method starts at the
// primary. After a request that wrote, its session's bookmark goes back to the browser, so the
// person's next request reads a copy at least as new as their own change. The request's
// changes wait for its session check (`beforeChange`): nothing is written on an unconfirmed claim.
import { createCookie } from "@remix-run/cloudflare";
import { isWrite, watchD1 } from "./d1-watch";

export const BOOKMARK_COOKIE = "__Host-bookmark";

// Ends with the browser: an old bookmark only asks for a copy at least that new, which every
// copy soon is. Nothing secret: a made-up bookmark can only slow its own holder's reads.
const bookmarkCookie = createCookie(BOOKMARK_COOKIE, { path: "/", httpOnly: true, secure: true, sameSite: "lax" });

/** D1's bookmarks are short hex words joined by dashes; anything else in the cookie counts as none. */
const BOOKMARK = /^[0-9a-f]{1,40}(-[0-9a-f]{1,40}){0,7}$/i;

/** The bookmark of the person's last write, from the request's cookie, or null. */
export async function readBookmark(request: Request): Promise<string | null> {
  const value: unknown = await bookmarkCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && BOOKMARK.test(value) ? value : null;
}

/** The Set-Cookie value handing the browser `bookmark`. */
export function bookmarkSetCookie(bookmark: string): Promise<string> {
  return bookmarkCookie.serialize(bookmark);
}

/** An attempt counter (./rate-limit.ts) counts whoever asks: it is no change the session check must confirm. */
const ATTEMPT_COUNTER = /^\s*insert\s+into\s+"?rate_limits"?\s/i;

export type RequestD1 = {
  /** The session as a D1 client (Drizzle's D1 driver calls only prepare() and batch(), which a session has). */
  client: D1Database;
  /** The session's bookmark when this request wrote, else null. */
  bookmarkAfterWrite: () => string | null;
};

const READ_ONLY_METHODS = new Set(["GET", "HEAD"]);

/** The D1 session of `request`: where it starts, and the gate its changes pass. */
export function requestD1(binding: D1Database, request: Request, bookmark: string | null, beforeChange: () => Promise<void>): RequestD1 {
  const session = binding.withSession(READ_ONLY_METHODS.has(request.method) ? (bookmark ?? "first-unconstrained") : "first-primary");
  let wrote = false;
  const client = watchD1(session, async (sent, send) => {
    const writes = sent.filter(({ sql }) => isWrite(sql));
    if (writes.length > 0) {
      if (writes.some(({ sql }) => !ATTEMPT_COUNTER.test(sql))) await beforeChange();
      wrote = true;
    }
    return send();
  });
  return { client: client as unknown as D1Database, bookmarkAfterWrite: () => (wrote ? session.getBookmark() : null) };
}
