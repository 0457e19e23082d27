// The chat's pages as a browser without JavaScript uses them: /support/chat, the floating link
// on public pages, /admin/chat-support and the admin bell.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatSessions, outbox } from "../../drizzle/schema";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { listChatMessages } from "~/features/chat/chat.server";
import { createUser, db, seedDemoData, serviceContext, signedInCookie } from "./fixtures";
import { chatCookieFrom, chatSessionIdOf as sessionIdOf, get, newClientAddress, post } from "./requests";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
let adminCookie: string;

beforeAll(async () => {
  await seedDemoData();
  adminCookie = await signedInCookie((await createUser({ role: "admin" })).id);
});

async function startOnPage(fields: Record<string, string> = { email: "page@example.com", name: "Pat" }) {
  const response = await post("/support/chat", { intent: "start", ...fields });
  expect(response.status).toBe(302);
  return chatCookieFrom(response);
}

describe("the floating chat link", () => {
  it("is on public pages and leads to /support/chat", async () => {
    for (const path of ["/", "/track", `/track/${inTransit}`, "/login"]) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<a href="\/support\/chat"[^>]*>.*Chat with us<\/span><\/a>/s);
    }
  });

  it("is not on admin pages, print views or the chat page itself", async () => {
    for (const [path, headers] of [
      ["/admin/dashboard", { Cookie: adminCookie }],
      [`/track/${inTransit}?print=1`, {}],
      ["/support/chat", {}],
    ] as const) {
      const html = await (await get(path, headers)).text();
      expect(html, path).not.toContain("Chat with us");
    }
  });
});

describe("/support/chat without JavaScript", () => {
  it("starts with the e-mail, answers each message and keeps the conversation in an HttpOnly cookie", async () => {
    const first = await get("/support/chat");
    expect(first.status).toBe(200);
    const startPage = await first.text();
    expect(startPage).toContain("Start Chat");
    expect(startPage).toContain("Name (optional)");

    const started = await post("/support/chat", { intent: "start", email: "page@example.com", name: "" });
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toBe("/support/chat");
    const setCookie = started.headers.getSetCookie().find((value) => value.startsWith("chatSession="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = chatCookieFrom(started);

    const asked = await post("/support/chat", { intent: "message", message: `where is my parcel ${inTransit.toLowerCase()}?` }, { Cookie: cookie });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/support/chat#latest");
    await post("/support/chat", { intent: "message", message: "Can I speak to a human?" }, { Cookie: cookie });

    const page = await get("/support/chat", { Cookie: cookie });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    // No name given: greeted without one.
    expect(html).toContain("Hello! I&#x27;m the");
    expect(html).toContain("Chatting as page@example.com</p>");
    expect(html).toContain(`Shipment ${inTransit} is In Transit.`);
    expect(html).toContain("This question has been sent to our team for a detailed response.");
    expect(html).toContain("Escalated to admin");
    expect(html).toContain('id="latest"');
  });

  it("refuses a missing or invalid e-mail with the product's messages and keeps the name", async () => {
    const missing = await post("/support/chat", { intent: "start", email: "", name: "Pat" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Email is required to start chatting");
    expect(html).toContain('value="Pat"');
    const invalid = await post("/support/chat", { intent: "start", email: "pat@nowhere" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Please enter a valid email address");
  });

  it("says which buttons to use when a POST names none or an unknown one, and starts nothing", async () => {
    for (const fields of [{}, { email: "nobutton@example.com" }, { intent: "bogus", email: "nobutton@example.com" }] as Record<string, string>[]) {
      const response = await post("/support/chat", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toMatch(/role="alert"[^>]*>\s*<p>Please use the Start Chat or Send button<\/p>/);
    }
    const started = await db.select().from(chatSessions).where(eq(chatSessions.email, "nobutton@example.com"));
    expect(started).toEqual([]);
  });

  it("refuses a blank message and changes nothing", async () => {
    const cookie = await startOnPage();
    const refused = await post("/support/chat", { intent: "message", message: "   " }, { Cookie: cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a message");
    expect(await listChatMessages(serviceContext(), await sessionIdOf(cookie))).toHaveLength(1);
  });

  it("drops a bot's submission (honeypot) without starting anything", async () => {
    const response = await post("/support/chat", { intent: "start", email: "bot@example.com", website: "spam" });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((value) => value.startsWith("chatSession="))).toBe(false);
  });

  it("starts over with New Chat, and shows the start form for a cookie naming no conversation", async () => {
    const cookie = await startOnPage();
    const reset = await post("/support/chat", { intent: "new" }, { Cookie: cookie });
    expect(reset.status).toBe(302);
    expect(reset.headers.getSetCookie().find((value) => value.startsWith("chatSession="))).toMatch(/Max-Age=0/i);

    const { chatSessionSetCookie } = await import("~/features/chat/chat-cookie.server");
    const stale = (await chatSessionSetCookie("Z".repeat(43))).split(";")[0]!;
    const page = await get("/support/chat", { Cookie: stale });
    expect(await page.text()).toContain("Start Chat");
    // A message posted with it goes back to the start form.
    const posted = await post("/support/chat", { intent: "message", message: "hello" }, { Cookie: stale });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/support/chat");
  });

  it("limits how many chats one client starts", async () => {
    const client = newClientAddress();
    for (let index = 0; index < 20; index += 1) {
      expect((await post("/support/chat", { intent: "start", email: `p${index}@example.com` }, { "CF-Connecting-IP": client })).status).toBe(302);
    }
    const refused = await post("/support/chat", { intent: "start", email: "last@example.com" }, { "CF-Connecting-IP": client });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect(await refused.text()).toContain("Too many chats started from here. Please try again later.");
  });
});

describe("/admin/chat-support without JavaScript", () => {
  it("is for admins only", async () => {
    const anonymous = await get("/admin/chat-support");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/admin/login");
    const customer = await get("/admin/chat-support", { Cookie: await signedInCookie((await createUser()).id) });
    expect(customer.status).toBe(302);
    const reply = await post("/admin/chat-support", { sessionId: "x".repeat(43), message: "hi" });
    expect(reply.status).toBe(302);
    expect(reply.headers.get("Location")).toContain("/admin/login");
  });

  it("lists the session needing a response first, counts it, and a reply reaches the visitor and the outbox", async () => {
    const cookie = await startOnPage({ email: "needs-help@example.com", name: "Nadia" });
    const sessionId = await sessionIdOf(cookie);
    await post("/support/chat", { intent: "message", message: "I want to talk to a person" }, { Cookie: cookie });

    const listPage = await (await get("/admin/chat-support", { Cookie: adminCookie })).text();
    expect(listPage).toContain("Select a Chat Session");
    expect(listPage).toContain('value="Support Team"');
    const firstSession = /<a[^>]*href="\/admin\/chat-support\?session=([^"&]+)/.exec(listPage)![1];
    expect(firstSession).toBe(sessionId);
    expect(listPage).toMatch(/Needs Response/);
    expect(listPage).toMatch(/aria-label="Notifications: \d+ items? needs? an admin"/);

    const pane = await (await get(`/admin/chat-support?session=${sessionId}`, { Cookie: adminCookie })).text();
    expect(pane).toContain("I want to talk to a person");
    expect(pane).toContain("Response will be sent to needs-help@example.com");

    const replied = await post("/admin/chat-support", { sessionId, message: "Hello Nadia, Sam here.", adminName: "Sam" }, { Cookie: adminCookie });
    expect(replied.status).toBe(302);
    expect(replied.headers.get("Location")).toBe(`/admin/chat-support?session=${sessionId}&adminName=Sam`);

    const visitorPage = await (await get("/support/chat", { Cookie: cookie })).text();
    expect(visitorPage).toContain("Hello Nadia, Sam here.");
    const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, "needs-help@example.com"));
    expect(mail).toMatchObject({ kind: "chat-reply" });
    expect(mail!.body).toContain("Hello Nadia, Sam here.");

    const after = await (await get(`/admin/chat-support?session=${sessionId}&adminName=Sam`, { Cookie: adminCookie })).text();
    expect(after).toContain('value="Sam"');
    expect(after).toContain("Responded");
  });

  it("refuses a blank reply and an unknown session", async () => {
    const cookie = await startOnPage();
    const sessionId = await sessionIdOf(cookie);
    const blank = await post("/admin/chat-support", { sessionId, message: " " }, { Cookie: adminCookie });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please enter a message");
    const unknown = await get(`/admin/chat-support?session=${"Q".repeat(43)}`, { Cookie: adminCookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Chat session not found");
    const unknownReply = await post("/admin/chat-support", { sessionId: "Q".repeat(43), message: "hi" }, { Cookie: adminCookie });
    expect(unknownReply.status).toBe(404);
  });

  it("shows how many sessions need a response on the bell", async () => {
    const before = await (await get("/admin/dashboard", { Cookie: adminCookie })).text();
    const count = Number(/Notifications: (\d+) item/.exec(before)![1]);
    const cookie = await startOnPage();
    await post("/support/chat", { intent: "message", message: "a human please" }, { Cookie: cookie });
    const after = await (await get("/admin/dashboard", { Cookie: adminCookie })).text();
    expect(Number(/Notifications: (\d+) item/.exec(after)![1])).toBe(count + 1);
    expect(after).toMatch(new RegExp(`>${count + 1}</span>`));
  });
});
