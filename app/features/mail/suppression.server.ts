// The suppression list and the unsubscribe links of non-essential mail (parcel updates, the
// newsletter). A link's token is the address signed under SESSION_SECRET: nothing is stored per
// mail, and the link works as long as the secret stays. Every non-essential mail honours the
// list where it is composed (notifications.server.ts) and again where it is sent
// (outbox.server.ts); unsubscribe.server.ts puts addresses on it.
import { and, eq, inArray, sql } from "drizzle-orm";
import { mailSuppressions, trackingSubscriptions } from "../../../drizzle/schema";
import { inParts, type Db } from "~/.server/db";
import { base64url, fromBase64url, signedToken, signedTokenMatches } from "~/.server/signed-tokens";

const PURPOSE = "mail-unsubscribe";
/** A token is an address of at most 254 characters, base64url, a dot and a signature: anything longer is no token. */
const MAX_TOKEN_LENGTH = 400;

const encoder = new TextEncoder();

/** Where one click stops non-essential mail to `address`. */
export async function unsubscribeUrl(context: { origin: string; cloudflare: { env: Pick<Env, "SESSION_SECRET"> } }, address: string): Promise<string> {
  const email = address.toLowerCase();
  const token = `${base64url(encoder.encode(email))}.${await signedToken(context.cloudflare.env, PURPOSE, email)}`;
  return `${context.origin}/unsubscribe/${token}`;
}

/** The address an unsubscribe token was made for, or null for a token this site did not make. */
export async function addressOfToken(env: Pick<Env, "SESSION_SECRET">, token: string): Promise<string | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) return null;
  let email: string;
  try {
    email = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(encoded));
  } catch {
    return null;
  }
  return (await signedTokenMatches(env, PURPOSE, email, signature)) ? email : null;
}

/** The addresses `find` answers for `addresses` (lower case, each once), asked in parts of D1's bound on values. */
export async function addressesFound(addresses: readonly string[], find: (part: string[]) => Promise<{ email: string }[]>): Promise<Set<string>> {
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const rows = await Promise.all(inParts(unique).map(find));
  return new Set(rows.flat().map((row) => row.email));
}

/** Addresses (lower case) among `addresses` that get no non-essential mail. */
export function suppressedAmong(db: Db, addresses: readonly string[]): Promise<Set<string>> {
  return addressesFound(addresses, (part) => db.select({ email: mailSuppressions.email }).from(mailSuppressions).where(inArray(mailSuppressions.email, part)));
}


/**
 * Addresses (lower case) of the confirmed "Keep me posted" subscribers of `shipmentIds` that get
 * no non-essential mail: asked beside the subscribers themselves, in the same round trip.
 */
export async function suppressedSubscribersOf(db: Db, shipmentIds: readonly string[]): Promise<Set<string>> {
  const rows = await Promise.all(
    inParts([...new Set(shipmentIds)]).map((part) =>
      db
        .select({ email: mailSuppressions.email })
        .from(trackingSubscriptions)
        .innerJoin(mailSuppressions, eq(mailSuppressions.email, sql`lower(${trackingSubscriptions.email})`))
        .where(and(inArray(trackingSubscriptions.shipmentId, part), eq(trackingSubscriptions.status, "confirmed"))),
    ),
  );
  return new Set(rows.flat().map((row) => row.email));
}
