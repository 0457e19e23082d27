// The chat session Durable Object in workerd with the real D1: its conversation, the D1 row it
// keeps in step, restarts, concurrent messages and interrupted writes.
import { abortAllDurableObjects, env, runInDurableObject, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { chatSessions, events, outbox } from "../../drizzle/schema";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import type { ChatSession as ChatSessionObject } from "~/durable-objects/chat-session";
import { answerQuestion } from "~/features/chat/chat-assistant.server";
import { getChatConversation, postChatMessage, respondToChat, startChat } from "~/features/chat/chat.server";
import { ESCALATION_REPLY, type ChatSession } from "~/features/chat/chat";
import { createUser, db, seedDemoData, serviceContext } from "./fixtures";
import { BASE, newClientAddress } from "./requests";

const inTransit = DEMO_TRACKING_IDS.find((demo) => demo.status === "in_transit")!.trackingId;
let seed: Awaited<ReturnType<typeof seedDemoData>>;

beforeAll(async () => {
  seed = await seedDemoData();
});

async function start(email = "visitor@example.com", name = "Vera") {
  const outcome = await startChat(serviceContext(), { email, name, client: newClientAddress() });
  if (!outcome.ok) throw new Error(`start failed: ${outcome.reason}`);
  return outcome;
}

async function ask(sessionId: string, message: string) {
  const outcome = await postChatMessage(serviceContext(), { sessionId, message, client: newClientAddress() });
  if (!outcome.ok) throw new Error(`message failed: ${outcome.reason}`);
  return outcome;
}

function stub(sessionId: string) {
  return env.CHAT_SESSIONS.get(env.CHAT_SESSIONS.idFromName(sessionId));
}

async function d1Row(sessionId: string) {
  return db.select().from(chatSessions).where(eq(chatSessions.id, sessionId)).get();
}

/** The D1 row says what the object's own summary says. */
async function expectD1Agrees(sessionId: string): Promise<ChatSession> {
  const conversation = await getChatConversation(serviceContext(), sessionId);
  const row = await d1Row(sessionId);
  const session = conversation!.session;
  expect(row).toMatchObject({
    id: session.id,
    email: session.email,
    name: session.name,
    createdAt: session.createdAt,
    messageCount: session.messageCount,
    lastMessage: session.lastMessage?.message ?? null,
    needsResponse: session.needsResponse,
    hasAdminResponse: session.hasAdminResponse,
  });
  expect(session.messageCount).toBe(conversation!.messages.length);
  return session;
}

describe("a chat session", () => {
  it("starts with a welcome message and a D1 row that agrees", async () => {
    const { session, welcomeMessage } = await start("Ann@Example.com", "Ann");
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ name: "Ann", email: "Ann@Example.com", messageCount: 1, lastMessage: null, needsResponse: false, hasAdminResponse: false });
    expect(welcomeMessage).toMatchObject({ sender: "ai", adminName: null, escalatedToAdmin: false });
    expect(welcomeMessage.message).toContain("Hello Ann!");
    await expectD1Agrees(session.id);
  });

  it("answers a tracking question from live data and escalates a request for a person", async () => {
    const { session } = await start();
    const tracked = await ask(session.id, `where is my parcel ${inTransit.toLowerCase().replace(/(...)(......)/, "$1 $2 ")}?`);
    expect(tracked.aiResponse).toMatchObject({ sender: "ai", escalatedToAdmin: false });
    expect(tracked.aiResponse.message).toContain(`Shipment ${inTransit} is In Transit.`);
    expect(tracked.aiResponse.message).toContain("Estimated delivery:");
    expect((await expectD1Agrees(session.id)).needsResponse).toBe(false);

    const human = await ask(session.id, "Can I talk to a human please?");
    expect(human.aiResponse).toMatchObject({ message: ESCALATION_REPLY, escalatedToAdmin: true });
    expect(human.userMessage).toMatchObject({ sender: "user", message: "Can I talk to a human please?", escalatedToAdmin: true });
    const after = await expectD1Agrees(session.id);
    expect(after).toMatchObject({ needsResponse: true, hasAdminResponse: false, messageCount: 5, lastMessage: { message: "Can I talk to a human please?" } });
  });

  it("stores an admin's reply, flips the session to responded and mails the visitor in the same D1 batch", async () => {
    const { session } = await start("reply-me@example.com", "Rita");
    await ask(session.id, "I need a person");
    const admin = await createUser({ role: "admin" });
    const outcome = await respondToChat(serviceContext(), { sessionId: session.id, message: "It leaves the hub today.", adminName: "Dana", admin });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.response).toMatchObject({ sender: "admin", message: "It leaves the hub today.", adminName: "Dana", escalatedToAdmin: false });
    expect(await expectD1Agrees(session.id)).toMatchObject({ needsResponse: false, hasAdminResponse: true, lastMessage: { message: "It leaves the hub today." } });

    const [event] = await db.select().from(events).where(eq(events.entityId, session.id));
    expect(event).toMatchObject({ type: "chat.admin_replied", entityType: "chat_session", actorUserId: admin.id });
    const [mail] = await db.select().from(outbox).where(eq(outbox.eventId, event!.id));
    expect(mail).toMatchObject({ toAddress: "reply-me@example.com", kind: "chat-reply" });
    expect(mail!.body).toContain("It leaves the hub today.");
    expect(mail!.body).toContain("Hello Rita,");
    expect(mail!.body).toContain(`${BASE}/support/chat`);
  });

  it("keeps everything when workerd restarts the object", async () => {
    const { session } = await start();
    await ask(session.id, "How long does delivery take?");
    await ask(session.id, "I want to speak to someone");
    const before = await getChatConversation(serviceContext(), session.id);
    await abortAllDurableObjects();
    const after = await getChatConversation(serviceContext(), session.id);
    expect(after).toEqual(before);
    expect(after!.messages.map((message) => message.sender)).toEqual(["ai", "user", "ai", "user", "ai"]);
    // The restarted object goes on where it stopped.
    await ask(session.id, "thanks");
    expect((await expectD1Agrees(session.id)).messageCount).toBe(7);
  });

  it("keeps the order of concurrent messages and loses none", async () => {
    const { session } = await start();
    const questions = Array.from({ length: 12 }, (_, index) => `Question ${index + 1}: what services do you offer?`);
    const answers = await Promise.all(questions.map((question) => ask(session.id, question)));
    const { messages } = (await getChatConversation(serviceContext(), session.id))!;
    expect(messages).toHaveLength(1 + 2 * questions.length);
    const asked = messages.filter((message) => message.sender === "user").map((message) => message.message);
    expect([...asked].sort()).toEqual([...questions].sort());
    // Each question is followed at once by its own answer; the ids say which is whose.
    for (const answer of answers) {
      const at = messages.findIndex((message) => message.id === answer.userMessage.id);
      expect(messages[at + 1]!.id).toBe(answer.aiResponse.id);
    }
    for (let index = 1; index < messages.length; index += 1) expect(messages[index]!.timestamp).toBeGreaterThanOrEqual(messages[index - 1]!.timestamp);
    expect((await expectD1Agrees(session.id)).messageCount).toBe(25);
  });

  it("changes neither side when D1 refuses the write", async () => {
    const { session } = await start();
    await ask(session.id, "hello");
    const before = await getChatConversation(serviceContext(), session.id);
    const rowBefore = await d1Row(session.id);
    const failure = await runInDurableObject(stub(session.id), async (instance: ChatSessionObject) => {
      const internals = instance as unknown as { db: { batch: () => Promise<never> } };
      const real = internals.db;
      internals.db = Object.assign(Object.create(real) as object, { batch: () => Promise.reject(new Error("D1 is down")) }) as typeof real;
      try {
        return await instance.exchange({ question: "lost?", reply: { message: "never stored", escalate: true } }).then(
          () => null,
          (error: Error) => error.message,
        );
      } finally {
        internals.db = real;
      }
    });
    expect(failure).toBe("D1 is down");
    expect(await getChatConversation(serviceContext(), session.id)).toEqual(before);
    expect(await d1Row(session.id)).toEqual(rowBefore);
    await ask(session.id, "still here?");
    expect((await expectD1Agrees(session.id)).messageCount).toBe(5);
  });

  it("reconciles D1 with storage after a write that stopped between the two", async () => {
    const { session } = await start("crash@example.com");
    await ask(session.id, "I need a human");
    const lostId = crypto.randomUUID();
    // What a crash after the D1 batch and before the storage write leaves: D1 ahead (a reply's
    // summary, event and mail) and the pending mark in storage.
    const eventId = crypto.randomUUID();
    await db.batch([
      db.update(chatSessions).set({ messageCount: 4, needsResponse: false, hasAdminResponse: true, lastMessage: "lost reply" }).where(eq(chatSessions.id, session.id)),
      db.insert(events).values({ id: eventId, type: "chat.admin_replied", entityType: "chat_session", entityId: session.id, data: JSON.stringify({ messageId: lostId }) }),
      db.insert(outbox).values({ id: crypto.randomUUID(), eventId, toAddress: "crash@example.com", subject: "s", body: "lost reply", kind: "chat-reply", nextAttemptAt: Date.now() }),
    ]);
    await runInDurableObject(stub(session.id), (_instance, state) => {
      state.storage.sql.exec("UPDATE session SET pending = ?", JSON.stringify([lostId]));
    });
    await abortAllDurableObjects();
    // The object's next start puts D1 right before it answers anything.
    const session2 = await expectD1Agrees(session.id);
    expect(session2).toMatchObject({ messageCount: 3, needsResponse: true, hasAdminResponse: false });
    expect(await db.select().from(events).where(eq(events.id, eventId))).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.eventId, eventId))).toEqual([]);
  });

  it("sends new messages to the conversation's open sockets", async () => {
    const { session } = await start();
    const upgrade = await SELF.fetch(`${BASE}/api/chat/sessions/${session.id}/socket`, { headers: { Upgrade: "websocket" } });
    expect(upgrade.status).toBe(101);
    const socket = upgrade.webSocket!;
    socket.accept();
    const received: unknown[] = [];
    const gotReply = new Promise<void>((resolve) =>
      socket.addEventListener("message", (event) => {
        received.push(JSON.parse(event.data as string));
        if (received.length === 2) resolve();
      }),
    );
    await ask(session.id, "hello");
    const admin = await createUser({ role: "admin" });
    await respondToChat(serviceContext(), { sessionId: session.id, message: "Hi from the team", adminName: "Support Team", admin });
    await gotReply;
    expect(received[0]).toMatchObject({ type: "messages", messages: [{ sender: "user", message: "hello" }, { sender: "ai" }] });
    expect(received[1]).toMatchObject({ type: "messages", messages: [{ sender: "admin", message: "Hi from the team" }] });
    socket.close();
  });
});

describe("the assistant's privacy", () => {
  it("answers a tracking question with public facts only", async () => {
    const shipment = seed.shipments.find((row) => row.trackingId === inTransit)!;
    const reply = await answerQuestion(serviceContext(), `Where is ${inTransit}?`);
    expect(reply.message).toContain("In Transit");
    const personal = [
      shipment.senderName,
      shipment.senderEmail,
      shipment.senderPhone,
      shipment.senderAddress,
      shipment.senderPostalCode,
      shipment.recipientName,
      shipment.recipientEmail,
      shipment.recipientPhone,
      shipment.recipientAddress,
      shipment.recipientPostalCode,
      shipment.description,
    ].filter((value): value is string => typeof value === "string" && value.length > 0);
    expect(personal.length).toBeGreaterThan(5);
    for (const value of personal) expect(reply.message).not.toContain(value);
  });
});
