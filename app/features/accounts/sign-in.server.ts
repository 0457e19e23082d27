// Signing in, for both portals, and the flows that end signed in (registration, a password
// reset). Each counts the attempt before any password is hashed, checks, and starts a new
// session that replaces the one the browser came with. Input is plain (what was typed, who is
// asking); the answer is an outcome that the route turns into a redirect or a form answer.
// The sign-in pages call signIn, signInAsAdmin and signInAsDemo through remix-auth's
// Authenticator, whose form strategies' verify hand them the form's values
// (authenticator.server.ts); registration and a password reset call theirs directly.
import { INVALID_SIGN_IN_LINK } from "./one-time-links";
import type { ServiceContext } from "~/load-context";
import type { Account } from "./account-records.server";
import { createAccount, findAccountById, type NewAccount } from "./accounts.server";
import { useAccountLink } from "./account-links.server";
import { checkCredentials, demoCredentials, homeFor, type CredentialCheck } from "./auth.server";
import type { Client } from "./client.server";
import { rememberDevice } from "./device-cookie.server";
import { refused, tooManyAttempts, type Done, type Refused } from "~/.server/outcome";
import { resetPassword } from "./password-reset.server";
import { countAttempt, limitAction } from "~/.server/rate-limit";
import { answerLanguage } from "~/.server/answer-language";
import { translator } from "~/features/languages/i18n.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { createSession } from "./session.server";
import { getSettings } from "~/features/settings/settings.server";
import { finishAttempt, startAttempt } from "./sign-in-throttle.server";

/**
 * Signed in: `setCookies` hand the new session (and the device cookie that now names the
 * account) to the browser, which goes on to `redirectTo`.
 */
export type SignedIn = Done<{ userId: string; setCookies: string[]; redirectTo: string }>;

export type Portal = "customer" | "admin";

/** Where the admin portal's sign-in leads when no page asked for it. */
const ADMIN_HOME = "/admin";

const TOO_MANY_SIGN_INS = "Too many login attempts. Please try again later.";
const DEMO_FAILED = "Demo login failed. Please try manual login.";

// The admin portal's messages. An unknown address is answered exactly as
// a wrong password is (docs/decisions/078-sign-in-lanes.md).
const ADMIN_MESSAGES = {
  invalid: "Invalid admin credentials",
  notAdmin: "Access denied. Admin privileges required.",
  suspended: "Your admin account has been suspended. Please contact support.",
};

async function startSession(
  context: Pick<ServiceContext, "db" | "cloudflare">,
  account: Pick<Account, "id" | "email" | "firstName" | "lastName" | "role"> & { language?: Account["language"] },
  { remember, client, redirectTo, message }: { remember: boolean; client: Client; redirectTo: string; message: string },
): Promise<SignedIn> {
  const setCookies = [
    await createSession(context, account, { remember, replacing: client.session }),
    await rememberDevice(context.cloudflare.env, client.devices, account.email),
  ];
  return { ok: true, message, userId: account.id, setCookies, redirectTo };
}

type Credentials = { email: string; password: string; redirectTo?: string; client: Client; now?: number };

/**
 * The password check of both portals, counted in the attempt's lanes first (before any
 * hashing): refused while a lane waits.
 */
async function checkAttempt(context: ServiceContext, { email, password, client, now }: Credentials): Promise<CredentialCheck | Refused> {
  const attempt = await startAttempt(context, { client, email, now });
  if (!attempt.ok) return tooManyAttempts(attempt, TOO_MANY_SIGN_INS);
  const check = await checkCredentials(context.db, email, password);
  await finishAttempt(context, attempt, check.outcome === "valid");
  return check;
}

/** The customer portal: any active account; `redirectTo` when it is a page of this site. */
export async function signIn(context: ServiceContext, { remember = false, redirectTo, ...credentials }: Credentials & { remember?: boolean }): Promise<SignedIn | Refused> {
  const check = await checkAttempt(context, credentials);
  if ("reason" in check) return check;
  if (check.outcome !== "valid") return refused("unauthorized", "Invalid email or password");
  if (check.account.status !== "active") return refused("forbidden", "Your account has been suspended. Please contact support.");
  return startSession(context, check.account, {
    remember,
    client: credentials.client,
    redirectTo: safeRedirect(redirectTo, homeFor(check.account.role)),
    message: "Welcome back!",
  });
}

/** The admin portal: active admins only ('Invalid admin credentials', 'Access denied. Admin privileges required.', the suspended message). */
export async function signInAsAdmin(context: ServiceContext, { redirectTo, ...credentials }: Credentials): Promise<SignedIn | Refused> {
  const check = await checkAttempt(context, credentials);
  if ("reason" in check) return check;
  if (check.outcome !== "valid") {
    return refused("unauthorized", undefined, { email: [ADMIN_MESSAGES.invalid], password: [ADMIN_MESSAGES.invalid] });
  }
  if (check.account.role !== "admin") return refused("forbidden", ADMIN_MESSAGES.notAdmin);
  if (check.account.status !== "active") return refused("forbidden", ADMIN_MESSAGES.suspended);
  return startSession(context, check.account, {
    remember: false,
    client: credentials.client,
    redirectTo: safeRedirect(redirectTo, ADMIN_HOME),
    message: "Welcome back, Admin!",
  });
}

/** The demo buttons: the portal's demo account, while DEMO_MODE is on. */
export async function signInAsDemo(
  context: ServiceContext,
  { portal, redirectTo, client }: { portal: Portal; redirectTo?: string; client: Client },
): Promise<SignedIn | Refused> {
  const credentials = demoCredentials(context.cloudflare.env, portal);
  if (!credentials) return refused("forbidden", "Demo accounts are not available here.");
  const limit = await countAttempt(context, { form: "login", clientAddress: client.address });
  if (!limit.allowed) return tooManyAttempts(limit, TOO_MANY_SIGN_INS);
  const check = await checkCredentials(context.db, credentials.email, credentials.password);
  if (check.outcome !== "valid" || check.account.status !== "active") return refused("unauthorized", DEMO_FAILED);
  if (portal === "admin" && check.account.role !== "admin") return refused("unauthorized", DEMO_FAILED);
  return startSession(context, check.account, {
    remember: false,
    client,
    redirectTo: safeRedirect(redirectTo, portal === "admin" ? ADMIN_HOME : homeFor(check.account.role)),
    message: portal === "admin" ? "Demo admin login successful!" : "Welcome back!",
  });
}

/** A new customer account (never an admin), its welcome mail, and a session for it. */
export async function register(
  context: ServiceContext,
  { firstName, lastName, email, phone, password, plan, language, client }: NewAccount & { client: Client },
): Promise<SignedIn | Refused> {
  const limited = await limitAction(context, { action: "register", clientAddress: client.address });
  if (limited) return limited;
  const account = await createAccount(context, { firstName, lastName, email, phone, password, plan, language });
  if (account === "email-taken") return refused("conflict", undefined, { email: ["An account with this email already exists"] });
  const { companyName } = await getSettings(context.db);
  return startSession(context, account, {
    remember: false,
    client,
    redirectTo: "/dashboard",
    // The company's name is the settings': the welcome names it in the account's language.
    message: translator(language ?? (await answerLanguage(context)), "messages")("Account created successfully! Welcome to {{company}}!", { company: companyName }),
  });
}

/** A new password through a reset link, which signs the person in (every other session has ended). */
export async function completePasswordReset(
  context: ServiceContext,
  { token, password, client }: { token: string; password: string; client: Client },
): Promise<SignedIn | Refused> {
  const account = await resetPassword(context, token, password);
  if (!account) return refused("invalid", "This reset link is invalid or has expired.");
  return startSession(context, account, { remember: false, client, redirectTo: homeFor(account.role), message: "Password updated successfully!" });
}

/**
 * A one-time sign-in link's button (docs/decisions/078): uses the link up and signs its account
 * in on this browser, which becomes one of its known devices, and goes on to its dashboard.
 */
export async function signInWithLink(
  context: ServiceContext,
  { token, client, now = Date.now() }: { token: string; client: Client; now?: number },
): Promise<SignedIn | Refused> {
  const userId = await useAccountLink(context.db, "sign-in", token, now);
  const account = userId ? await findAccountById(context.db, userId) : undefined;
  if (!account || account.status !== "active") return refused("invalid", INVALID_SIGN_IN_LINK);
  return startSession(context, account, {
    remember: false,
    client,
    redirectTo: homeFor(account.role),
    message: account.role === "admin" ? "Welcome back, Admin!" : "Welcome back!",
  });
}
