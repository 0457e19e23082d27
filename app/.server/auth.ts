// Sign-in for both portals. remix-auth's FormStrategy reads the submitted form and checks the
// e-mail and password against D1; remix-auth keeps no session, so session.ts does that.
// Attempts are counted before any password is hashed.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { normalizeEmail } from "~/domain/contact-details";
import { findAccountByEmail, type Account } from "./accounts";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "./demo-accounts";
import { verifyAgainstNothing, verifyPassword } from "./password";
import { clientAddress, hitRateLimit, limitFromVar, type RateLimitResult } from "./rate-limit";
import { createSession } from "./session";
import { redirectWithToast } from "./toast";

export type CredentialCheck =
  | { outcome: "valid"; account: Account }
  | { outcome: "wrong-password"; account: Account }
  | { outcome: "unknown-email" };

async function checkCredentials(db: AppLoadContext["db"], email: string, password: string): Promise<CredentialCheck> {
  const found = await findAccountByEmail(db, normalizeEmail(email));
  if (!found) {
    // As slow as a wrong password, so the answer's timing does not tell which addresses have accounts.
    await verifyAgainstNothing(password);
    return { outcome: "unknown-email" };
  }
  const { passwordHash, ...account } = found;
  return (await verifyPassword(password, passwordHash)) ? { outcome: "valid", account } : { outcome: "wrong-password", account };
}

/**
 * "password" checks the form's email and password fields; "demo-customer" and "demo-admin"
 * submit the demo accounts' credentials, as SPEC.md's demo buttons do.
 */
export function createAuthenticator(db: AppLoadContext["db"]) {
  const field = (form: FormData, name: string) => String(form.get(name) ?? "");
  return new Authenticator<CredentialCheck>()
    .use(new FormStrategy(({ form }) => checkCredentials(db, field(form, "email"), field(form, "password"))), "password")
    .use(new FormStrategy(() => checkCredentials(db, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)), "demo-customer")
    .use(new FormStrategy(() => checkCredentials(db, DEMO_ADMIN.email, DEMO_ADMIN.password)), "demo-admin");
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

const ATTEMPT_WINDOW_MS = 15 * 60_000;

/**
 * Counts an attempt at an account form against the client address and, when given, the
 * e-mail address (so many addresses cannot take turns at one account). LOGIN_RATE_LIMIT
 * attempts are allowed per key per 15 minutes.
 */
export async function countAttempt(
  context: AppLoadContext,
  request: Request,
  form: "login" | "register" | "password-reset" | "password-change",
  subject?: string,
): Promise<RateLimitResult> {
  const limit = limitFromVar(context.cloudflare.env.LOGIN_RATE_LIMIT, 10);
  const keys = [`${form}:ip:${clientAddress(request)}`, ...(subject ? [`${form}:subject:${subject}`] : [])];
  for (const key of keys) {
    const result = await hitRateLimit(context.db, { key, limit, windowMs: ATTEMPT_WINDOW_MS });
    if (!result.allowed) return result;
  }
  return { allowed: true };
}

export function retryAfter(result: { retryAfterSeconds: number }): HeadersInit {
  return { "Retry-After": String(result.retryAfterSeconds) };
}

/** Where someone lands after signing in when no page asked for it. */
export function homeFor(role: Account["role"]): string {
  return role === "admin" ? "/admin/dashboard" : "/dashboard";
}

/** Starts a new session (ending the one the browser came with) and goes on with a toast. */
export async function signInAndRedirect(
  context: AppLoadContext,
  request: Request,
  account: Pick<Account, "id">,
  { remember, redirectTo, message }: { remember: boolean; redirectTo: string; message: string },
) {
  const cookie = await createSession(context.db, account.id, { remember, replacing: request });
  return redirectWithToast(context.cloudflare.env, redirectTo, { type: "success", message }, { headers: { "Set-Cookie": cookie } });
}
