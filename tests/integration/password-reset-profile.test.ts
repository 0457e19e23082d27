// Forgotten passwords through the outbox and the admin mailbox, and the profile's forms.
import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, passwordResetTokens, sessions, users } from "../../drizzle/schema";
import { verifyPassword } from "~/features/accounts/password.server";
import { hashToken } from "~/features/accounts/session.server";
import { createUser, db, signedInCookie } from "./fixtures";
import { BASE, get, newClientAddress, post, sessionFrom, sessionSetCookie } from "./requests";

const NEW_PASSWORD = "Harbour77!";

async function resetMails(email: string) {
  return db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, "password-reset"))).all();
}

function linkIn(body: string): string {
  const link = /https:\/\/parcel\.test(\/auth\/reset-password\?token=[\w%-]+)/.exec(body)?.[1];
  if (!link) throw new Error(`No reset link in: ${body}`);
  return link;
}

function tokenOf(link: string): string {
  return new URL(link, "https://parcel.test").searchParams.get("token")!;
}

async function passwordIs(userId: string, password: string) {
  const row = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return verifyPassword(password, row!.hash);
}

describe("forgotten password", () => {
  it("answers the same for an unknown address and mails a link only to an account", async () => {
    const user = await createUser();
    const known = await post("/auth/forgot-password", { email: ` ${user.email.toUpperCase()} ` });
    const unknown = await post("/auth/forgot-password", { email: "no-account@example.com" });
    for (const response of [known, unknown]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth/forgot-password?sent=1");
    }
    expect(await resetMails(user.email)).toHaveLength(1);
    expect(await resetMails("no-account@example.com")).toHaveLength(0);

    const toast = known.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    const sent = await get("/auth/forgot-password?sent=1", { Cookie: toast });
    const html = await sent.text();
    expect(html).toContain("Password reset email sent!");
    expect(html).toContain("Check your inbox");
  });

  it("drops a submission whose honeypot is filled", async () => {
    const user = await createUser();
    const response = await post("/auth/forgot-password", { email: user.email, website: "spam" });
    expect(response.headers.get("Location")).toBe("/auth/forgot-password?sent=1");
    expect(await resetMails(user.email)).toHaveLength(0);
  });

  it("rejects a blank or malformed address with 400", async () => {
    const response = await post("/auth/forgot-password", { email: "nope" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid email address");
  });

  it("builds the link on the configured public origin, whatever Host the request names", async () => {
    const user = await createUser();
    const poisoned = await SELF.fetch("https://attacker.example/auth/forgot-password", {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ email: user.email }),
      headers: { Origin: "https://attacker.example", Host: "attacker.example", "X-Forwarded-Host": "attacker.example", "CF-Connecting-IP": newClientAddress() },
    });
    expect(poisoned.status).toBe(302);
    const [mail] = await resetMails(user.email);
    expect(mail!.body).not.toContain("attacker.example");
    expect(mail!.body).toContain(`${BASE}/auth/reset-password?token=`);
  });

  it("mails at most three links an hour for one address, whoever asks", async () => {
    const user = await createUser();
    for (let request = 0; request < 3; request += 1) {
      expect((await post("/auth/forgot-password", { email: user.email })).status).toBe(302);
    }
    const refused = await post("/auth/forgot-password", { email: user.email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many reset links have been asked for\. Please try again in \d+ (minutes?|hour)\./);
    expect(await resetMails(user.email)).toHaveLength(3);
  });

  it("shows the mail in the admin mailbox with the link's token hidden", async () => {
    const user = await createUser();
    const admin = await createUser({ role: "admin" });
    await post("/auth/forgot-password", { email: user.email });
    const [mail] = await resetMails(user.email);
    const token = tokenOf(linkIn(mail!.body));
    const adminCookie = await signedInCookie(admin.id);
    for (const path of [`/admin/mailbox/${mail!.id}`, `/admin/mailbox/${mail!.id}.data`]) {
      const opened = await (await get(path, { Cookie: adminCookie })).text();
      expect(opened, path).toContain("Reset your SwiftParcel password");
      expect(opened, path).not.toContain(token);
      expect(opened, path).not.toContain(encodeURIComponent(token));
      expect(opened, path).toContain(`${BASE}/auth/reset-password?token=[hidden]`);
    }
    // The hidden link is text, not a link to a page that would only say it is invalid.
    expect(await (await get(`/admin/mailbox/${mail!.id}`, { Cookie: adminCookie })).text()).not.toContain('href="https://parcel.test/auth/reset-password');
  });

  it("lists the mail for admins; the link sets a new password once, signs in and ends other sessions", async () => {
    const user = await createUser();
    const admin = await createUser({ role: "admin" });
    const elsewhere = await signedInCookie(user.id);
    await post("/auth/forgot-password", { email: user.email });
    const [mail] = await resetMails(user.email);

    const adminCookie = await signedInCookie(admin.id);
    const list = await (await get(`/admin/mailbox?search=${encodeURIComponent(user.email)}`, { Cookie: adminCookie })).text();
    expect(list).toContain(`/admin/mailbox/${mail!.id}`);
    expect(list).toContain("Reset your SwiftParcel password");
    // The recipient reads the link in the mail itself.
    const link = linkIn(mail!.body);

    const form = await get(link);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Choose a New Password");

    // Where the page's form posts: its own address, the link's token included.
    const weak = await post(`/auth/reset-password?token=${encodeURIComponent(tokenOf(link))}`, { token: tokenOf(link), password: "short", confirmPassword: "short" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password is too weak. Please meet at least 3 requirements.");

    const reset = await post("/auth/reset-password", { token: tokenOf(link), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionFrom(reset);
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    expect((await get("/profile", { Cookie: cookie })).status).toBe(200);
    expect((await get("/profile", { Cookie: elsewhere })).status).toBe(302);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const again = await post("/auth/reset-password", { token: tokenOf(link), password: "Another88!", confirmPassword: "Another88!" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This reset link is invalid or has expired.");
    expect(sessionSetCookie(again)).toBeUndefined();
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    expect((await get(link)).status).toBe(400);
  });

  it("refuses an expired link and changes nothing", async () => {
    const user = await createUser();
    const token = "expired-token-for-the-test";
    await db.insert(passwordResetTokens).values({
      tokenHash: await hashToken(token),
      userId: user.id,
      expiresAt: Date.now() - 1000,
      createdAt: Date.now() - 3_601_000,
    });
    expect((await get(`/auth/reset-password?token=${token}`)).status).toBe(400);
    const response = await post("/auth/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(sessionSetCookie(response)).toBeUndefined();
    expect(await passwordIs(user.id, user.password)).toBe(true);
  });
});

describe("profile", () => {
  it("saves the details, requires a name, and never changes the e-mail address", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    expect(await (await get("/profile?tab=profile&edit=1", { Cookie: cookie })).text()).toContain("Edit personal information");

    const blank = await post("/profile?tab=profile&edit=1", { intent: "profile", firstName: "  ", lastName: "Lee" }, { Cookie: cookie });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Name is required");

    const saved = await post(
      "/profile?tab=profile&edit=1",
      { intent: "profile", firstName: " Robin ", lastName: "Lee", phone: "+1 415 555 0100", city: "Oakland", country: "US", email: "hijack@example.com" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile?tab=profile");
    const row = await db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row).toMatchObject({ firstName: "Robin", lastName: "Lee", phone: "+1 415 555 0100", city: "Oakland", country: "US", email: user.email });
  });

  it("changes the password only with the current one, by the rules, and ends every other session", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const other = await signedInCookie(user.id);
    const change = (fields: Record<string, string>) => post("/profile?tab=security", { intent: "password", ...fields }, { Cookie: cookie });

    const mismatch = await change({ currentPassword: user.password, newPassword: NEW_PASSWORD, confirmNewPassword: "Harbour77?" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("New passwords do not match");

    const short = await change({ currentPassword: user.password, newPassword: "Ab1!", confirmNewPassword: "Ab1!" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 6 characters");

    const weak = await change({ currentPassword: user.password, newPassword: "abcdefgh", confirmNewPassword: "abcdefgh" });
    expect(await weak.text()).toContain("Password is too weak. Please meet at least 3 requirements.");

    const wrongCurrent = await change({ currentPassword: "Nope1234!", newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    expect(wrongCurrent.status).toBe(400);
    expect(await wrongCurrent.text()).toContain("Current password is incorrect");
    expect(await passwordIs(user.id, user.password)).toBe(true);

    const changed = await change({ currentPassword: user.password, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/profile?tab=security");
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    expect((await get("/profile", { Cookie: cookie })).status).toBe(200);
    expect((await get("/profile", { Cookie: other })).status).toBe(302);
  });

  it("uses up every reset link still open when the password is changed", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    await post("/auth/forgot-password", { email: user.email });
    const link = linkIn((await resetMails(user.email))[0]!.body);
    expect((await get(link)).status).toBe(200);

    const changed = await post(
      "/profile?tab=security",
      { intent: "password", currentPassword: user.password, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      { Cookie: cookie },
    );
    expect(changed.status).toBe(302);
    expect((await get(link)).status).toBe(400);
    const reset = await post("/auth/reset-password", { token: tokenOf(link), password: "Another88!", confirmPassword: "Another88!" });
    expect(reset.status).toBe(400);
    expect(sessionSetCookie(reset)).toBeUndefined();
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
  });

  it("stores notification preferences; an unticked box is off", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const response = await post("/profile?tab=notifications", { intent: "notifications", smsNotifications: "on", marketingEmails: "on" }, { Cookie: cookie });
    expect(response.headers.get("Location")).toBe("/profile?tab=notifications");
    const row = await db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row).toMatchObject({ emailNotifications: false, smsNotifications: true, pushNotifications: false, marketingEmails: true });
    const html = await (await get("/profile?tab=notifications", { Cookie: cookie })).text();
    expect(html).toMatch(/name="smsNotifications"[^>]*checked|checked[^>]*name="smsNotifications"/);
  });

  it("saves the language preference: the next pages are in it, and the browser keeps it after signing out", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const english = await (await get("/profile", { Cookie: cookie })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toMatch(/<label[^>]*>Language<\/label>/);

    const unknown = await post("/profile?tab=profile", { intent: "language", language: "de" }, { Cookie: cookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Please choose a language from the list");
    expect((await db.select().from(users).where(eq(users.id, user.id)).get())!.language).toBeNull();

    const saved = await post("/profile?tab=profile", { intent: "language", language: "es" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile?tab=profile");
    expect((await db.select().from(users).where(eq(users.id, user.id)).get())!.language).toBe("es");
    const languageCookie = saved.headers.getSetCookie().find((value) => value.startsWith("lng="))!;
    expect(languageCookie).toBeDefined();
    const toast = saved.headers.getSetCookie().find((value) => value.startsWith("__Host-toast="))!.split(";")[0];
    const next = await (await get("/profile?tab=profile", { Cookie: `${cookie}; ${toast}` })).text();
    expect(next).toContain('<html lang="es"');
    expect(next).toContain("¡Preferencia de idioma guardada!");
    expect(next).toContain("Datos personales");
    expect(next).toMatch(/<option[^>]*value="es"[^>]*selected|<option[^>]*selected[^>]*value="es"/);

    // Signed out, this browser keeps the choice (its cookie), whatever the browser's own language.
    const signedOut = await (await get("/login", { Cookie: languageCookie.split(";")[0]!, "Accept-Language": "fr" })).text();
    expect(signedOut).toContain('<html lang="es"');
    expect(signedOut).toContain("Iniciar sesión");
  });

  it("records a deletion request that admins see, and tells support once", async () => {
    const user = await createUser();
    const bystander = await createUser();
    const admin = await createUser({ role: "admin" });
    const cookie = await signedInCookie(user.id);
    const first = await post("/profile?tab=privacy", { intent: "request-deletion" }, { Cookie: cookie });
    expect(first.headers.get("Location")).toBe("/profile?tab=privacy");
    await post("/profile?tab=privacy", { intent: "request-deletion" }, { Cookie: cookie });
    const row = await db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row!.deletionRequestedAt).toBeGreaterThan(0);
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "deletion-request")).all();
    expect(mails.filter((mail) => mail.body.includes(user.email))).toHaveLength(1);

    const list = await (await get("/admin/users?deletion=requested", { Cookie: await signedInCookie(admin.id) })).text();
    expect(list).toContain(user.email);
    expect(list).toContain("Deletion requested");
    expect(list).not.toContain(bystander.email);
  });
});

describe("admin lists", () => {
  // Thirteen accounts, each with a real scrypt hash: slow on a busy machine.
  it("show the last page when asked for a page past the end", { timeout: 30_000 }, async () => {
    const admin = await createUser({ role: "admin" });
    for (let index = 0; index < 12; index += 1) await createUser({ lastName: `Paged${index}` });
    const cookie = await signedInCookie(admin.id);
    const total = (await db.select().from(users).all()).length;
    const lastPage = Math.ceil(total / 10);
    const html = await (await get("/admin/users?page=99", { Cookie: cookie })).text();
    expect(html.replaceAll("<!-- -->", "")).toContain(`Page ${lastPage} of ${lastPage}`);
    expect(html).toMatch(/<tbody[^>]*><tr[ >]/);
  });
});
