// What the worker entry refuses before Remix (bodies too large, non-form content types, forms
// whose shape would make Conform allocate without bound), and the headers every answer
// carries: its own refusals and crashes included, and private caching wherever a session is.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { createWorker } from "~/.server/worker";
import { shipmentDrafts } from "../../drizzle/schema";
import { SEED_USER_IDS } from "../../drizzle/seed-data";
import { createUser, db, seedDemoData, signedInCookie } from "./fixtures";
import { trackedBody } from "./tracked-body";
import { BASE, get, newClientAddress, post } from "./requests";

const WIZARD = "/dashboard/create-shipment";

let customer: string;
let admin: string;

beforeAll(async () => {
  await seedDemoData();
  customer = await signedInCookie(SEED_USER_IDS.customer);
  admin = await signedInCookie(SEED_USER_IDS.admin);
});

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
