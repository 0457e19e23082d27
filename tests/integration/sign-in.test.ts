// Registration, both sign-in portals, sign-out and the guards, through the real worker and D1.
import { eq } from "drizzle-orm";
import { createCookie } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/features/accounts/demo-accounts.server";
import { DEVICE_COOKIE } from "~/features/accounts/device-cookie.server";
import { outbox, sessions, users } from "../../drizzle/schema";
import { hashToken, REMEMBERED_SESSION_MS, requestSessionHash } from "~/features/accounts/session.server";
import { signIn } from "~/features/accounts/sign-in.server";
import { authenticateSignIn, SignInRefusal, signInAuthenticator } from "~/features/accounts/authenticator.server";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { BASE, deviceFrom, get, newClientAddress, pageText, post, sessionFrom, sessionSetCookie } from "./requests";

const STRONG = "Parcel42!";

function registration(overrides: Record<string, string> = {}) {
  return {
    firstName: "  Maya ",
    lastName: " Okafor ",
    email: `  Maya.Okafor.${crypto.randomUUID().slice(0, 6)}@Example.COM `,
    phone: "+44 20 7946 0958",
    password: STRONG,
    confirmPassword: STRONG,
    terms: "on",
    ...overrides,
  };
}

/** The page a redirect leads to, fetched with the cookies the redirect set (the toast among them). */
async function follow(response: Response, cookie = "") {
  const cookies = response.headers.getSetCookie().map((value) => value.split(";")[0]!);
  return get(response.headers.get("Location")!, { Cookie: [cookie, ...cookies].filter(Boolean).join("; ") });
}

async function sessionCount(userId: string) {
  return (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe("registration", () => {
  it("answers every rule of the form with 400, keeps what was typed except the passwords, and creates nothing", async () => {
    const empty = await post("/register", {});
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Phone number is required",
      "Password is required",
      "Please confirm your password",
      "You must agree to the terms and conditions",
    ]) {
      expect(emptyHtml).toContain(message);
    }

    const bad = await post(
      "/register",
      registration({ firstName: " M ", email: "not-an-email", phone: "0123", password: "weakpass", confirmPassword: "different", terms: "" }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("First name must be at least 2 characters");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Please enter a valid phone number");
    expect(html).toContain("Password is too weak. Please meet at least 3 requirements.");
    expect(html).toContain('value=" Okafor "');
    expect(html).not.toContain("weakpass");
    expect(html).toContain("Password strength: <strong>Fair</strong>");

    const mismatch = await post("/register", registration({ confirmPassword: "Parcel42?" }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    expect(await db.select().from(users).where(eq(users.email, "not-an-email"))).toHaveLength(0);
  });

  it("shows every fault in one answer, the mismatched passwords included while the terms box is unticked", async () => {
    const { terms: _terms, ...unticked } = registration({ firstName: "M", phone: "abc", confirmPassword: "Parcel42?" });
    const response = await post("/register", unticked);
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const [field, message] of [
      ["firstName", "First name must be at least 2 characters"],
      ["phone", "Please enter a valid phone number"],
      ["confirmPassword", "Passwords do not match"],
      ["terms", "You must agree to the terms and conditions"],
    ]) {
      expect(html, field).toMatch(new RegExp(`id="register-${field}-error"[^>]*><li[^>]*>${message}</li>`));
    }
  });

  it("creates a customer (never an admin), trimmed and lower-cased, signs them in and welcomes them", async () => {
    const form = registration({ role: "admin" });
    const response = await post("/register", form);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const email = form.email.trim().toLowerCase();
    const row = await db.select().from(users).where(eq(users.email, email)).get();
    expect(row).toMatchObject({ firstName: "Maya", lastName: "Okafor", phone: "+44 20 7946 0958", role: "user", status: "active" });
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await sessionCount(row!.id)).toBe(1);

    const welcome = await db.select().from(outbox).where(eq(outbox.toAddress, email)).all();
    expect(welcome.map((mail) => mail.kind)).toEqual(["welcome"]);

    const next = await follow(response, sessionFrom(response));
    expect(await next.text()).toContain("Account created successfully!");

    // The language the registration page was in becomes the account's preference.
    expect(row!.language).toBe("en");
    const french = registration();
    expect((await post("/register?lng=fr", french)).status).toBe(302);
    expect((await db.select().from(users).where(eq(users.email, french.email.trim().toLowerCase())).get())!.language).toBe("fr");
  });

  it("keeps the plan chosen on /pricing: the link names it, the form shows it chosen, the account stores it and the profile says it", async () => {
    const page = await pageText(await get("/register?plan=basic&billing=yearly"));
    expect(page).toMatch(/<option value="basic-yearly" selected="">Basic, billed yearly: \$290 a year \(\$24 a month\)<\/option>/);
    expect(page).toContain('<label for="register-plan" class="label">Plan</label>');
    // Without a plan in the link, none is chosen: the customer pays per shipment.
    const plain = await pageText(await get("/register"));
    expect(plain).toContain('<option value="">No plan: pay per shipment</option>');
    expect(plain.slice(plain.indexOf(`id="register-plan"`))).not.toMatch(/<option value="[a-z-]+" selected=""/);

    const form = registration({ plan: "basic-yearly" });
    const response = await post("/register", form);
    expect(response.status).toBe(302);
    const row = await db.select().from(users).where(eq(users.email, form.email.trim().toLowerCase())).get();
    expect(row).toMatchObject({ plan: "basic", planBilling: "yearly" });
    const profile = await pageText(await get("/profile", { Cookie: sessionFrom(response) }));
    expect(profile).toContain("Basic, billed yearly: $290 a year ($24 a month)");

    const none = registration();
    const withoutPlan = await post("/register", none);
    expect(await db.select({ plan: users.plan, planBilling: users.planBilling }).from(users).where(eq(users.email, none.email.trim().toLowerCase())).get()).toEqual({ plan: null, planBilling: null });
    expect(await pageText(await get("/profile", { Cookie: sessionFrom(withoutPlan) }))).toContain("No plan: pay per shipment");
  });

  it("refuses a plan that is not on the list, with the other faults, creating nothing", async () => {
    const form = registration({ plan: "gold-weekly", terms: "" });
    const response = await post("/register", form);
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain("Please choose a plan from the list");
    expect(html).toContain("You must agree to the terms and conditions");
    expect(await db.select().from(users).where(eq(users.email, form.email.trim().toLowerCase())).get()).toBeUndefined();
  });

  it("refuses a second account for the same address with 409 on the e-mail field", async () => {
    const form = registration();
    expect((await post("/register", form)).status).toBe(302);
    const again = await post("/register", registration({ email: form.email.toUpperCase() }));
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain("An account with this email already exists");
    expect(html).toMatch(/aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/);
    expect(sessionSetCookie(again)).toBeUndefined();
  });

  it("creates at most five accounts an hour from one client address, then answers 429 with the wait", async () => {
    const address = newClientAddress();
    for (let account = 0; account < 5; account += 1) {
      expect((await post("/register", registration(), { "CF-Connecting-IP": address })).status).toBe(302);
    }
    const form = registration();
    const refused = await post("/register", form, { "CF-Connecting-IP": address });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await refused.text()).toMatch(/Too many accounts have been created from this connection\. Please try again in \d+ (minutes?|hour)\./);
    expect(await db.select().from(users).where(eq(users.email, form.email.trim().toLowerCase()))).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.toAddress, form.email.trim().toLowerCase()))).toHaveLength(0);
  }, 60_000);

  it("drops a submission whose honeypot is filled", async () => {
    const form = registration({ website: "https://spam.example" });
    const response = await post("/register", form);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/register");
    expect(sessionSetCookie(response)).toBeUndefined();
    expect(await db.select().from(users).where(eq(users.email, form.email.trim().toLowerCase()))).toHaveLength(0);
  });

  it("sends signed-in people on to their dashboard", async () => {
    const user = await createUser();
    const response = await get("/register", { Cookie: await signedInCookie(user.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("customer sign-in", () => {
  it("gives the same 401 for an unknown address and a wrong password", async () => {
    const user = await createUser();
    const unknownEmail = "nobody-here@example.com";
    const unknown = await post("/login", { email: unknownEmail, password: "Whatever1!" });
    const wrong = await post("/login", { email: user.email, password: "Whatever1!" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // Only the echoed address and the per-response nonce may differ.
    const normalise = (html: string, email: string) => html.replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, "");
    const [unknownHtml, wrongHtml] = [normalise(await unknown.text(), unknownEmail), normalise(await wrong.text(), user.email)];
    expect(unknownHtml).toContain("Invalid email or password");
    expect(unknownHtml).toBe(wrongHtml);
    expect(unknownHtml).not.toContain("Whatever1!");
    expect(sessionSetCookie(wrong)).toBeUndefined();
  });

  it("checks the rules before anything else", async () => {
    const response = await post("/login", { email: "", password: "abc" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Email is required");
    expect(html).toContain("Password must be at least 6 characters");
  });

  it("answers the rules in the reader's language, every field's message at once", async () => {
    const spanish = await post("/login", {}, { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(spanish.status).toBe(400);
    const spanishText = await pageText(spanish);
    expect(spanishText).toContain("El correo electrónico es obligatorio");
    expect(spanishText).toContain("La contraseña es obligatoria");
    expect(spanishText).toContain("Iniciar sesión");
    expect(spanishText).not.toContain("is required");

    const french = await post("/login", { email: "", password: "abc" }, { "Accept-Language": "fr" });
    expect(french.status).toBe(400);
    const frenchText = await pageText(french);
    expect(frenchText).toContain('<html lang="fr"');
    expect(frenchText).toContain("L'e-mail est obligatoire");
    expect(frenchText).toContain("Le mot de passe doit contenir au moins 6 caractères");
    expect(frenchText).not.toContain("Email is required");
  });

  it("answers 429 with Retry-After once an address has used its attempts, even with the right password", async () => {
    const user = await createUser();
    const address = newClientAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await post("/login", { email: `someone${attempt}@example.com`, password: "Wrong123!" }, { "CF-Connecting-IP": address });
      expect(response.status).toBe(401);
    }
    const blocked = await post("/login", { email: user.email, password: user.password }, { "CF-Connecting-IP": address });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many login attempts. Please try again later.");
    expect(sessionSetCookie(blocked)).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
  }, 60_000);

  it("limits attempts at one account from many addresses too", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post("/login", { email: user.email, password: "Wrong123!" })).status).toBe(401);
    }
    const blocked = await post("/login", { email: user.email.toUpperCase(), password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBeTruthy();
  }, 60_000);

  it("rotates the session: the one the browser came with is deleted and a new token handed out", async () => {
    const user = await createUser();
    const planted = await signedInCookie(user.id);
    const response = await post("/login", { email: user.email, password: user.password }, { Cookie: planted });
    expect(response.status).toBe(302);
    const fresh = sessionFrom(response);
    expect(fresh).not.toBe(planted);
    const plantedHash = await requestSessionHash(new Request(BASE, { headers: { Cookie: planted } }));
    expect(plantedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.select().from(sessions).where(eq(sessions.idHash, plantedHash!))).toHaveLength(0);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await get("/profile", { Cookie: planted })).status).toBe(302);
    expect((await get("/profile", { Cookie: fresh })).status).toBe(200);
  });

  it("sets a secure cookie that ends with the browser, or lasts 30 days with remember me", async () => {
    const user = await createUser();
    const short = sessionSetCookie(await post("/login", { email: user.email, password: user.password }))!;
    expect(short).toMatch(/HttpOnly/);
    expect(short).toMatch(/Secure/);
    expect(short).toMatch(/SameSite=Lax/);
    expect(short).not.toMatch(/Max-Age/);

    const long = sessionSetCookie(await post("/login", { email: user.email, password: user.password, remember: "on" }))!;
    expect(long).toContain(`Max-Age=${REMEMBERED_SESSION_MS / 1000}`);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.persistent).sort()).toEqual([false, true]);
    const remembered = rows.find((row) => row.persistent)!;
    expect(remembered.expiresAt - Date.now()).toBeGreaterThan(REMEMBERED_SESSION_MS - 60_000);
  });

  it("lands on the page first asked for, on this site only, else the dashboard", async () => {
    const user = await createUser();
    const signIn = async (redirectTo: string) =>
      (await post(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, { email: user.email, password: user.password, redirectTo })).headers.get(
        "Location",
      );
    expect(await signIn("/profile?tab=security")).toBe("/profile?tab=security");
    expect(await signIn("https://evil.test/phish")).toBe("/dashboard");
    expect(await signIn("//evil.test/phish")).toBe("/dashboard");
    expect(await signIn("")).toBe("/dashboard");

    const welcome = await post("/login", { email: user.email, password: user.password });
    expect(await (await follow(welcome, sessionFrom(welcome))).text()).toContain("Welcome back!");
  });

  it("sends signed-in people away from the sign-in page at once", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    expect((await get("/login", { Cookie: cookie })).headers.get("Location")).toBe("/dashboard");
    expect((await get("/login?redirectTo=%2Fprofile", { Cookie: cookie })).headers.get("Location")).toBe("/profile");
  });

  it("ignores a filled honeypot, even with the right password", async () => {
    const user = await createUser();
    const response = await post("/login", { email: user.email, password: user.password, website: "x" });
    expect(response.headers.get("Location")).toBe("/login");
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it("refuses a suspended account", async () => {
    const user = await createUser({ status: "suspended" });
    const response = await post("/login", { email: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(sessionSetCookie(response)).toBeUndefined();
  });
});

describe("sign-in lanes: device cookies and growing delays", () => {
  async function wrongPasswords(email: string, count: number, path = "/login", headers: Record<string, string> = {}) {
    const responses: Response[] = [];
    for (let index = 0; index < count; index += 1) responses.push(await post(path, { email, password: `Wrong-${index}-Pw!` }, headers));
    return responses;
  }

  it("hands out a signed device cookie for a year at sign-in", async () => {
    const user = await createUser();
    const response = await post("/login", { email: user.email, password: user.password });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-device="))!;
    for (const attribute of ["Path=/", "HttpOnly", "Secure", "SameSite=Lax", `Max-Age=${365 * 86_400}`]) expect(cookie).toContain(attribute);
    expect(cookie).not.toContain(user.email);
    expect(cookie).not.toContain("Domain");
  });

  it("lets the owner in from a device that signed in before, whatever failures come from elsewhere; others wait", async () => {
    const owner = await createUser();
    const device = deviceFrom(await post("/login", { email: owner.email, password: owner.password }));
    // Every attempt of the attacker's comes from an address of its own.
    const attacks = await wrongPasswords(owner.email, 12);
    expect(attacks.every((response) => [401, 429].includes(response.status))).toBe(true);

    const elsewhere = await post("/login", { email: owner.email, password: owner.password });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await elsewhere.text()).toContain("Too many login attempts. Please try again later.");
    expect(sessionSetCookie(elsewhere)).toBeUndefined();

    const known = await post("/login", { email: owner.email, password: owner.password }, { Cookie: device });
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe("/dashboard");
    expect((await get("/profile", { Cookie: sessionFrom(known) })).status).toBe(200);
  }, 60_000);

  it("lets an admin in from their device too while their account is under attack", async () => {
    const admin = await createUser({ role: "admin" });
    const device = deviceFrom(await post("/admin/login", { email: admin.email, password: admin.password }));
    await wrongPasswords(admin.email, 12, "/admin/login");
    expect((await post("/admin/login", { email: admin.email, password: admin.password })).status).toBe(429);
    const known = await post("/admin/login", { email: admin.email, password: admin.password }, { Cookie: device });
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe("/admin");
  }, 60_000);

  it("ignores a device cookie that it did not sign, or that names another account", async () => {
    const owner = await createUser();
    const someoneElse = await createUser();
    const othersDevice = deviceFrom(await post("/login", { email: someoneElse.email, password: someoneElse.password }));
    await wrongPasswords(owner.email, 12);
    const forged = (
      await createCookie(DEVICE_COOKIE, { secrets: ["a secret that is not the site's"] }).serialize([
        { account: await hashToken(owner.email), nonce: "forged", issuedAt: Date.now() },
      ])
    ).split(";")[0]!;
    for (const cookie of [forged, othersDevice]) {
      expect((await post("/login", { email: owner.email, password: owner.password }, { Cookie: cookie })).status).toBe(429);
    }
  }, 60_000);

  it("counts failures from a known device against that device alone", async () => {
    const owner = await createUser();
    const device = deviceFrom(await post("/login", { email: owner.email, password: owner.password }));
    await wrongPasswords(owner.email, 10, "/login", { Cookie: device });
    const fromDevice = await post("/login", { email: owner.email, password: owner.password }, { Cookie: device });
    expect(fromDevice.status).toBe(429);
    expect(Number(fromDevice.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A stolen device cookie buys no more guesses than any other client; the account's other lanes are untouched.
    expect((await post("/login", { email: owner.email, password: owner.password })).status).toBe(302);
  }, 60_000);

  it("never counts a right password: people behind one address keep signing in", async () => {
    const address = newClientAddress();
    const [typo, person] = await Promise.all([createUser(), createUser()]);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await post("/login", { email: typo.email, password: "Wrong123!" }, { "CF-Connecting-IP": address })).status).toBe(401);
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await post("/login", { email: person.email, password: person.password }, { "CF-Connecting-IP": address });
      expect(response.status).toBe(302);
    }
  }, 60_000);

  it("makes each further failure of an address wait twice as long, up to an hour, instead of one wall for everyone", async () => {
    const context = serviceContext();
    const user = await createUser();
    const client = { address: newClientAddress(), session: null, devices: [] };
    // Wrong passwords at many addresses from one client: its address's lane alone grows (an
    // account's own lane holds for a fixed hour instead: sign-in-links.test.ts, decision 078).
    let guess = 0;
    const attempt = (now: number, password = "Wrong123!") =>
      signIn(context, { email: password === user.password ? user.email : `guess-${(guess += 1)}-${user.email}`, password, client, now });
    let now = Date.now();
    for (let failure = 0; failure < 10; failure += 1) expect(await attempt(now)).toMatchObject({ ok: false, reason: "unauthorized" });
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refusal = await attempt(now);
      expect(refusal).toMatchObject({ ok: false, reason: "rate-limited", message: "Too many login attempts. Please try again later." });
      const wait = (refusal as { retryAfterSeconds: number }).retryAfterSeconds;
      waits.push(wait);
      now += wait * 1000;
      // Once the wait is over, one more attempt is checked.
      expect(await attempt(now)).toMatchObject({ ok: false, reason: "unauthorized" });
    }
    expect(waits).toEqual([60, 120, 240, 480]);
    // While the lane waits, the right password waits too; afterwards it gets in.
    expect(await attempt(now, user.password)).toMatchObject({ reason: "rate-limited", retryAfterSeconds: 960 });
    expect(await attempt(now + 960_000, user.password)).toMatchObject({ ok: true, userId: user.id });
  }, 60_000);
});

describe("demo accounts", () => {
  it("'Try Demo Account' and 'Demo Admin Login' sign in without any typed field", async () => {
    await createUser({ email: DEMO_CUSTOMER.email, firstName: DEMO_CUSTOMER.firstName }, DEMO_CUSTOMER.password);
    await createUser({ email: DEMO_ADMIN.email, role: "admin" }, DEMO_ADMIN.password);
    const customer = await post("/login", { intent: "demo", redirectTo: "" });
    expect(customer.status).toBe(302);
    expect(customer.headers.get("Location")).toBe("/dashboard");
    expect(sessionSetCookie(customer)).toBeTruthy();

    const admin = await post("/admin/login", { intent: "demo", redirectTo: "/admin/users" });
    expect(admin.headers.get("Location")).toBe("/admin/users");
    const page = await follow(admin, sessionFrom(admin));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Demo admin login successful!");
  });
});

describe("sign-out", () => {
  it("is a POST that deletes the session, clears the cookie and says so", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    expect((await get("/logout", { Cookie: cookie })).headers.get("Location")).toBe("/");
    expect(await sessionCount(user.id)).toBe(1);

    const response = await post("/logout", {}, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(sessionSetCookie(response)).toContain("Max-Age=0");
    expect(await sessionCount(user.id)).toBe(0);
    expect(await (await follow(response)).text()).toContain("Logged out successfully!");
    expect((await get("/profile", { Cookie: cookie })).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });
});

describe("admin portal", () => {
  it("answers the admin portal's messages and signs in only active admins", async () => {
    const admin = await createUser({ role: "admin" });
    const customer = await createUser();
    const suspended = await createUser({ role: "admin", status: "suspended" });

    const wrong = await post("/admin/login", { email: admin.email, password: "Wrong123!" });
    expect(wrong.status).toBe(401);
    expect((await wrong.text()).match(/>Invalid admin credentials</g)).toHaveLength(2);

    const unknown = await post("/admin/login", { email: "nobody-admin@example.com", password: "Wrong123!" });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).not.toContain("Admin account not found");

    const notAdmin = await post("/admin/login", { email: customer.email, password: customer.password });
    expect(notAdmin.status).toBe(403);
    expect(await notAdmin.text()).toContain("Access denied. Admin privileges required.");
    expect(sessionSetCookie(notAdmin)).toBeUndefined();

    const refused = await post("/admin/login", { email: suspended.email, password: suspended.password });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your admin account has been suspended. Please contact support.");
    expect(sessionSetCookie(refused)).toBeUndefined();

    const signedIn = await post("/admin/login", { email: ` ${admin.email} `, password: admin.password });
    expect(signedIn.headers.get("Location")).toBe("/admin");
    expect(await (await follow(signedIn, sessionFrom(signedIn))).headers.get("Location")).toBe("/admin/dashboard");
  });

  it("answers an unknown address exactly as a wrong password, so it tells no one which addresses have accounts", async () => {
    const admin = await createUser({ role: "admin" });
    const unknownEmail = "nobody-admin@example.com";
    const unknown = await post("/admin/login", { email: unknownEmail, password: "Wrong123!" });
    const wrong = await post("/admin/login", { email: admin.email, password: "Wrong123!" });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    // Only the echoed address and the per-response nonce may differ.
    const normalise = (html: string, email: string) => html.replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, "");
    const [unknownHtml, wrongHtml] = [normalise(await unknown.text(), unknownEmail), normalise(await wrong.text(), admin.email)];
    expect(unknownHtml.match(/>Invalid admin credentials</g)).toHaveLength(2);
    expect(unknownHtml).toBe(wrongHtml);
  });

  it("sends a signed-in admin back where they came from", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await signedInCookie(admin.id);
    expect((await get("/admin/login?redirectTo=%2Fadmin%2Fusers", { Cookie: cookie })).headers.get("Location")).toBe("/admin/users");
    expect((await get("/admin/login", { Cookie: cookie })).headers.get("Location")).toBe("/admin");
  });
});

describe("guards", () => {
  it("sends signed-out visitors of customer pages and actions to /login, remembering the page", async () => {
    const page = await get("/profile?tab=security");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%3Ftab%3Dsecurity");
    const action = await post("/profile", { intent: "request-deletion" });
    expect(action.status).toBe(302);
    expect(action.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("keeps customers out of every admin page and action, direct requests included", async () => {
    const customer = await createUser();
    // Admin pages list every account: another one's address must never reach the customer.
    // (Their own address may: a refused POST shows its 405 with the site's data for the reader.)
    const someoneElse = await createUser();
    const cookie = await signedInCookie(customer.id);
    for (const path of ["/admin/dashboard", "/admin/users", "/admin/mailbox", "/admin/mailbox/any-id", "/admin/users.data", "/admin/mailbox.data"]) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).not.toBe(200);
      expect(await response.text(), path).not.toContain(someoneElse.email);
    }
    const direct = await get("/admin/users", { Cookie: cookie });
    expect(direct.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
    // These pages have no action yet: a POST is refused without running their loaders.
    for (const path of ["/admin/users", "/admin/mailbox", "/admin/mailbox/any-id"]) {
      const response = await post(path, { intent: "delete" }, { Cookie: cookie });
      expect([302, 405], path).toContain(response.status);
      expect(await response.text(), path).not.toContain(someoneElse.email);
    }
  });

  it("reads the role and status from the database on every request", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await signedInCookie(admin.id);
    expect((await get("/admin/users", { Cookie: cookie })).status).toBe(200);
    await db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    expect((await get("/admin/users", { Cookie: cookie })).status).toBe(302);
    await db.update(users).set({ status: "suspended" }).where(eq(users.id, admin.id));
    expect((await get("/profile", { Cookie: cookie })).status).toBe(302);
  });
});

describe("the sign-in authenticator (remix-auth with a FormStrategy)", () => {
  function formRequest(fields: Record<string, string>) {
    return new Request(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClientAddress() },
    });
  }

  it("answers with the service's SignedIn: our own session's cookies and where to go", async () => {
    const user = await createUser();
    const outcome = await authenticateSignIn(signInAuthenticator(serviceContext(), "customer"), "password", formRequest({ email: user.email, password: user.password }));
    expect(outcome).toMatchObject({ ok: true, userId: user.id, redirectTo: "/dashboard" });
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("gives a refusal back as the outcome verify threw, and remix-auth's authenticate passes it through unchanged", async () => {
    const user = await createUser();
    const authenticator = signInAuthenticator(serviceContext(), "admin");
    const outcome = await authenticateSignIn(authenticator, "password", formRequest({ email: user.email, password: user.password }));
    expect(outcome).toEqual({ ok: false, reason: "forbidden", message: "Access denied. Admin privileges required." });
    const thrown = await authenticator.authenticate("password", formRequest({ email: user.email, password: "Wrong123!" })).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(SignInRefusal);
    expect((thrown as SignInRefusal).refusal.fieldErrors).toEqual({ email: ["Invalid admin credentials"], password: ["Invalid admin credentials"] });
  });

  it("refuses a form that does not pass the sign-in rules without checking any password", async () => {
    const outcome = await authenticateSignIn(signInAuthenticator(serviceContext(), "customer"), "password", formRequest({ email: "not-an-email" }));
    expect(outcome).toEqual({ ok: false, reason: "invalid" });
  });

  it("reads the body itself: a request whose body was already read is an error, not a refusal", async () => {
    const request = formRequest({ email: "someone@example.com", password: "Secret123!" });
    await request.formData();
    const thrown = await authenticateSignIn(signInAuthenticator(serviceContext(), "customer"), "password", request).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(SignInRefusal);
  });
});
