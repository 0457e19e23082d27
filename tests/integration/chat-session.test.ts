import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ChatSession } from "~/durable-objects/chat-session";

describe("ChatSession Durable Object", () => {
  it("keeps one conversation per session, in order", async () => {
    const stub = env.CHAT_SESSIONS.get(env.CHAT_SESSIONS.idFromName("session-a"));
    await stub.append({ sender: "user", message: "Where is my parcel?", adminName: null, escalatedToAdmin: false });
    await stub.append({ sender: "admin", message: "On its way.", adminName: "Support Team", escalatedToAdmin: false });
    const messages = await stub.list();
    expect(messages.map((message) => [message.sender, message.message, message.adminName])).toEqual([
      ["user", "Where is my parcel?", null],
      ["admin", "On its way.", "Support Team"],
    ]);
    const other = env.CHAT_SESSIONS.get(env.CHAT_SESSIONS.idFromName("session-b"));
    expect(await other.list()).toEqual([]);
  });

  it("stores messages in the object's own SQLite storage", async () => {
    const stub = env.CHAT_SESSIONS.get(env.CHAT_SESSIONS.idFromName("session-c"));
    await stub.append({ sender: "user", message: "Hi", adminName: null, escalatedToAdmin: true });
    await runInDurableObject(stub, async (instance: ChatSession, state) => {
      const rows = state.storage.sql.exec("SELECT message, escalated FROM messages").toArray();
      expect(rows).toEqual([{ message: "Hi", escalated: 1 }]);
      expect(instance.list()[0]!.escalatedToAdmin).toBe(true);
    });
  });
});
