// The chat's JSON API through the real worker: every call and its shape,
// admin-only endpoints, bad input, rate limits and the sockets' checks.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { readChatSessionId } from "~/features/chat/chat-cookie.server";
import { ESCALATION_REPLY, type ChatMessage, type ChatSession } from "~/features/chat/chat";
import { createUser, seedDemoData, signedInCookie } from "./fixtures";
import { BASE, newClientAddress } from "./requests";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
const UNKNOWN_ID = "A".repeat(43);

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  await seedDemoData();
  adminCookie = await signedInCookie((await createUser({ role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser()).id);
});

type Options = { cookie?: string; client?: string; contentType?: string; raw?: string; headers?: Record<string, string> };

function call(method: string, path: string, body?: unknown, options: Options = {}) {
  const headers: Record<string, string> = {
    Origin: BASE,
    "CF-Connecting-IP": options.client ?? newClientAddress(),
    ...(options.cookie ? { Cookie: options.cookie } : {}),
    ...options.headers,
  };
  if (body !== undefined || options.raw !== undefined) headers["Content-Type"] = options.contentType ?? "application/json";
  return SELF.fetch(`${BASE}${path}`, {
    method,
    headers,
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    redirect: "manual",
  });
}

async function startSession(body: unknown = { email: "api@example.com", name: "Api" }, options: Options = {}) {
  const response = await call("POST", "/api/chat/sessions", body, options);
  return { response, json: (await response.json()) as { session: ChatSession; welcomeMessage: ChatMessage; message?: string; errors?: Record<string, string> } };
}

function expectMessageShape(message: ChatMessage) {
  expect(Object.keys(message).sort()).toEqual(["adminName", "escalatedToAdmin", "id", "message", "sender", "timestamp"]);
  expect(typeof message.id).toBe("string");
  expect(typeof message.timestamp).toBe("number");
}

describe("POST /api/chat/sessions", () => {
  it("starts a session: {session, welcomeMessage}, and hands the id to the browser in an HttpOnly cookie", async () => {
    const { response, json } = await startSession({ email: "ann@example.com", name: "" });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Object.keys(json.session).sort()).toEqual(
      ["createdAt", "email", "hasAdminResponse", "id", "lastMessage", "messageCount", "name", "needsResponse"].sort(),
    );
    expect(json.session).toMatchObject({ email: "ann@example.com", name: "Anonymous", messageCount: 1, needsResponse: false, hasAdminResponse: false });
    expectMessageShape(json.welcomeMessage);
    expect(json.welcomeMessage).toMatchObject({ sender: "ai", escalatedToAdmin: false });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("chatSession="))!;
    expect(await readChatSessionId(new Request(BASE, { headers: { Cookie: cookie.split(";")[0]! } }))).toBe(json.session.id);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it.each([
    [{}, "Email is required to start chatting"],
    [{ email: "  ", name: "Bo" }, "Email is required to start chatting"],
    [{ email: "not-an-address" }, "Please enter a valid email address"],
    [{ email: "a@b" }, "Please enter a valid email address"],
    [{ email: `${"x".repeat(260)}@example.com` }, "Please enter a valid email address"],
  ])("refuses %j with 400 and its message", async (body, message) => {
    const { response, json } = await startSession(body);
    expect(response.status).toBe(400);
    expect(json).toEqual({ message, errors: { email: message } });
  });

  it("lists every field's error at once", async () => {
    const { response, json } = await startSession({ email: "nope", name: "n".repeat(101) });
    expect(response.status).toBe(400);
    expect(json.errors).toEqual({ email: "Please enter a valid email address", name: "Name must be at most 100 characters" });
  });

  it.each([
    ["malformed JSON", { raw: "{email:", contentType: "application/json" }, 400, "The request body is not valid JSON."],
    ["a JSON array", { raw: "[1,2]", contentType: "application/json" }, 400, "The request body must be a JSON object."],
    ["JSON null", { raw: "null", contentType: "application/json" }, 400, "The request body must be a JSON object."],
    ["a form body", { raw: "email=a%40b.co", contentType: "application/x-www-form-urlencoded" }, 415, "This address does not take application/x-www-form-urlencoded bodies: send application/json."],
    ["a huge body", { raw: JSON.stringify({ email: "a@b.co", name: "x".repeat(20_000) }), contentType: "application/json" }, 413, "The request is too large: this address takes at most 16 KB."],
  ])("answers %s with a JSON %s", async (_label, options, status, message) => {
    const response = await call("POST", "/api/chat/sessions", undefined, options);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
  });

  it("limits how many sessions one client starts (429 with Retry-After)", async () => {
    const client = newClientAddress();
    for (let index = 0; index < 20; index += 1) {
      expect((await startSession({ email: `many${index}@example.com` }, { client })).response.status).toBe(201);
    }
    const { response, json } = await startSession({ email: "one-more@example.com" }, { client });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(json.message).toBe("Too many chats started from here. Please try again later.");
  });

  it("answers GET with a JSON 405", async () => {
    const response = await call("GET", "/api/chat/sessions");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: "This address takes POST requests only." });
  });
});

describe("/api/chat/sessions/{id}/messages", () => {
  it("answers a message with {aiResponse} and lists the conversation", async () => {
    const { json: started } = await startSession();
    const id = started.session.id;
    const posted = await call("POST", `/api/chat/sessions/${id}/messages`, { message: `where is my parcel ${inTransit.toLowerCase()}?` });
    expect(posted.status).toBe(200);
    const body = (await posted.json()) as { aiResponse: ChatMessage; userMessage: ChatMessage };
    expectMessageShape(body.aiResponse);
    expect(body.aiResponse).toMatchObject({ sender: "ai", escalatedToAdmin: false, adminName: null });
    expect(body.aiResponse.message).toContain("In Transit");

    const human = (await (await call("POST", `/api/chat/sessions/${id}/messages`, { message: "a person please" })).json()) as { aiResponse: ChatMessage };
    expect(human.aiResponse).toMatchObject({ message: ESCALATION_REPLY, escalatedToAdmin: true });

    const listed = await call("GET", `/api/chat/sessions/${id}/messages`);
    expect(listed.status).toBe(200);
    const messages = (await listed.json()) as ChatMessage[];
    expect(Array.isArray(messages)).toBe(true);
    messages.forEach(expectMessageShape);
    expect(messages.map((message) => message.sender)).toEqual(["ai", "user", "ai", "user", "ai"]);
    expect(messages[0]).toEqual(started.welcomeMessage);
    expect(messages[2]).toEqual(body.aiResponse);
  });

  it("refuses a blank, missing or overlong message with 400", async () => {
    const { json: started } = await startSession();
    const path = `/api/chat/sessions/${started.session.id}/messages`;
    for (const [body, message] of [
      [{ message: "   " }, "Please enter a message"],
      [{}, "Please enter a message"],
      [{ message: 7 }, "Please enter a message"],
      [{ message: "x".repeat(2001) }, "Message must be at most 2,000 characters"],
    ] as const) {
      const response = await call("POST", path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message, errors: { message } });
    }
    expect(((await (await call("GET", path)).json()) as unknown[]).length).toBe(1);
  });

  it("answers an unknown or malformed session id with a JSON 404", async () => {
    for (const id of [UNKNOWN_ID, "short", "..%2F..%2Fadmin"]) {
      const listed = await call("GET", `/api/chat/sessions/${id}/messages`);
      expect(listed.status).toBe(404);
      expect(await listed.json()).toEqual({ message: "Chat session not found" });
      const posted = await call("POST", `/api/chat/sessions/${id}/messages`, { message: "hello" });
      expect(posted.status).toBe(404);
      expect(await posted.json()).toEqual({ message: "Chat session not found" });
    }
  });

  it("limits messages per client (429 with Retry-After) and changes nothing then", async () => {
    const { json: started } = await startSession();
    const path = `/api/chat/sessions/${started.session.id}/messages`;
    const client = newClientAddress();
    for (let index = 0; index < 20; index += 1) {
      expect((await call("POST", path, { message: `hello ${index}` }, { client })).status).toBe(200);
    }
    const refused = await call("POST", path, { message: "one more" }, { client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: "Too many messages. Please wait a moment and try again." });
    // The session's own limit holds from any address too.
    expect((await call("POST", path, { message: "from elsewhere" })).status).toBe(429);
    expect(((await (await call("GET", path)).json()) as unknown[]).length).toBe(41);
  });
});

describe("the admin endpoints", () => {
  it("answer signed-out callers 401 and customers 403, as JSON", async () => {
    const { json: started } = await startSession();
    const cases: [string, string, unknown][] = [
      ["GET", "/api/chat/admin/sessions", undefined],
      ["POST", `/api/chat/admin/sessions/${started.session.id}/respond`, { message: "hi", adminName: "X" }],
    ];
    for (const [method, path, body] of cases) {
      const anonymous = await call(method, path, body);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: "Please sign in as an administrator." });
      const customer = await call(method, path, body, { cookie: customerCookie });
      expect(customer.status).toBe(403);
      expect(await customer.json()).toEqual({ message: "Access denied. Admin privileges required." });
    }
    const messages = (await (await call("GET", `/api/chat/sessions/${started.session.id}/messages`)).json()) as ChatMessage[];
    expect(messages.some((message) => message.sender === "admin")).toBe(false);
  });

  it("list the sessions needing a response first, then the rest, latest first", async () => {
    const quiet = (await startSession({ email: "quiet@example.com" })).json.session;
    const waiting = (await startSession({ email: "waiting@example.com" })).json.session;
    await call("POST", `/api/chat/sessions/${waiting.id}/messages`, { message: "I need a human" });
    const newest = (await startSession({ email: "newest@example.com" })).json.session;

    const response = await call("GET", "/api/chat/admin/sessions", undefined, { cookie: adminCookie });
    expect(response.status).toBe(200);
    const sessions = (await response.json()) as ChatSession[];
    const order = sessions.map((session) => session.id);
    expect(order.indexOf(waiting.id)).toBeLessThan(order.indexOf(newest.id));
    expect(order.indexOf(newest.id)).toBeLessThan(order.indexOf(quiet.id));
    const firstQuiet = sessions.findIndex((session) => !session.needsResponse);
    expect(sessions.slice(firstQuiet).every((session) => !session.needsResponse)).toBe(true);
    expect(sessions.find((session) => session.id === waiting.id)).toMatchObject({
      email: "waiting@example.com",
      name: "Anonymous",
      messageCount: 3,
      needsResponse: true,
      hasAdminResponse: false,
      lastMessage: { message: "I need a human" },
    });
  });

  it("respond: {response: message}, appended to the conversation, session responded", async () => {
    const { json: started } = await startSession({ email: "answer-me@example.com" });
    const id = started.session.id;
    await call("POST", `/api/chat/sessions/${id}/messages`, { message: "speak to someone" });
    const response = await call("POST", `/api/chat/admin/sessions/${id}/respond`, { message: "Hello, Dana here.", adminName: " Dana " }, { cookie: adminCookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { response: ChatMessage };
    expectMessageShape(body.response);
    expect(body.response).toMatchObject({ sender: "admin", message: "Hello, Dana here.", adminName: "Dana", escalatedToAdmin: false });

    const messages = (await (await call("GET", `/api/chat/sessions/${id}/messages`)).json()) as ChatMessage[];
    expect(messages.at(-1)).toEqual(body.response);
    const sessions = (await (await call("GET", "/api/chat/admin/sessions", undefined, { cookie: adminCookie })).json()) as ChatSession[];
    expect(sessions.find((session) => session.id === id)).toMatchObject({ needsResponse: false, hasAdminResponse: true });

    const defaulted = await call("POST", `/api/chat/admin/sessions/${id}/respond`, { message: "Anything else?" }, { cookie: adminCookie });
    expect(((await defaulted.json()) as { response: ChatMessage }).response.adminName).toBe("Support Team");
  });

  it("respond refuses bad input and unknown sessions", async () => {
    const { json: started } = await startSession();
    const path = `/api/chat/admin/sessions/${started.session.id}/respond`;
    const blank = await call("POST", path, { message: " ", adminName: "a".repeat(101) }, { cookie: adminCookie });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      message: "Please enter a message",
      errors: { message: "Please enter a message", adminName: "Admin name must be at most 100 characters" },
    });
    const malformed = await call("POST", path, undefined, { cookie: adminCookie, raw: "{" });
    expect(malformed.status).toBe(400);
    const unknown = await call("POST", `/api/chat/admin/sessions/${UNKNOWN_ID}/respond`, { message: "hi" }, { cookie: adminCookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Chat session not found" });
  });
});

describe("other addresses", () => {
  it("answer unknown /api paths with a JSON 404", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await call(method, "/api/chat/nothing-here", method === "POST" ? {} : undefined);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });

  it("check chat sockets before opening them", async () => {
    const { json: started } = await startSession();
    const socketPath = `/api/chat/sessions/${started.session.id}/socket`;
    expect((await call("GET", socketPath)).status).toBe(426);
    expect((await call("GET", `/api/chat/sessions/${UNKNOWN_ID}/socket`, undefined, { headers: { Upgrade: "websocket" } })).status).toBe(404);
    expect((await call("GET", socketPath, undefined, { headers: { Upgrade: "websocket", Origin: "https://evil.example" } })).status).toBe(403);
    const visitor = await call("GET", socketPath, undefined, { headers: { Upgrade: "websocket" } });
    expect(visitor.status).toBe(101);
    visitor.webSocket!.accept();
    visitor.webSocket!.close();

    expect((await call("GET", "/api/chat/admin/socket", undefined, { headers: { Upgrade: "websocket" } })).status).toBe(401);
    expect((await call("GET", "/api/chat/admin/socket", undefined, { cookie: customerCookie, headers: { Upgrade: "websocket" } })).status).toBe(403);
    const admin = await call("GET", "/api/chat/admin/socket", undefined, { cookie: adminCookie, headers: { Upgrade: "websocket" } });
    expect(admin.status).toBe(101);
    const socket = admin.webSocket!;
    socket.accept();
    const changed = new Promise<unknown>((resolve) => socket.addEventListener("message", (event) => resolve(JSON.parse(event.data as string))));
    await call("POST", `/api/chat/sessions/${started.session.id}/messages`, { message: "hello" });
    expect(await changed).toEqual({ type: "changed", topic: "chat" });
    socket.close();
  });
});
