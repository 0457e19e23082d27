// One Durable Object per support chat session. The conversation lives in the object's own
// SQLite storage; the D1 row in chat_sessions (what the admin list reads) is written by the
// object itself, in the same step as its own write, so the two never disagree:
//
// - Writes run one at a time, in the order they arrive (a queue; awaiting D1 would otherwise
//   let the next message in half-way).
// - Each write first marks the message ids it is about to add as pending (storage), then
//   writes D1 (summary row, and the events and mail of an admin reply, in one batch), then
//   adds the messages and clears the mark (storage). D1 failing leaves storage as it was.
// - A pending mark found later (the object crashed between the two writes, or D1's answer
//   was lost) is reconciled before anything else: D1 is rewritten from storage, and the
//   events and mail of a reply that never reached storage are deleted.
// See docs/decisions/080-chat-session-durable-object.md.
import { DurableObject } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { chatSessions, events, outbox } from "../../drizzle/schema";
import { getDb, type Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { recordEvents, type Actor, type Recording } from "~/.server/events";
import { SESSION_NOT_FOUND, type ChatMessage, type ChatSender, type ChatSession as ChatSessionSummary } from "~/features/chat/chat";
import { acceptSocket, closeSocket, sendToAll } from "./hibernating-sockets";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/features/languages/languages";

type SessionRow = {
  id: string;
  email: string;
  name: string;
  created_at: number;
  updated_at: number;
  needs_response: number;
  has_admin_response: number;
  /** JSON array of the ids of messages being written, while D1 and storage may differ. */
  pending: string | null;
  /** The page's language when the chat started: the assistant answers in it, and the team's mail is written in it. */
  language: string;
};

type MessageRow = {
  id: string;
  sender: ChatSender;
  message: string;
  timestamp: number;
  admin_name: string | null;
  escalated: number;
};

export type ChatConversation = { session: ChatSessionSummary; messages: ChatMessage[] };

/** Sent to a session's sockets whenever messages are added. */
export type ChatSocketUpdate = { type: "messages"; messages: ChatMessage[] };

/** Live connections one conversation accepts (a visitor's tabs). */
const MAX_SOCKETS = 8;

/** The object's state after a change, before it is written. */
type SessionState = { needsResponse: boolean; hasAdminResponse: boolean };

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    sender: row.sender,
    message: row.message,
    timestamp: row.timestamp,
    adminName: row.admin_name,
    escalatedToAdmin: row.escalated === 1,
  };
}

export class ChatSession extends DurableObject<Env> {
  private readonly db: Db;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = getDb(env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id TEXT PRIMARY KEY,
      sender TEXT NOT NULL,
      message TEXT NOT NULL,
      timestamp INTEGER NOT NULL,
      admin_name TEXT,
      escalated INTEGER NOT NULL DEFAULT 0
    )`);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS session (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      name TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      needs_response INTEGER NOT NULL DEFAULT 0,
      has_admin_response INTEGER NOT NULL DEFAULT 0,
      pending TEXT,
      language TEXT NOT NULL DEFAULT 'en'
    )`);
    // A conversation started before chats had a language is in English.
    if (!ctx.storage.sql.exec("SELECT * FROM session LIMIT 0").columnNames.includes("language")) {
      ctx.storage.sql.exec("ALTER TABLE session ADD COLUMN language TEXT NOT NULL DEFAULT 'en'");
    }
    // Sockets are kept alive without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(async () => {
      if (this.sessionRow()?.pending) await this.reconcile().catch((error) => console.error("chat reconcile failed", error));
    });
  }

  /** Starts the conversation with its welcome message; null when this object already holds one. */
  async start(input: { id: string; email: string; name: string; language: Language; welcome: string }): Promise<ChatConversation | null> {
    return this.serially(async () => {
      if (this.sessionRow()) return null;
      const now = Date.now();
      const welcome: ChatMessage = { id: crypto.randomUUID(), sender: "ai", message: input.welcome, timestamp: now, adminName: null, escalatedToAdmin: false };
      this.ctx.storage.sql.exec(
        "INSERT INTO session (id, email, name, created_at, updated_at, pending, language) VALUES (?, ?, ?, ?, ?, ?, ?)",
        input.id,
        input.email,
        input.name,
        now,
        now,
        JSON.stringify([welcome.id]),
        input.language,
      );
      await this.commit([welcome], { needsResponse: false, hasAdminResponse: false });
      return this.conversation();
    });
  }

  /** The visitor's question and the assistant's reply, added together; null when there is no conversation. */
  async exchange(input: { question: string; reply: { message: string; escalate: boolean } }): Promise<{ userMessage: ChatMessage; aiResponse: ChatMessage } | null> {
    return this.serially(async () => {
      const row = this.sessionRow();
      if (!row) return null;
      const now = Date.now();
      const escalatedToAdmin = input.reply.escalate;
      const userMessage: ChatMessage = { id: crypto.randomUUID(), sender: "user", message: input.question, timestamp: now, adminName: null, escalatedToAdmin };
      const aiResponse: ChatMessage = { id: crypto.randomUUID(), sender: "ai", message: input.reply.message, timestamp: now, adminName: null, escalatedToAdmin };
      await this.commit([userMessage, aiResponse], {
        needsResponse: row.needs_response === 1 || escalatedToAdmin,
        hasAdminResponse: row.has_admin_response === 1,
      });
      return { userMessage, aiResponse };
    });
  }

  /** An admin's answer: stored, the session marked responded, and mailed to the visitor (events in the same D1 batch). */
  async respond(input: { message: string; adminName: string; actor: Actor; origin: string }): Promise<ChatMessage | null> {
    return this.serially(async () => {
      const row = this.sessionRow();
      if (!row) return null;
      const response: ChatMessage = {
        id: crypto.randomUUID(),
        sender: "admin",
        message: input.message,
        timestamp: Date.now(),
        adminName: input.adminName,
        escalatedToAdmin: false,
      };
      const reply = recordEvents({ db: this.db }, input.actor, [
        {
          type: "chat.admin_replied",
          entityId: row.id,
          data: { messageId: response.id, email: row.email, name: row.name, adminName: input.adminName, message: input.message },
          language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
        },
      ]);
      await this.commit([response], { needsResponse: false, hasAdminResponse: true }, { recording: reply, origin: input.origin });
      return response;
    });
  }

  conversation(): ChatConversation | null {
    const row = this.sessionRow();
    if (!row) return null;
    return { session: this.summary(row), messages: this.messages() };
  }

  /** The conversation's messages in the order they were written; null when there is no conversation. */
  listMessages(): ChatMessage[] | null {
    return this.sessionRow() ? this.messages() : null;
  }

  /** A WebSocket that receives every message added from now on (hibernation API: an idle socket costs nothing). */
  async fetch(request: Request): Promise<Response> {
    if (!this.sessionRow()) return Response.json({ message: SESSION_NOT_FOUND }, { status: 404 });
    return acceptSocket(this.ctx, request, { max: MAX_SOCKETS });
  }

  // The sockets only listen; "ping" is answered by the auto-response without waking the object.
  webSocketMessage(): void {}

  webSocketClose(ws: WebSocket, code: number): void {
    closeSocket(ws, code);
  }

  private sessionRow(): SessionRow | null {
    return this.ctx.storage.sql.exec<SessionRow>("SELECT * FROM session LIMIT 1").toArray()[0] ?? null;
  }

  private messages(): ChatMessage[] {
    return this.ctx.storage.sql
      .exec<MessageRow>("SELECT id, sender, message, timestamp, admin_name, escalated FROM messages ORDER BY rowid")
      .toArray()
      .map(toMessage);
  }

  private summary(row: SessionRow): ChatSessionSummary {
    const count = this.ctx.storage.sql.exec<{ count: number }>("SELECT count(*) AS count FROM messages").one().count;
    const last = this.ctx.storage.sql
      .exec<{ message: string; timestamp: number }>("SELECT message, timestamp FROM messages WHERE sender <> 'ai' ORDER BY rowid DESC LIMIT 1")
      .toArray()[0];
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: row.created_at,
      messageCount: count,
      lastMessage: last ? { message: last.message, timestamp: last.timestamp } : null,
      needsResponse: row.needs_response === 1,
      hasAdminResponse: row.has_admin_response === 1,
    };
  }

  /** Runs `operation` after every write that arrived before it. */
  private serially<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.sessionRow()?.pending) await this.reconcile();
      return operation();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The summary row as it will be once `added` is stored with `state`. */
  private summaryAfter(row: SessionRow, added: ChatMessage[], state: SessionState, now: number) {
    const current = this.summary(row);
    const person = added.filter((message) => message.sender !== "ai").at(-1);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      createdAt: row.created_at,
      messageCount: current.messageCount + added.length,
      lastMessage: person ? person.message : (current.lastMessage?.message ?? null),
      needsResponse: state.needsResponse,
      hasAdminResponse: state.hasAdminResponse,
      updatedAt: now,
    };
  }

  private upsertSummary(values: typeof chatSessions.$inferInsert) {
    const { id: _id, ...changes } = values;
    return this.db.insert(chatSessions).values(values).onConflictDoUpdate({ target: chatSessions.id, set: changes });
  }

  /** D1 first, then storage (see the top of this file). */
  private async commit(added: ChatMessage[], state: SessionState, withEvents?: { recording: Recording; origin: string }): Promise<void> {
    const row = this.sessionRow()!;
    const now = Date.now();
    this.ctx.storage.sql.exec("UPDATE session SET pending = ?", JSON.stringify(added.map((message) => message.id)));
    try {
      const summary = this.upsertSummary(this.summaryAfter(row, added, state, now));
      // With an admin's reply: its event and mail go through the one pipeline (app/.server/dispatch.ts).
      if (withEvents) await commit({ db: this.db, origin: withEvents.origin, cloudflare: { env: this.env, ctx: this.ctx } }, [summary, withEvents.recording]);
      else await this.db.batch([summary]);
    } catch (error) {
      // D1 may or may not have taken the batch (an answer can be lost): make it match storage again.
      await this.reconcile().catch((reconcileError) => console.error("chat reconcile failed", reconcileError));
      throw error;
    }
    this.ctx.storage.transactionSync(() => {
      for (const message of added) {
        this.ctx.storage.sql.exec(
          "INSERT INTO messages (id, sender, message, timestamp, admin_name, escalated) VALUES (?, ?, ?, ?, ?, ?)",
          message.id,
          message.sender,
          message.message,
          message.timestamp,
          message.adminName,
          message.escalatedToAdmin ? 1 : 0,
        );
      }
      this.ctx.storage.sql.exec(
        "UPDATE session SET needs_response = ?, has_admin_response = ?, updated_at = ?, pending = NULL",
        state.needsResponse ? 1 : 0,
        state.hasAdminResponse ? 1 : 0,
        now,
      );
    });
    this.broadcast({ type: "messages", messages: added });
    this.ctx.waitUntil(this.notifyAdmins());
  }

  /**
   * Makes D1 match storage after an interrupted write: the summary row rewritten from storage
   * (removed, with the object's own row, if the conversation never got its first message) and
   * the events and mail of messages that never reached storage deleted.
   */
  private async reconcile(): Promise<void> {
    const row = this.sessionRow();
    if (!row?.pending) return;
    const pendingIds = JSON.parse(row.pending) as string[];
    const stored = new Set(this.messages().map((message) => message.id));
    const lost = pendingIds.filter((id) => !stored.has(id));
    const lostEvents = this.db
      .select({ id: events.id })
      .from(events)
      .where(sql`${events.type} = 'chat.admin_replied' AND ${events.entityId} = ${row.id} AND json_extract(${events.data}, '$.messageId') IN (${sql.join(lost.length ? lost.map((id) => sql`${id}`) : [sql`NULL`], sql`, `)})`);
    const cleanUp = [this.db.delete(outbox).where(inArray(outbox.eventId, lostEvents)), this.db.delete(events).where(inArray(events.id, lostEvents))] as const;
    if (stored.size === 0) {
      await this.db.batch([this.db.delete(chatSessions).where(eq(chatSessions.id, row.id)), ...cleanUp]);
      this.ctx.storage.sql.exec("DELETE FROM session");
      return;
    }
    const state = { needsResponse: row.needs_response === 1, hasAdminResponse: row.has_admin_response === 1 };
    await this.db.batch([this.upsertSummary(this.summaryAfter(row, [], state, row.updated_at)), ...cleanUp]);
    this.ctx.storage.sql.exec("UPDATE session SET pending = NULL");
  }

  private broadcast(update: ChatSocketUpdate): void {
    sendToAll(this.ctx, JSON.stringify(update));
  }

  /** Admins' lists follow changes live; a failure here only delays them until their next poll. */
  private async notifyAdmins(): Promise<void> {
    try {
      const feed = this.env.CHAT_ADMIN_FEED;
      await feed.get(feed.idFromName("admins")).publish();
    } catch (error) {
      console.error("chat admin feed unreachable", error);
    }
  }
}
