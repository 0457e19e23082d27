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
  it("stores the address once and queues one welcome mail", async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post("/newsletter", { email: "  Reader@Example.com ", redirectTo: "/pricing" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/pricing");
    }
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com"))).toHaveLength(1);
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, "reader@example.com"));
    expect(mails.map((mail) => mail.kind)).toEqual(["newsletter-welcome"]);
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
