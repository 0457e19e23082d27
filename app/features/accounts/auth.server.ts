// Credentials for both portals: the e-mail and password checked against D1, and the demo
// accounts. The flows that use them (attempts counted first) are in sign-in.server.ts; the
// sign-in pages reach those through remix-auth's Authenticator (authenticator.server.ts).
import { normalizeEmail } from "~/domain/contact-details";
import type { Db } from "~/.server/db";
import { findAccountByEmail, type Account } from "./account-records.server";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "./demo-accounts.server";
import { verifyAgainstNothing, verifyPassword } from "./password.server";

export type CredentialCheck =
  | { outcome: "valid"; account: Account }
  | { outcome: "wrong-password"; account: Account }
  | { outcome: "unknown-email" };

export async function checkCredentials(db: Db, email: string, password: string): Promise<CredentialCheck> {
  const found = await findAccountByEmail(db, normalizeEmail(email));
  if (!found) {
    // As slow as a wrong password, so the answer's timing does not tell which addresses have accounts.
    await verifyAgainstNothing(password);
    return { outcome: "unknown-email" };
  }
  const { passwordHash, ...account } = found;
  return (await verifyPassword(password, passwordHash)) ? { outcome: "valid", account } : { outcome: "wrong-password", account };
}

/** Demo accounts are offered, and their buttons work, only while DEMO_MODE is "true". */
export function isDemoMode(env: Pick<Env, "DEMO_MODE">): boolean {
  return env.DEMO_MODE === "true";
}

export function demoCredentials(env: Pick<Env, "DEMO_MODE">, portal: "customer" | "admin") {
  if (!isDemoMode(env)) return null;
  const { email, password } = portal === "admin" ? DEMO_ADMIN : DEMO_CUSTOMER;
  return { email, password };
}

/** Where someone lands after signing in when no page asked for it. */
export function homeFor(role: Account["role"]): string {
  if (role === "admin") return "/admin/dashboard";
  return role === "courier" ? "/courier" : "/dashboard";
}
