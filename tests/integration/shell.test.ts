import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers, outbox } from "../../drizzle/schema";
import { createUser, db, signedInCookie } from "./fixtures";

const BASE = "https://parcel.test";

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
