// The app's cookies (session, consent, time-zone hint, toast): what they look like, and that a
// cookie the server cannot decode is ignored, never a 500.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_TRACKING_IDS, SEED_USER_IDS } from "../../drizzle/seed-data";
import { createUser, seedDemoData, signedInCookie } from "./fixtures";
import { get, post, sessionSetCookie } from "./requests";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;

/** Values no decoder accepts: a bad percent escape and a cut-off UTF-8 sequence. */
const MALFORMED = [
  "__Host-session=%zz",
  "tz=%E0%A4%A",
  "CH-time-zone=%E0%A4%A",
  "cookieConsent=%zz",
  "__Host-toast=%E0%A4%A",
].join("; ");

let customer: string;

beforeAll(async () => {
  await seedDemoData();
  customer = await signedInCookie(SEED_USER_IDS.customer);
});

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
