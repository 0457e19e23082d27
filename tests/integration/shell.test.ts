// The worker's shell: the headers every answer carries, cross-site writes, the consent cookie and
// the newsletter; the worker with the production settings; the app's cookies; what the worker
// entry refuses before Remix; and the error pages. The production settings' part makes the demo
// accounts itself, so it runs before the demo data is seeded; the error pages' part breaks demo
// records on purpose, so it runs last.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { invoices, newsletterSubscribers, outbox, sessions, shipmentDrafts, shipments, users } from "../../drizzle/schema";
import { DEMO_TRACKING_IDS, SEED_USER_IDS, type SeedData } from "../../drizzle/seed-data";
import { deploymentProblems } from "~/.server/deployment";
import { createWorker } from "~/.server/worker";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "~/features/accounts/demo-accounts.server";
import { createUser, db, seedDemoData, signedInCookie } from "./fixtures";
import { BASE, get, newClientAddress, pageText, post, sessionSetCookie } from "./requests";
import { trackedBody } from "./tracked-body";

describe("headers, cross-site writes, consent, newsletter", () => {
  function request(path: string, init: RequestInit = {}) {
    return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
  }

  // Browsers send Host and Origin; Remix compares them before running a page's action.
  function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: BASE, Host: "parcel.test" }) {
    return request(path, { method: "POST", body: new URLSearchParams(fields), headers });
  }

  describe("security headers", () => {
    it("sends a CSP whose nonce is the one every inline script carries", async () => {
      const response = await request("/");
      const csp = response.headers.get("Content-Security-Policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    });

    it("uses a fresh nonce per response", async () => {
      const first = (await request("/")).headers.get("Content-Security-Policy");
      const second = (await request("/")).headers.get("Content-Security-Policy");
      expect(first).not.toBe(second);
    });

    it("keeps signed-in pages out of shared caches", async () => {
      const user = await createUser();
      const response = await request("/", { headers: { Cookie: await signedInCookie(user.id) } });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await request("/")).headers.get("Cache-Control")).toBe("no-cache");
    });

    it("sends the document whole, with nothing after </html>", async () => {
      const html = await (await request("/track")).text();
      expect(html.trimEnd().endsWith("</body></html>")).toBe(true);
      expect(html.indexOf("</html>")).toBe(html.length - "</html>".length);
    });
  });

  describe("cross-site writes", () => {
    it("refuses a POST from another origin before anything runs", async () => {
      const response = await post("/newsletter", { email: "cross@example.com" }, { Origin: "https://evil.test" });
      expect(response.status).toBe(403);
      expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "cross@example.com"))).toEqual([]);
    });

    it("refuses a cross-site POST that carries only Sec-Fetch-Site", async () => {
      const response = await post("/cookie-consent", { choice: "accepted" }, { "Sec-Fetch-Site": "cross-site" });
      expect(response.status).toBe(403);
    });

    it("lets same-origin posts through", async () => {
      const response = await post("/cookie-consent", { choice: "accepted", redirectTo: "/faq" });
      expect(response.status).toBe(302);
    });
  });

  describe("cookie consent", () => {
    it("keeps the choice in a cookie named cookieConsent and returns to the page", async () => {
      const response = await post("/cookie-consent", { choice: "declined", redirectTo: "/about?x=1" });
      expect(response.headers.get("Location")).toBe("/about?x=1");
      const setCookie = response.headers.get("Set-Cookie")!;
      expect(setCookie).toMatch(/^cookieConsent=[^;]+;/);
      for (const attribute of ["Path=/", "Secure", "SameSite=Lax", `Max-Age=${365 * 24 * 3600}`]) expect(setCookie).toContain(attribute);
      const page = await (await request("/about", { headers: { Cookie: setCookie.split(";")[0]! } })).text();
      expect(page).not.toContain('aria-label="Cookie consent"');
      expect(await (await request("/about")).text()).toContain('aria-label="Cookie consent"');
    });

    it("rejects an unknown choice with 400 and never redirects off-site", async () => {
      expect((await post("/cookie-consent", { choice: "maybe" })).status).toBe(400);
      const response = await post("/cookie-consent", { choice: "closed", redirectTo: "//evil.test/x" });
      expect(response.headers.get("Location")).toBe("/");
      expect(response.headers.get("Set-Cookie")).not.toContain("Max-Age");
    });
  });

  describe("newsletter", () => {
    let clientCounter = 0;
    /** A sign-up from a client address of its own, unless one is given. */
    function subscribe(email: string, { address, redirectTo = "/" }: { address?: string; redirectTo?: string } = {}) {
      clientCounter += 1;
      return post("/newsletter", { email, redirectTo }, { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": address ?? `198.51.100.${clientCounter}` });
    }
    const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.toAddress, email));
    const subscriber = (email: string) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
    const linkIn = (body: string) => /https:\/\/parcel\.test(\/newsletter\/confirm\?token=[\w%-]+)/.exec(body)?.[1];

    it("stores the address as pending and mails one confirmation link, not the newsletter", async () => {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await subscribe("  Reader@Example.com ", { redirectTo: "/pricing" });
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/pricing");
      }
      expect(await subscriber("reader@example.com")).toMatchObject({ status: "pending", confirmedAt: null });
      const mails = await mailsTo("reader@example.com");
      expect(mails.map((mail) => mail.kind)).toEqual(["newsletter-confirmation"]);
      expect(linkIn(mails[0]!.body)).toBeTruthy();
    });

    it("subscribes only through the link page's button: opening the link changes nothing", async () => {
      await subscribe("confirming@example.com");
      const link = linkIn((await mailsTo("confirming@example.com"))[0]!.body)!;
      const token = new URL(link, BASE).searchParams.get("token")!;

      const page = await request(link);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Confirm Your Subscription");
      expect(html).toMatch(/<form method="post"/);
      expect(html).toContain(">Confirm Subscription</button>");
      expect(await subscriber("confirming@example.com")).toMatchObject({ status: "pending" });

      const confirmed = await post("/newsletter/confirm", { token });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("Location")).toBe("/");
      expect(await subscriber("confirming@example.com")).toMatchObject({ status: "confirmed", tokenHash: null });
      expect((await mailsTo("confirming@example.com")).map((mail) => mail.kind)).toEqual(["newsletter-confirmation", "newsletter-welcome"]);

      // Used up: the link says so, the button does nothing more, and signing up again sends nothing.
      const used = await request(link);
      expect(used.status).toBe(400);
      expect(await used.text()).toContain("This confirmation link is invalid or has expired.");
      expect((await post("/newsletter/confirm", { token })).status).toBe(400);
      expect((await subscribe("confirming@example.com")).status).toBe(302);
      expect(await mailsTo("confirming@example.com")).toHaveLength(2);
    });

    it("refuses an unknown, malformed or expired link, writing nothing", async () => {
      expect((await request("/newsletter/confirm?token=not-a-token")).status).toBe(400);
      expect((await request(`/newsletter/confirm?token=${"x".repeat(5000)}`)).status).toBe(400);
      expect((await post("/newsletter/confirm", {})).status).toBe(400);
      await subscribe("late@example.com");
      const token = new URL(linkIn((await mailsTo("late@example.com"))[0]!.body)!, BASE).searchParams.get("token")!;
      await db.update(newsletterSubscribers).set({ tokenExpiresAt: Date.now() - 1000 }).where(eq(newsletterSubscribers.email, "late@example.com"));
      expect((await request(`/newsletter/confirm?token=${token}`)).status).toBe(400);
      expect((await post("/newsletter/confirm", { token })).status).toBe(400);
      expect(await subscriber("late@example.com")).toMatchObject({ status: "pending" });
    });

    it("mails one confirmation per address per day, however many clients ask", async () => {
      for (let attempt = 0; attempt < 4; attempt += 1) expect((await subscribe("victim@example.com")).status).toBe(302);
      expect(await mailsTo("victim@example.com")).toHaveLength(1);
    });

    it("signs up at most five addresses an hour from one client, then answers 429 with the wait", async () => {
      const address = "198.51.100.250";
      for (let index = 0; index < 5; index += 1) expect((await subscribe(`cannon-${index}@example.com`, { address })).status).toBe(302);
      const refused = await subscribe("cannon-5@example.com", { address });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.text()).toMatch(/Too many newsletter sign-ups have come from this connection\. Please try again in \d+ (minutes?|hour)\./);
      expect(await mailsTo("cannon-5@example.com")).toHaveLength(0);
      expect(await subscriber("cannon-5@example.com")).toBeUndefined();
    });

    it("answers a bad address with 400 and the message, storing nothing", async () => {
      const response = await post("/newsletter", { email: "not-an-address" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Please enter a valid email address");
      expect(await db.$count(newsletterSubscribers, eq(newsletterSubscribers.email, "not-an-address"))).toBe(0);
    });

    it("drops what the honeypot catches", async () => {
      await post("/newsletter", { email: "bot@example.com", website: "http://spam.test" });
      expect(await db.$count(newsletterSubscribers, eq(newsletterSubscribers.email, "bot@example.com"))).toBe(0);
    });
  });

  describe("pages", () => {
    it("answers unknown paths with the 404 page", async () => {
      const response = await request("/definitely/not/here");
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
    });

    it("redirects second names to the page's address, keeping the query", async () => {
      const response = await request("/auth/login?redirectTo=%2Fprofile");
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
      expect((await request("/admin")).headers.get("Location")).toBe("/admin/dashboard");
    });

    it("reads the settings row written by the migrations", async () => {
      const html = await (await request("/")).text();
      expect(html).toContain("SwiftParcel");
      expect(html).toContain("24/7 Customer Support");
      expect(env.DEMO_MODE).toBe("true");
    });
  });
});

// The app as wrangler.toml's [env.production] runs it: the same worker and build, with the
// production vars instead of the local ones. Demo sign-in must be impossible there.
// (That such a worker refuses to start with a default or missing secret is
// app/.server/deployment.test.ts's subject: the check runs when the module loads.)
describe("the production settings", () => {
  const productionEnv: Env = {
    ...env,
    ENVIRONMENT: "production",
    DEMO_MODE: "false",
    SESSION_SECRET: "q8Vn2LrT0xW5cY7bK1mZ4sH9dF3gJ6pA",
    PUBLIC_ORIGIN: BASE,
  };

  const worker = createWorker(build as unknown as ServerBuild);

  function fetchAs(settings: Env, path: string, form?: Record<string, string>) {
    const request = new Request(`${BASE}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      body: form ? new URLSearchParams(form) : undefined,
      headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress() },
    });
    return worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, settings, createExecutionContext());
  }

  let customerId: string;
  let adminId: string;

  beforeAll(async () => {
    customerId = (await createUser({ email: DEMO_CUSTOMER.email }, DEMO_CUSTOMER.password)).id;
    adminId = (await createUser({ email: DEMO_ADMIN.email, role: "admin" }, DEMO_ADMIN.password)).id;
  });

  // The demo data seeded after this part has accounts with the same addresses.
  afterAll(async () => {
    await db.delete(users).where(inArray(users.id, [customerId, adminId]));
  });

  async function sessionCount(userId: string) {
    return (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  }

  describe("with the production settings", () => {
    it("are settings the worker starts with", () => {
      expect(deploymentProblems(productionEnv)).toEqual([]);
    });

    it("offers no demo account on either sign-in page", async () => {
      for (const path of ["/login", "/admin/login"]) {
        const html = await (await fetchAs(productionEnv, path)).text();
        expect(html, path).toContain("Sign in");
        for (const shown of ["Try Demo Account", "Demo Admin Login", DEMO_CUSTOMER.email, DEMO_ADMIN.email, DEMO_ADMIN.password]) {
          expect(html, path).not.toContain(shown);
        }
      }
    });

    it("signs no one in with the demo buttons: 403 and no session", async () => {
      for (const path of ["/login", "/admin/login", "/login.data", "/admin/login.data"]) {
        const response = await fetchAs(productionEnv, path, { intent: "demo", redirectTo: "/admin/users" });
        expect(response.status, path).toBe(403);
        expect(sessionSetCookie(response), path).toBeUndefined();
        if (!path.endsWith(".data")) expect(await response.text(), path).toContain("Demo accounts are not available here.");
      }
      expect(await sessionCount(customerId)).toBe(0);
      expect(await sessionCount(adminId)).toBe(0);
    });

    it("where the local settings sign the same demo admin in, with the same worker", async () => {
      const response = await fetchAs(env, "/admin/login", { intent: "demo", redirectTo: "/admin/users" });
      expect(response.status).toBe(302);
      expect(sessionSetCookie(response)).toBeTruthy();
      expect(await sessionCount(adminId)).toBe(1);
    });
  });
});

describe("with the demo data", () => {
  let seed: SeedData;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    seed = await seedDemoData();
    admin = await signedInCookie(SEED_USER_IDS.admin);
    customer = await signedInCookie(SEED_USER_IDS.customer);
  });

  // The language a page is written in, and the switcher that changes it (docs/decisions/171).
  describe("languages", () => {
    const langOf = async (response: Response) => /<html lang="([a-z]+)"/.exec(await response.text())?.[1];
    const cookieFor = async (language: string) => {
      const response = await post("/language", { language, returnTo: "/" });
      return response.headers.getSetCookie().find((cookie) => cookie.startsWith("lng="))!.split(";")[0]!;
    };

    it("follows a ?lng= link, then the saved choice, then the switcher's cookie, then Accept-Language, then English", async () => {
      const fr = await cookieFor("fr");
      expect(await langOf(await get("/about"))).toBe("en");
      expect(await langOf(await get("/about", { "Accept-Language": "de-DE,es;q=0.8,fr;q=0.5" }))).toBe("es");
      expect(await langOf(await get("/about", { "Accept-Language": "es-MX", Cookie: fr }))).toBe("fr");
      expect(await langOf(await get("/about?lng=es", { Cookie: fr }))).toBe("es");
      expect(await langOf(await get("/about?lng=xx", { Cookie: fr }))).toBe("fr");
      const saver = await createUser({ language: "es" });
      const signedIn = await signedInCookie(saver.id);
      expect(await langOf(await get("/dashboard", { Cookie: `${signedIn}; ${fr}`, "Accept-Language": "fr" }))).toBe("es");
      expect(await langOf(await get("/about?lng=fr", { Cookie: signedIn }))).toBe("fr");
    });

    it("writes the page's words and the switcher in that language, and links the page in each language", async () => {
      const page = await pageText(await get("/about?lng=fr"));
      expect(page).toContain('<label for="footer-language">Langue</label>');
      expect(page).toContain("Aller au contenu principal");
      expect(page).toContain('<option value="fr" lang="fr" selected="">Français</option>');
      for (const language of ["en", "es", "fr"]) expect(page).toContain(`<link rel="alternate" hrefLang="${language}" href="${BASE}/about?lng=${language}"/>`);
      expect(page).toContain(`<link rel="alternate" hrefLang="x-default" href="${BASE}/about"/>`);
      // The switcher comes back to the page without the link's own choice.
      expect(page).toContain('<input type="hidden" name="returnTo" value="/about"/>');
    });

    it("switches without JavaScript: back to the same page, remembered in a cookie, nothing written for a visitor", async () => {
      const before = await db.select().from(users);
      const response = await post("/language", { language: "es", returnTo: "/track?ids=SP1" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/track?ids=SP1");
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith("lng="))!;
      expect(cookie).toMatch(/Max-Age=31536000/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(await langOf(await get("/track", { Cookie: cookie.split(";")[0]! }))).toBe("es");
      expect(await db.select().from(users)).toEqual(before);
      // Another site's address is no place to come back to.
      expect((await post("/language", { language: "es", returnTo: "//evil.test/x" })).headers.get("Location")).toBe("/");
    });

    it("saves a signed-in person's choice, and their next page follows it at once", async () => {
      const person = await createUser();
      const cookie = await signedInCookie(person.id);
      const response = await post("/language", { language: "fr", returnTo: "/profile" }, { Cookie: cookie });
      expect(response.status).toBe(302);
      expect((await db.select({ language: users.language }).from(users).where(eq(users.id, person.id)).get())?.language).toBe("fr");
      // The session's claim still says no choice; the session check finds the saved one, so the page is French.
      const next = await get("/profile", { Cookie: cookie, "Accept-Language": "es" });
      expect(next.status).toBe(200);
      expect(await langOf(next)).toBe("fr");
    });

    it("refuses a language the site does not speak, with a message, changing nothing", async () => {
      const person = await createUser();
      const cookie = await signedInCookie(person.id);
      for (const language of ["de", "", "EN", "x".repeat(5000)]) {
        const response = await post("/language", { language, returnTo: "/" }, { Cookie: cookie });
        expect(response.status, language.slice(0, 10)).toBe(400);
        expect(await response.text()).toContain("Choose English, Español or Français.");
        expect(response.headers.getSetCookie().some((value) => value.startsWith("lng="))).toBe(false);
      }
      expect((await db.select({ language: users.language }).from(users).where(eq(users.id, person.id)).get())?.language).toBeNull();
    });

    it("hands a page that hydrates the catalogs it used, and a page that does not none", async () => {
      const adminPage = await get("/admin/dashboard?lng=es", { Cookie: admin });
      const html = await adminPage.text();
      const inline = /<script type="application\/json" id="i18n-catalogs"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
      expect(inline).toBeTruthy();
      const parsed = JSON.parse(inline!) as { language: string; catalogs: Record<string, Record<string, string>> };
      expect(parsed.language).toBe("es");
      expect(parsed.catalogs.common?.Language).toBe("Idioma");
      // A namespace one call asks for (the status names in the list's selects) travels too: without
      // it the browser would render English names over the Spanish ones and throw the page away.
      const list = await (await get("/admin/shipments?lng=es", { Cookie: admin })).text();
      const listCatalogs = JSON.parse(/<script type="application\/json" id="i18n-catalogs"[^>]*>([^<]*)<\/script>/.exec(list)![1]!) as typeof parsed;
      expect(listCatalogs.catalogs.statuses?.["In Transit"]).toBe("En tránsito");
      expect(await (await get("/about?lng=es")).text()).not.toContain("i18n-catalogs");
    });

    it("shows a shipment's stored history on the admin's page in the page's language", async () => {
      const trackingId = DEMO_TRACKING_IDS.find((demo) => demo.status === "out_for_delivery")!.trackingId;
      const shipment = (await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.trackingId, trackingId)).get())!;
      const page = await get(`/admin/shipments/${shipment.id}/edit?lng=es`, { Cookie: admin });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<p>El paquete está en reparto</p>");
      expect(html).not.toContain("<p>Package is out for delivery</p>");
    });
  });

  // The app's cookies (session, consent, time-zone hint, toast): what they look like, and that a
  // cookie the server cannot decode is ignored, never a 500.
  describe("cookies", () => {
    const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;

    /** Values no decoder accepts: a bad percent escape and a cut-off UTF-8 sequence. */
    const MALFORMED = [
      "__Host-session=%zz",
      "tz=%E0%A4%A",
      "CH-time-zone=%E0%A4%A",
      "cookieConsent=%zz",
      "__Host-toast=%E0%A4%A",
      "lng=%zz",
    ].join("; ");

    function expectSecurityHeaders(response: Response) {
      expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
    }

    describe("an undecodable cookie", () => {
      it("is ignored on a public page", async () => {
        const response = await get("/", { Cookie: MALFORMED });
        expect(response.status).toBe(200);
        expectSecurityHeaders(response);
        const html = await response.text();
        expect(html).toContain("Sign In");
        // No consent was read: the banner is offered.
        expect(html).toContain('aria-label="Cookie consent"');
      });

      it("is ignored beside a valid session on a signed-in page", async () => {
        const malformedBesideSession = MALFORMED.replace("__Host-session=%zz", customer);
        const response = await get("/dashboard", { Cookie: malformedBesideSession });
        expect(response.status).toBe(200);
        expectSecurityHeaders(response);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        expect(await response.text()).toContain("Jordan");
      });

      it("counts as no session on a signed-in page: the guard sends the reader to sign in", async () => {
        const response = await get("/dashboard", { Cookie: MALFORMED });
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
        expectSecurityHeaders(response);
      });

      it("is ignored on a POST", async () => {
        const response = await post("/newsletter", { email: "malformed-cookie@example.com", redirectTo: "/faq" }, { Cookie: MALFORMED });
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/faq");
        expectSecurityHeaders(response);
      });
    });

    describe("the session cookie", () => {
      it("is a __Host- cookie: Secure, Path=/ and no Domain, HttpOnly, SameSite=Lax", async () => {
        const user = await createUser();
        const setCookie = sessionSetCookie(await post("/login", { email: user.email, password: user.password }))!;
        expect(setCookie).toMatch(/^__Host-session=[^;]+;/);
        for (const attribute of ["Path=/", "Secure", "HttpOnly", "SameSite=Lax"]) expect(setCookie).toContain(attribute);
        expect(setCookie).not.toContain("Domain");
        // The value it hands out is the one the server reads back.
        const response = await get("/profile", { Cookie: setCookie.split(";")[0]! });
        expect(response.status).toBe(200);
      });
    });

    describe("the time-zone hint", () => {
      it("shows times in the zone the browser reported, else in UTC", async () => {
        const history = async (cookie?: string) => {
          const html = await (await get(`/track/${inTransit}`, cookie ? { Cookie: cookie } : {})).text();
          return html.slice(html.indexOf("Shipment history"));
        };
        expect(await history("CH-time-zone=Asia%2FTokyo")).toContain("GMT+9");
        const utc = await history();
        expect(utc).toContain("UTC");
        expect(utc).not.toContain("GMT+9");
        expect(await history("CH-time-zone=Mars%2FOlympus_Mons")).toContain("UTC");
      });

      it("is set by an inline script in <head> that carries the response's nonce", async () => {
        const response = await get("/track");
        const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy")!)![1]!;
        const head = (await response.text()).split("</head>")[0]!;
        const script = new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">([\\s\\S]*?)</script>`).exec(head);
        expect(script?.[1]).toContain('"CH-time-zone"');
        expect(script?.[1]).toContain("Intl.DateTimeFormat().resolvedOptions().timeZone");
      });
    });
  });

  // What the worker entry refuses before Remix (bodies too large, non-form content types, forms
  // whose shape would make Conform allocate without bound), and the headers every answer
  // carries: its own refusals and crashes included, and private caching wherever a session is.
  describe("the worker entry", () => {
    const WIZARD = "/dashboard/create-shipment";

    /** A POST from this site with whatever body and content type a client chose. */
    function send(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
      return SELF.fetch(`${BASE}${path}`, {
        method: "POST",
        redirect: "manual",
        body,
        headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress(), ...headers },
      });
    }

    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

    function expectSecurityHeaders(response: Response) {
      expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    }

    /** The refusal's page: a document with its message, and the headers. */
    async function expectRefusalPage(response: Response, status: number, message: string) {
      expect(response.status).toBe(status);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expectSecurityHeaders(response);
      const html = await response.text();
      expect(html).toContain("<!DOCTYPE html>");
      expect(html).toContain(message.replaceAll('"', "&#34;").replaceAll("'", "&#39;"));
    }

    /** A request as the worker's fetch handler receives it. */
    const incoming = (request: Request) => request as Request<unknown, IncomingRequestCfProperties>;

    async function draftOf(userId: string) {
      return db.select().from(shipmentDrafts).where(eq(shipmentDrafts.userId, userId)).get();
    }

    describe("a list index past its bound", () => {
      it("answers 400 with the bound, before the wizard reads the form, and the worker keeps serving", async () => {
        const before = await draftOf(SEED_USER_IDS.customer);
        for (const index of [999999, 10000, 20]) {
          const response = await send(`${WIZARD}?step=3`, `step=3&intent=next&packages%5B${index}%5D.weight=1`, { ...FORM, Cookie: customer });
          await expectRefusalPage(
            response,
            400,
            `A shipment can hold at most 20 packages (the form sent "packages[${index}].weight").`,
          );
        }
        expect(await draftOf(SEED_USER_IDS.customer)).toEqual(before);
        const page = await get("/dashboard", { Cookie: customer });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("Jordan");
      });

      it("answers single fetch's .data request with JSON carrying the message", async () => {
        const response = await send(`${WIZARD}.data?step=3`, "step=3&intent=save&packages%5B999999%5D.weight=1", { ...FORM, Cookie: customer });
        expect(response.status).toBe(400);
        expectSecurityHeaders(response);
        expect(await response.json()).toEqual({ message: 'A shipment can hold at most 20 packages (the form sent "packages[999999].weight").' });
        const root = await send("/_root.data", "packages%5B60%5D=1", FORM);
        expect(root.status).toBe(400);
        expect(await root.json()).toEqual({ message: 'A shipment can hold at most 20 packages (the form sent "packages[60]").' });
      });

      it("answers a structured field given twice with 400", async () => {
        const response = await send(`${WIZARD}?step=3`, "step=3&intent=next&packages%5B0%5D.weight=1&packages%5B0%5D.weight=2", {
          ...FORM,
          Cookie: customer,
        });
        await expectRefusalPage(response, 400, 'The field "packages[0].weight" was sent more than once.');
      });
    });

    describe("a body that is no form", () => {
      it("answers JSON, text/plain, no content type and multipart without a boundary with 415 and a message", async () => {
        const json = await send("/login", JSON.stringify({ email: "a@b.co", password: "secret1" }), { "Content-Type": "application/json" });
        expect(json.status).toBe(415);
        expectSecurityHeaders(json);
        expect(await json.json()).toEqual({
          message: "This address does not take application/json bodies: send application/x-www-form-urlencoded or multipart/form-data.",
        });

        await expectRefusalPage(
          await send("/login", "email=a@b.co", { "Content-Type": "text/plain" }),
          415,
          "This address does not take text/plain bodies: send application/x-www-form-urlencoded or multipart/form-data.",
        );
        await expectRefusalPage(
          await send("/admin/shipments/bulk-delete", null, { Cookie: admin }),
          415,
          "This address does not take bodies without a Content-Type: send application/x-www-form-urlencoded or multipart/form-data.",
        );
        await expectRefusalPage(
          await send("/register", "--x\r\n", { "Content-Type": "multipart/form-data" }),
          415,
          "This multipart/form-data body names no boundary.",
        );
      });

      it("answers a multipart body that does not parse with 400, and takes a real one", async () => {
        await expectRefusalPage(
          await send("/login", "garbage", { "Content-Type": "multipart/form-data; boundary=abc" }),
          400,
          "The form could not be read.",
        );
        const form = new FormData();
        form.set("email", "nobody@example.com");
        form.set("password", "Secret123!");
        const response = await SELF.fetch(`${BASE}/login`, {
          method: "POST",
          redirect: "manual",
          body: form,
          headers: { Origin: BASE, Host: "parcel.test", "CF-Connecting-IP": newClientAddress() },
        });
        expect(response.status).toBe(401);
      });
    });

    describe("other forms the entry refuses", () => {
      it("answers a control character in a field with 400, before the action runs", async () => {
        const response = await send("/newsletter", "email=nul%00@example.com&redirectTo=/", FORM);
        await expectRefusalPage(response, 400, 'The field "email" contains a control character.');
      });

      it("answers a broken Conform control with 400 instead of the 500 its JSON.parse threw", async () => {
        await expectRefusalPage(await send("/register", "__intent__=not-json&email=a@b.co", FORM), 400, "The form's control value is not valid.");
      });

      it("answers a write whose X-Forwarded-Host is not its own with 403 and a message, where Remix threw a bare 500", async () => {
        const response = await send("/login", "email=a@b.co&password=secret1", { ...FORM, "X-Forwarded-Host": "evil.example" });
        await expectRefusalPage(response, 403, "Cross-site request refused.");
      });
    });

    describe("a body over the cap", () => {
      const big = `email=${"a".repeat(40 * 1024)}`;

      it("answers 413 from its Content-Length", async () => {
        await expectRefusalPage(await send("/register", big, FORM), 413, "The request is too large: this address takes at most 32 KB.");
      });

      it("answers 413 while reading a body sent without a Content-Length", async () => {
        const bytes = new TextEncoder().encode(big);
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let offset = 0; offset < bytes.length; offset += 4096) controller.enqueue(bytes.slice(offset, offset + 4096));
            controller.close();
          },
        });
        const request = new Request(`${BASE}/register`, { method: "POST", body: stream, headers: { Origin: BASE, Host: "parcel.test", ...FORM } });
        expect(request.headers.get("Content-Length")).toBeNull();
        // Straight to the entry: through SELF, the test's side of the connection would report the
        // body it could not finish sending.
        const response = await createWorker(build as unknown as ServerBuild).fetch(incoming(request), env, createExecutionContext());
        await expectRefusalPage(response, 413, "The request is too large: this address takes at most 32 KB.");
      });
    });

    describe("every early answer", () => {
      // Issue 22, item 7: an answer given before the body is read must leave none of it behind, or
      // the next request on the same keep-alive connection (through wrangler dev's proxy) fails.

      async function answerTo(path: string, size: number, headers: Record<string, string>) {
        const { stream, state } = trackedBody(size);
        const request = new Request(`${BASE}${path}`, { method: "POST", body: stream, headers: { Origin: BASE, Host: "parcel.test", ...headers } });
        const response = await createWorker(build as unknown as ServerBuild).fetch(incoming(request), env, createExecutionContext());
        await response.arrayBuffer();
        return { status: response.status, ...state };
      }

      it("reads a refused body to its end before answering 413, 415 or 403", async () => {
        const cases: [string, number, Record<string, string>, number][] = [
          // 413 from the Content-Length alone, then while reading a body that declares none.
          ["/register", 40 * 1024, { ...FORM, "Content-Length": String(40 * 1024) }, 413],
          ["/register", 40 * 1024, FORM, 413],
          // A body of megabytes is read to its end too (a 1 MB drain limit left the rest unread).
          ["/register", 3 * 1024 * 1024, FORM, 413],
          ["/register", 3 * 1024 * 1024, { ...FORM, "Content-Length": String(3 * 1024 * 1024) }, 413],
          ["/register", 20 * 1024, { "Content-Type": "application/json" }, 415],
          ["/register", 20 * 1024, {}, 415],
          ["/register", 20 * 1024, { "Content-Type": "multipart/form-data" }, 415],
          ["/register", 20 * 1024, { ...FORM, Origin: "https://evil.example" }, 403],
          ["/api/chat/sessions", 20 * 1024, FORM, 415],
        ];
        for (const [path, size, headers, status] of cases) {
          const answer = await answerTo(path, size, headers);
          expect(answer.status, `${status} ${path} ${size}`).toBe(status);
          expect(answer.finished, `${status} ${path} ${size}: body left unread at ${answer.sent} bytes`).toBe(true);
        }
      });

      it("keeps serving on the same worker after each of them", async () => {
        await answerTo("/register", 40 * 1024, FORM);
        expect((await get("/login")).status).toBe(200);
      });
    });

    describe("an exception", () => {
      it("in a loader answers 500 'Something went wrong' with the security headers", async () => {
        // A database that fails every query: the session guard's read throws inside the loader.
        const broken = { prepare: () => { throw new Error("D1 is down"); }, batch: () => { throw new Error("D1 is down"); } };
        const worker = createWorker(build as unknown as ServerBuild);
        const logged = vi.spyOn(console, "error").mockImplementation(() => {});
        const response = await worker.fetch(
          incoming(new Request(`${BASE}/dashboard`, { headers: { Cookie: customer } })),
          { ...env, DB: broken as unknown as D1Database },
          createExecutionContext(),
        );
        logged.mockRestore();
        expect(response.status).toBe(500);
        expectSecurityHeaders(response);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        expect(await response.text()).toContain("Something went wrong");
      });

      it("in the entry itself answers 500 'Something went wrong' with the security headers, and is logged", async () => {
        // A build with no routes: Remix's handler throws before any error boundary can render.
        const worker = createWorker({} as ServerBuild);
        const logged = vi.spyOn(console, "error").mockImplementation(() => {});
        const response = await worker.fetch(
          incoming(new Request(`${BASE}/`)),
          env,
          createExecutionContext(),
        );
        expect(logged).toHaveBeenCalledOnce();
        logged.mockRestore();
        expect(response.status).toBe(500);
        expectSecurityHeaders(response);
        const html = await response.text();
        expect(html).toContain("<h1>Something went wrong</h1>");
        expect(html).toContain("something unexpected happened");
      });
    });

    describe("caching", () => {
      it("keeps the sign-in redirect, which hands out the session, out of every cache", async () => {
        const user = await createUser();
        const response = await post("/login", { email: user.email, password: user.password });
        expect(response.status).toBe(302);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      });

      it("keeps every answer that sets a cookie or comes to a session private", async () => {
        const registered = await post("/register", {
          firstName: "Noor",
          lastName: "Haddad",
          email: `noor.${crypto.randomUUID().slice(0, 6)}@example.com`,
          phone: "+44 20 7946 0958",
          password: "Parcel42!",
          confirmPassword: "Parcel42!",
          terms: "on",
        });
        expect(registered.status).toBe(302);
        expect(registered.headers.get("Cache-Control")).toBe("private, no-store");
        const consent = await post("/cookie-consent", { choice: "accepted", redirectTo: "/" });
        expect(consent.headers.get("Cache-Control")).toBe("private, no-store");
        expect((await get("/dashboard", { Cookie: customer })).headers.get("Cache-Control")).toBe("private, no-store");
        expect((await get("/admin/dashboard", { Cookie: admin })).headers.get("Cache-Control")).toBe("private, no-store");
        // A refusal to a signed-in person is private too.
        const refused = await send(`${WIZARD}?step=3`, "packages%5B999%5D=1", { ...FORM, Cookie: customer });
        expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
        // An anonymous public page is not.
        expect((await get("/track")).headers.get("Cache-Control")).not.toContain("private");
      });
    });
  });

  // What a failing page shows: the 404 design for a missing record, the refusal's message for
  // other 4xx answers, and 'Something went wrong' for a crash, each inside the page's layout.
  describe("error pages", () => {
    /**
     * The page's body as a reader sees it: no scripts (the tests' build runs in development mode,
     * where Remix puts the error's text and stack into its data script; a production build
     * sanitizes them), and without the markers React puts between adjacent text pieces.
     */
    async function page(response: Response): Promise<string> {
      const html = await response.text();
      return html
        .slice(html.indexOf("<body"))
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
        .replaceAll("<!-- -->", "");
    }

    function expectSiteFrame(html: string) {
      expect(html).toContain('aria-label="Main"');
      expect(html).toContain("24/7 Customer Support");
    }

    function expectAdminFrame(html: string) {
      expect(html).toContain("SwiftParcel Admin");
      expect(html).toContain('aria-label="Admin"');
      expect(html).toContain("Alex Morgan");
    }

    function expectNotFoundDesign(html: string) {
      expect(html).toContain("Page Not Found");
      for (const link of ['href="/"', 'href="/track"', 'href="/login"', 'href="/register"']) expect(html).toContain(link);
      for (const label of ["Go Home", "Track Package", "Login", "Create Account"]) expect(html).toContain(label);
    }

    describe("a missing record", () => {
      it("answers 404 with the 404 design and what is missing, inside the site layout", async () => {
        const response = await get("/invoices/no-such-invoice", { Cookie: customer });
        expect(response.status).toBe(404);
        const html = await page(response);
        expectSiteFrame(html);
        expectNotFoundDesign(html);
        expect(html).toContain("Invoice not found");
      });

      it("answers 404 inside the admin layout, keeping the sidebar and header", async () => {
        for (const [path, message] of [
          ["/admin/mailbox/no-such-mail", "Mail not found"],
          ["/admin/shipments/no-such-shipment/status", "Shipment not found"],
          ["/admin/shipments/no-such-shipment/location", "Shipment not found"],
          ["/admin/shipments/no-such-shipment/delete", "Shipment not found"],
        ] as const) {
          const response = await get(path, { Cookie: admin });
          expect(response.status, path).toBe(404);
          const html = await page(response);
          expectAdminFrame(html);
          expectNotFoundDesign(html);
          expect(html, path).toContain(message);
        }
      });

      it("answers a missing receipt with 'Unable to load receipt.' and the 404 design", async () => {
        for (const path of ["/receipt/no-such-shipment", "/receipt/no-such-shipment/label"]) {
          const response = await get(path, { Cookie: admin });
          expect(response.status, path).toBe(404);
          const html = await page(response);
          expectNotFoundDesign(html);
          expect(html).toContain("Unable to load receipt.");
        }
      });
    });

    describe("Go Back without JavaScript", () => {
      const goBack = (html: string) => /<a[^>]*href="([^"]*)"[^>]*>Go Back<\/a>/.exec(html)?.[1] ?? null;

      it("leads to the page of this site that linked to a missing record or page", async () => {
        for (const path of ["/invoices/no-such-invoice", "/no-such-page"]) {
          const html = await page(await get(path, { Cookie: customer, Referer: "https://parcel.test/profile?tab=security" }));
          expect(goBack(html), path).toBe("/profile?tab=security");
        }
        // A refusal other than 404 too.
        const refused = await page(await post("/faq", { question: "anything" }, { Referer: "https://parcel.test/pricing" }));
        expect(goBack(refused)).toBe("/pricing");
      });

      it("is no link for another site's referrer, or none (JavaScript then offers the browser's history)", async () => {
        for (const headers of [{ Referer: "https://evil.test/profile" }, {}] as Record<string, string>[]) {
          const html = await page(await get("/no-such-page", headers));
          expect(goBack(html)).toBeNull();
          expect(html).not.toContain("evil.test");
        }
      });
    });

    describe("a page that crashes", () => {
      const brokenCurrency = "NOT-A-CURRENCY";

      it("answers 500 with 'Something went wrong' inside the site layout, and no details", async () => {
        // An invoice whose stored currency is no currency code: formatting its amounts throws.
        const invoice = seed.invoices.find((row) => row.userId === SEED_USER_IDS.customer)!;
        await db.update(invoices).set({ currency: brokenCurrency }).where(eq(invoices.id, invoice.id));
        const response = await get(`/invoices/${invoice.id}`, { Cookie: customer });
        expect(response.status).toBe(500);
        const html = await page(response);
        expectSiteFrame(html);
        expect(html).toContain("Something went wrong");
        expect(html).toContain("We&#x27;re sorry, but something unexpected happened. Please try refreshing the page.");
        expect(html).toMatch(new RegExp(`<a[^>]*href="/invoices/${invoice.id}"[^>]*>Refresh Page</a>`));
        expect(html).not.toContain(brokenCurrency);
        expect(html).not.toContain("RangeError");
        expect(html).not.toContain(invoice.number);
        // The security headers come with it.
        expect(response.headers.get("Content-Security-Policy")).toContain("script-src");
      });

      it("answers 500 with 'Something went wrong' inside the admin layout", async () => {
        const shipment = seed.shipments.find((row) => row.userId === SEED_USER_IDS.other)!;
        await db.update(shipments).set({ currency: brokenCurrency }).where(eq(shipments.id, shipment.id));
        const response = await get(`/admin/shipments/${shipment.id}/edit`, { Cookie: admin });
        expect(response.status).toBe(500);
        const html = await page(response);
        expectAdminFrame(html);
        expect(html).toContain("Something went wrong");
        expect(html).not.toContain(brokenCurrency);
      });

      it("answers 500 with 'Something went wrong' on a page outside the layouts", async () => {
        const shipment = seed.shipments.find((row) => row.userId === SEED_USER_IDS.customer)!;
        await db.update(shipments).set({ currency: brokenCurrency }).where(eq(shipments.id, shipment.id));
        const response = await get(`/receipt/${shipment.id}`, { Cookie: admin });
        expect(response.status).toBe(500);
        const html = await page(response);
        expect(html).toContain("Something went wrong");
        expect(html).toContain("Refresh Page");
        expect(html).not.toContain(brokenCurrency);
        expect(html).not.toContain(shipment.trackingId);
      });
    });

    describe("another refusal", () => {
      it("shows its message and status inside the layout, never Remix's internal text", async () => {
        // /faq has no action: Remix refuses the POST with 405.
        const response = await post("/faq", { question: "anything" });
        expect(response.status).toBe(405);
        const html = await page(response);
        expectSiteFrame(html);
        expect(html).toContain("Method Not Allowed");
        expect(html).not.toContain("did not provide an");
      });
    });
  });
});
