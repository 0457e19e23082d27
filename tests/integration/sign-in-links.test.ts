// An owner can always get in (issue 22, item 3; docs/decisions/078-sign-in-lanes.md): an
// account put on hold by wrong passwords from many addresses; the one-time sign-in link its owner
// can ask for instead (mailed through the outbox, single use, expiring, revoked by a password
// change); the known device that is never held by others' failures; and how the hold ends.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, passwordResetTokens, sessions } from "../../drizzle/schema";
import { hashToken, requestSessionHash } from "~/features/accounts/session.server";
import { signIn } from "~/features/accounts/sign-in.server";
import { requestSignInLink, SIGN_IN_LINK_LIFETIME_MS } from "~/features/accounts/sign-in-links.server";
import { ACCOUNT_HOLD_MS } from "~/features/accounts/sign-in-throttle.server";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { deviceFrom, get, newClientAddress, pageText, post, sessionFrom, sessionSetCookie } from "./requests";

const LINK_SENT = "If an account uses that address, we have sent it a sign-in link. It works once, within 15 minutes.";
const INVALID_LINK = "This sign-in link is invalid or has expired.";
const TOO_MANY = "Too many login attempts. Please try again later.";

/** Wrong passwords at `email`, each from an address of its own, as a spread-out attacker sends them. */
async function wrongPasswordsFromManyAddresses(email: string, count: number, path = "/login") {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await post(path, { email, password: `Wrong-${index}-Pw!` })).status);
  return statuses;
}

async function signInLinkMails(address: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), eq(outbox.kind, "sign-in-link")))
    .orderBy(desc(outbox.createdAt));
}

/** The path and query of the latest sign-in link mailed to `address`. */
async function latestLink(address: string): Promise<string> {
  const [mail] = await signInLinkMails(address);
  const link = /https:\/\/parcel\.test(\/auth\/sign-in-link\?token=[A-Za-z0-9_%-]+)/.exec(mail?.body ?? "")?.[1];
  expect(link, `a sign-in link mailed to ${address}`).toBeDefined();
  return link!;
}

const tokenOf = (link: string) => decodeURIComponent(new URL(link, "https://parcel.test").searchParams.get("token")!);

function useLink(link: string, headers: Record<string, string> = {}) {
  return post("/auth/sign-in-link", { intent: "use", token: tokenOf(link) }, headers);
}

describe("an account on hold", () => {
  it("is held for new devices after wrong passwords from many addresses, and both sign-in pages then offer a sign-in link", async () => {
    const owner = await createUser();
    const statuses = await wrongPasswordsFromManyAddresses(owner.email, 11);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);

    const held = await post("/login", { email: owner.email, password: owner.password });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(sessionSetCookie(held)).toBeUndefined();
    const html = await pageText(held);
    expect(html).toContain(TOO_MANY);
    expect(html).toContain("Sign in with a link instead");
    expect(html).toMatch(/<form method="post" action="\/auth\/sign-in-link"/);
    expect(html).toContain(`<input type="hidden" name="email" value="${owner.email}"/>`);
    expect(html).toContain("Email Me a Sign-In Link");

    const admin = await createUser({ role: "admin" });
    await wrongPasswordsFromManyAddresses(admin.email, 11, "/admin/login");
    const adminHeld = await post("/admin/login", { email: admin.email, password: admin.password });
    expect(adminHeld.status).toBe(429);
    expect(await pageText(adminHeld)).toContain("Email Me a Sign-In Link");
    // An ordinary refusal offers nothing.
    expect(await pageText(await post("/login", { email: (await createUser()).email, password: "Wrong-Pw-1!" }))).not.toContain("Email Me a Sign-In Link");
  }, 90_000);

  it("never holds a right password from a device that signed in before", async () => {
    const owner = await createUser();
    const device = deviceFrom(await post("/login", { email: owner.email, password: owner.password }));
    await wrongPasswordsFromManyAddresses(owner.email, 14);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post("/login", { email: owner.email, password: owner.password }, { Cookie: device })).status).toBe(302);
    }
  }, 90_000);
});

describe("sign-in links", () => {
  it("mails a link through the outbox, answering the same whether or not an account uses the address", async () => {
    const owner = await createUser();
    const asked = await post("/auth/sign-in-link", { intent: "request", email: ` ${owner.email.toUpperCase()} ` });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/auth/sign-in-link?sent=1");
    const [mail] = await signInLinkMails(owner.email);
    expect(mail!.subject).toBe("Your SwiftParcel sign-in link");
    expect(mail!.body).toContain("within 15 minutes");
    // Only the token's hash is stored.
    const token = tokenOf(await latestLink(owner.email));
    expect(await db.$count(passwordResetTokens, eq(passwordResetTokens.tokenHash, token))).toBe(0);
    expect(await db.$count(passwordResetTokens, and(eq(passwordResetTokens.tokenHash, await hashToken(token)), eq(passwordResetTokens.purpose, "sign-in")))).toBe(1);

    const unknown = await post("/auth/sign-in-link", { intent: "request", email: "nobody-here@example.com" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe(asked.headers.get("Location"));
    expect(await signInLinkMails("nobody-here@example.com")).toEqual([]);
    expect(await pageText(await get("/auth/sign-in-link?sent=1"))).toContain("If an account uses that address, a sign-in link is on its way.");
    const toast = asked.headers.getSetCookie().find((value) => value.startsWith("__Host-toast="))!.split(";")[0]!;
    expect(await pageText(await get("/auth/sign-in-link?sent=1", { Cookie: toast }))).toContain(LINK_SENT);
  });

  it("signs in once: a new session in place of the browser's, a device cookie, and the dashboard; the second use is refused", async () => {
    const owner = await createUser();
    await wrongPasswordsFromManyAddresses(owner.email, 11);
    await post("/auth/sign-in-link", { intent: "request", email: owner.email });
    const link = await latestLink(owner.email);

    // Opening the link (as a mail scanner would) uses nothing up: only the page's button does.
    const page = await pageText(await get(link));
    expect(page).toContain(">Sign In</button>");
    expect(page).toContain('name="intent" value="use"');

    const earlier = await signedInCookie((await createUser()).id);
    const signedIn = await useLink(link, { Cookie: earlier });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
    const session = sessionFrom(signedIn);
    expect(session).not.toBe(earlier);
    // Rotated: the session the browser came with is gone.
    expect(await db.$count(sessions, eq(sessions.idHash, (await requestSessionHash(new Request("https://parcel.test", { headers: { Cookie: earlier } })))!))).toBe(0);
    expect((await get("/dashboard", { Cookie: session })).status).toBe(200);
    // This browser is now a known device: its right password gets in while the hold lasts.
    const device = deviceFrom(signedIn);
    expect((await post("/login", { email: owner.email, password: owner.password })).status).toBe(429);
    expect((await post("/login", { email: owner.email, password: owner.password }, { Cookie: device })).status).toBe(302);

    const again = await useLink(link);
    expect(again.status).toBe(400);
    expect(await pageText(again)).toContain(INVALID_LINK);
    expect(sessionSetCookie(again)).toBeUndefined();
    expect((await get(link)).status).toBe(400);
  }, 90_000);

  it("takes an admin to the admin dashboard", async () => {
    const admin = await createUser({ role: "admin" });
    await post("/auth/sign-in-link", { intent: "request", email: admin.email });
    const signedIn = await useLink(await latestLink(admin.email));
    expect(signedIn.headers.get("Location")).toBe("/admin/dashboard");
    expect((await get("/admin/dashboard", { Cookie: sessionFrom(signedIn) })).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const owner = await createUser();
    const context = serviceContext();
    await requestSignInLink(context, { email: owner.email, clientAddress: newClientAddress(), now: Date.now() - SIGN_IN_LINK_LIFETIME_MS - 1 });
    const link = await latestLink(owner.email);
    expect((await get(link)).status).toBe(400);
    const refused = await useLink(link);
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(INVALID_LINK);
    expect(sessionSetCookie(refused)).toBeUndefined();
  });

  it("is revoked by a change of password, and a reset link never signs in (nor a sign-in link resets)", async () => {
    const owner = await createUser();
    const cookie = await signedInCookie(owner.id);
    await post("/auth/sign-in-link", { intent: "request", email: owner.email });
    const link = await latestLink(owner.email);
    const changed = await post(
      "/profile?tab=security",
      { intent: "password", currentPassword: owner.password, newPassword: "Harbour77!", confirmNewPassword: "Harbour77!" },
      { Cookie: cookie },
    );
    expect(changed.status).toBe(302);
    const refused = await useLink(link);
    expect(refused.status).toBe(400);
    expect(sessionSetCookie(refused)).toBeUndefined();

    await post("/auth/sign-in-link", { intent: "request", email: owner.email });
    const fresh = await latestLink(owner.email);
    expect((await get(`/auth/reset-password?token=${encodeURIComponent(tokenOf(fresh))}`)).status).toBe(400);
    await post("/auth/forgot-password", { email: owner.email });
    const reset = /token=([A-Za-z0-9_%-]+)/.exec((await db.select().from(outbox).where(and(eq(outbox.toAddress, owner.email), eq(outbox.kind, "password-reset"))).get())!.body)![1]!;
    expect((await post("/auth/sign-in-link", { intent: "use", token: decodeURIComponent(reset) })).status).toBe(400);
    expect((await useLink(fresh)).status).toBe(302);
  });

  it("mails at most three links an hour to one address, then answers 429 with the wait", async () => {
    const owner = await createUser();
    for (let index = 0; index < 3; index += 1) expect((await post("/auth/sign-in-link", { intent: "request", email: owner.email })).status).toBe(302);
    const limited = await post("/auth/sign-in-link", { intent: "request", email: owner.email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pageText(limited)).toContain("Too many sign-in links have been asked for. Please try again in");
    expect(await signInLinkMails(owner.email)).toHaveLength(3);
  });

  it("answers bad input with 400 and a message, changing nothing", async () => {
    const before = await db.$count(outbox);
    const cases: Record<string, string>[] = [{}, { intent: "request", email: "" }, { intent: "request", email: "not-an-address" }, { intent: "use" }, { intent: "use", token: "x".repeat(5000) }, { intent: "bogus" }];
    for (const fields of cases) {
      const response = await post("/auth/sign-in-link", fields);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect(await pageText(await post("/auth/sign-in-link", { intent: "request", email: "" }))).toContain("Email is required");
    expect(await pageText(await post("/auth/sign-in-link", { intent: "use", token: "made-up" }))).toContain(INVALID_LINK);
    expect((await get("/auth/sign-in-link?token=made-up")).status).toBe(400);
    expect(await db.$count(outbox)).toBe(before);
  });
});

describe("how the hold ends (decision 078)", () => {
  it("ends a fixed hour after it began, however many attempts come during it, and a new one needs a whole new set of failures", async () => {
    const context = serviceContext();
    const owner = await createUser();
    const attempt = (now: number, password = "Wrong123!") =>
      signIn(context, { email: owner.email, password, client: { address: newClientAddress(), session: null, devices: [] }, now });
    const start = Date.now();
    for (let failure = 0; failure < 10; failure += 1) expect(await attempt(start)).toMatchObject({ ok: false, reason: "unauthorized" });

    // Attempts during the hold, wrong or right, are refused uncounted: the wait only shrinks.
    const waits: number[] = [];
    for (const after of [0, 10, 30, 59].map((minutes) => minutes * 60_000)) {
      const refusal = await attempt(start + after);
      expect(refusal).toMatchObject({ ok: false, reason: "rate-limited", message: TOO_MANY });
      waits.push((refusal as { retryAfterSeconds: number }).retryAfterSeconds);
      expect(await attempt(start + after, owner.password)).toMatchObject({ reason: "rate-limited" });
    }
    expect(waits).toEqual([3600, 3000, 1800, 60]);

    // Once the hour is over the lane starts over: a wrong password is only a wrong password,
    const over = start + ACCOUNT_HOLD_MS;
    expect(await attempt(over)).toMatchObject({ reason: "unauthorized" });
    expect(await attempt(over, owner.password)).toMatchObject({ ok: true, userId: owner.id });
    // and holding the account again takes ten more failures.
    for (let failure = 0; failure < 9; failure += 1) expect(await attempt(over + 1)).toMatchObject({ reason: "unauthorized" });
    expect(await attempt(over + 1)).toMatchObject({ reason: "rate-limited", retryAfterSeconds: 3600 });
  }, 90_000);
});
