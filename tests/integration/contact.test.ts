// The contact form (stored, acknowledged through the outbox, validated, honeypot, rate limit)
// and the admin's messages (list, reading, one reply mailed to the sender, admins only).
import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, events, outbox } from "../../drizzle/schema";
import { sendContactMessage } from "~/features/contact/contact.server";
import type { ContactInput } from "~/features/contact/contact-form";
import { createUser, db, serviceContext, signedInCookie } from "./fixtures";
import { BASE, get, newClientAddress, post } from "./requests";

const VALID = { name: "Ada Lovelace", email: "ada@example.com", type: "billing", subject: "Invoice question", message: "Line one\nLine two" };

/** Page text without the markers React puts between adjacent text pieces. */
async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

function messagesFrom(email: string) {
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

function mailTo(email: string) {
  return db.select().from(outbox).where(eq(outbox.toAddress, email));
}

describe("contact form", () => {
  it("stores a valid message, records contact.received and queues the acknowledgement", async () => {
    const response = await post("/contact", { ...VALID, email: " Sender.One@Example.com " });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");

    const [stored] = await messagesFrom("sender.one@example.com");
    expect(stored).toMatchObject({ name: "Ada Lovelace", type: "billing", subject: "Invoice question", message: "Line one\nLine two", readAt: null, repliedAt: null });
    const [event] = await db.select().from(events).where(eq(events.entityId, stored!.id));
    expect(event).toMatchObject({ type: "contact.received", entityType: "contact_message", actorEmail: "sender.one@example.com" });
    const [mail] = await mailTo("sender.one@example.com");
    expect(mail).toMatchObject({ kind: "contact-acknowledgement", eventId: event!.id, subject: "We received your message" });
    expect(mail!.body).toContain("within 2 hours");
    expect(mail!.body).toContain(stored!.id);

    const page = await html(await get("/contact?sent=1"));
    expect(page).toContain("Message Sent!");
    expect(page).toContain("Send Another Message");
  });

  it("defaults the type to general", async () => {
    const { type: _type, ...withoutType } = VALID;
    await post("/contact", { ...withoutType, email: "no-type@example.com" });
    expect((await messagesFrom("no-type@example.com")).map((message) => message.type)).toEqual(["general"]);
  });

  it("answers an incomplete message with 400, every error at once and the values kept, storing nothing", async () => {
    const response = await post("/contact", { name: "", email: "not-an-address", type: "tracking", subject: "Kept subject", message: "  " });
    expect(response.status).toBe(400);
    const page = await html(response);
    for (const error of ["Name is required", "Please enter a valid email address", "Message is required"]) expect(page).toContain(error);
    expect(page).toContain('value="Kept subject"');
    expect(page).toContain('value="not-an-address"');
    expect(page).toMatch(/<option value="tracking" selected="">/);
    expect(await messagesFrom("not-an-address")).toEqual([]);
    expect(await mailTo("not-an-address")).toEqual([]);
  });

  it("refuses an unknown type and text over its bound", async () => {
    const tooLong = await post("/contact", { ...VALID, email: "long@example.com", message: "m".repeat(5001), subject: "s".repeat(151) });
    expect(tooLong.status).toBe(400);
    const page = await html(tooLong);
    expect(page).toContain("Message must be at most 5,000 characters");
    expect(page).toContain("Subject must be at most 150 characters");
    const badType = await post("/contact", { ...VALID, email: "long@example.com", type: "sales" });
    expect(badType.status).toBe(400);
    expect(await html(badType)).toContain("Please choose a type of inquiry from the list");
    expect(await messagesFrom("long@example.com")).toEqual([]);
  });

  it("answers a body that is no form with 415 and an oversized one with 413, storing nothing", async () => {
    const json = await SELF.fetch(`${BASE}/contact`, {
      method: "POST",
      redirect: "manual",
      body: JSON.stringify({ ...VALID, email: "json@example.com" }),
      headers: { Origin: BASE, Host: "parcel.test", "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
    const huge = await post("/contact", { ...VALID, email: "huge@example.com", message: "m".repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(await messagesFrom("json@example.com")).toEqual([]);
    expect(await messagesFrom("huge@example.com")).toEqual([]);
  });

  it("drops what the honeypot catches, showing the bot the same success", async () => {
    const response = await post("/contact", { ...VALID, email: "bot@example.com", website: "http://spam.test" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    expect(await messagesFrom("bot@example.com")).toEqual([]);
    expect(await mailTo("bot@example.com")).toEqual([]);
  });

  it("allows five messages an hour per client, then answers 429 with Retry-After and keeps the values", async () => {
    const address = newClientAddress();
    for (let index = 0; index < 5; index += 1) {
      const response = await post("/contact", { ...VALID, email: "chatty@example.com", subject: `Message ${index}` }, { "CF-Connecting-IP": address });
      expect(response.status).toBe(302);
    }
    const refused = await post("/contact", { ...VALID, email: "chatty@example.com", subject: "One too many" }, { "CF-Connecting-IP": address });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const page = await html(refused);
    expect(page).toMatch(/You have sent several messages in a short time\. Please try again in \d+ minutes?\./);
    expect(page).toContain('value="One too many"');
    expect(await messagesFrom("chatty@example.com")).toHaveLength(5);
    // Another client is not held back.
    expect((await post("/contact", { ...VALID, email: "chatty@example.com" })).status).toBe(302);
  });

  it("says the refusal in the page's language: Spanish and French, with the wait's plural", async () => {
    for (const [language, expected] of [
      ["es", /Has enviado varios mensajes en poco tiempo\. Vuelve a intentarlo dentro de \d+ minutos?\./],
      ["fr", /Vous avez envoyé plusieurs messages en peu de temps\. Veuillez réessayer dans \d+ minutes?\./],
    ] as const) {
      const address = newClientAddress();
      const headers = { "CF-Connecting-IP": address, "Accept-Language": language };
      for (let index = 0; index < 5; index += 1) expect((await post("/contact", { ...VALID, email: `busy-${language}@example.com` }, headers)).status).toBe(302);
      const refused = await post("/contact", { ...VALID, email: `busy-${language}@example.com` }, headers);
      expect(refused.status).toBe(429);
      const page = await html(refused);
      expect(page).toMatch(expected);
    }
  });

  it("acknowledges ten messages an hour to one sender address, from however many clients", async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await post("/contact", { ...VALID, email: "Flooded@Example.com", subject: `Message ${index}` })).status).toBe(302);
    }
    const refused = await post("/contact", { ...VALID, email: "flooded@example.com", subject: "One too many" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await mailTo("flooded@example.com")).toHaveLength(10);
  });
});

describe("admin messages", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  let adminCookie: string;
  let customerCookie: string;

  beforeAll(async () => {
    admin = await createUser({ role: "admin", firstName: "Grace", lastName: "Hopper" });
    adminCookie = await signedInCookie(admin.id);
    customerCookie = await signedInCookie((await createUser()).id);
  });

  async function newMessage(overrides: Partial<ContactInput> = {}, now = Date.now()) {
    const sent = await sendContactMessage(serviceContext(), { message: { ...VALID, type: "general", ...overrides }, clientAddress: newClientAddress(), now });
    if (!sent.ok) throw new Error(sent.message);
    return sent.id;
  }

  function message(id: string) {
    return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  }

  it("lists unread messages first, then newest first, and opening one marks it read", async () => {
    const now = Date.now();
    const older = await newMessage({ subject: "Older unread", email: "list@example.com" }, now - 60_000);
    const read = await newMessage({ subject: "Newest but read", email: "list@example.com" }, now);
    const newer = await newMessage({ subject: "Newer unread", email: "list@example.com" }, now - 30_000);
    expect((await get(`/admin/messages/${read}`, { Cookie: adminCookie })).status).toBe(200);
    expect((await message(read))!.readAt).not.toBeNull();
    expect((await message(older))!.readAt).toBeNull();

    const page = await html(await get("/admin/messages?search=list%40example.com", { Cookie: adminCookie }));
    const order = ["Newer unread", "Older unread", "Newest but read"].map((subject) => page.indexOf(subject));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const unreadOnly = await html(await get("/admin/messages?state=unread&search=list%40example.com", { Cookie: adminCookie }));
    expect(unreadOnly).toContain("Newer unread");
    expect(unreadOnly).not.toContain("Newest but read");
    expect(newer).toBeTruthy();
  });

  it("mails the admin's reply to the sender, stores it with its author and marks the message answered", async () => {
    const id = await newMessage({ email: "reply-me@example.com", subject: "Where is my parcel?" });
    const response = await post(`/admin/messages/${id}`, { intent: "reply", reply: "  It is out for delivery today.\n\nGrace  " }, { Cookie: adminCookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/messages/${id}`);

    const stored = await message(id);
    expect(stored).toMatchObject({ reply: "It is out for delivery today.\n\nGrace", repliedBy: admin.id, repliedByName: "Grace Hopper" });
    expect(stored!.repliedAt).not.toBeNull();
    expect(stored!.readAt).not.toBeNull();
    const [event] = await db.select().from(events).where(and(eq(events.entityId, id), eq(events.type, "contact.replied")));
    expect(event).toMatchObject({ actorUserId: admin.id });
    const replies = (await mailTo("reply-me@example.com")).filter((mail) => mail.kind === "contact-reply");
    // The visitor's own subject is named in the body, never in a subject line.
    expect(replies).toEqual([expect.objectContaining({ subject: "SwiftParcel has answered your message", eventId: event!.id })]);
    expect(replies[0]!.body).toContain('You wrote to us about "Where is my parcel?".');
    expect(replies[0]!.body).toContain("It is out for delivery today.");

    const page = await html(await get(`/admin/messages/${id}`, { Cookie: adminCookie }));
    expect(page).toContain("Sent by Grace Hopper");
    // The button's text, not the page's catalog (which holds every word of the back office).
    expect(page).not.toContain(">Send Reply<");
  });

  it("answers a message once: a second reply is refused with 409 and sends nothing", async () => {
    const id = await newMessage({ email: "once@example.com" });
    expect((await post(`/admin/messages/${id}`, { intent: "reply", reply: "First" }, { Cookie: adminCookie })).status).toBe(302);
    const again = await post(`/admin/messages/${id}`, { intent: "reply", reply: "Second" }, { Cookie: adminCookie });
    expect(again.status).toBe(409);
    expect((await message(id))!.reply).toBe("First");
    expect((await mailTo("once@example.com")).filter((mail) => mail.kind === "contact-reply")).toHaveLength(1);
  });

  it("refuses an empty or oversized reply with 400", async () => {
    const id = await newMessage({ email: "empty-reply@example.com" });
    const empty = await post(`/admin/messages/${id}`, { intent: "reply", reply: "   " }, { Cookie: adminCookie });
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Reply is required");
    const huge = await post(`/admin/messages/${id}`, { intent: "reply", reply: "r".repeat(5001) }, { Cookie: adminCookie });
    expect(huge.status).toBe(400);
    expect((await message(id))!.repliedAt).toBeNull();
  });

  it("puts a message back as unread", async () => {
    const id = await newMessage({ email: "unread-again@example.com" });
    await get(`/admin/messages/${id}`, { Cookie: adminCookie });
    const response = await post(`/admin/messages/${id}`, { intent: "mark-unread" }, { Cookie: adminCookie });
    expect(response.headers.get("Location")).toBe("/admin/messages");
    expect((await message(id))!.readAt).toBeNull();
  });

  it("answers 404 for a message that does not exist", async () => {
    expect((await get("/admin/messages/no-such-message", { Cookie: adminCookie })).status).toBe(404);
    expect((await post("/admin/messages/no-such-message", { intent: "reply", reply: "Hello" }, { Cookie: adminCookie })).status).toBe(404);
  });

  it("refuses customers and signed-out callers, also by direct POST", async () => {
    const id = await newMessage({ email: "private@example.com" });
    const callers: Record<string, string>[] = [{ Cookie: customerCookie }, {}];
    for (const headers of callers) {
      for (const path of ["/admin/messages", `/admin/messages/${id}`]) {
        const page = await get(path, headers);
        expect(page.status).toBe(302);
        expect(page.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      const reply = await post(`/admin/messages/${id}`, { intent: "reply", reply: "Not an admin" }, headers);
      expect(reply.status).toBe(302);
      expect(reply.headers.get("Location")).toMatch(/^\/admin\/login/);
      const data = await get(`/admin/messages/${id}.data`, headers);
      expect(await data.text()).not.toContain("private@example.com");
    }
    const stored = await message(id);
    expect(stored).toMatchObject({ readAt: null, reply: null, repliedAt: null });
    expect((await mailTo("private@example.com")).filter((mail) => mail.kind === "contact-reply")).toEqual([]);
  });
});
