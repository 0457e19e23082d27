// One Durable Object per support chat session: the conversation lives in the object's own
// SQLite storage, so each session is consistent without locking anything shared.
import { DurableObject } from "cloudflare:workers";

export type ChatSender = "user" | "ai" | "admin";

export type ChatMessage = {
  id: string;
  sender: ChatSender;
  message: string;
  timestamp: number;
  adminName: string | null;
  escalatedToAdmin: boolean;
};

type MessageRow = {
  id: string;
  sender: ChatSender;
  message: string;
  timestamp: number;
  admin_name: string | null;
  escalated: number;
};

export class ChatSession extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id TEXT PRIMARY KEY,
      sender TEXT NOT NULL,
      message TEXT NOT NULL,
      timestamp INTEGER NOT NULL,
      admin_name TEXT,
      escalated INTEGER NOT NULL DEFAULT 0
    )`);
  }

  append(input: Omit<ChatMessage, "id" | "timestamp">): ChatMessage {
    const message: ChatMessage = { ...input, id: crypto.randomUUID(), timestamp: Date.now() };
    this.ctx.storage.sql.exec(
      "INSERT INTO messages (id, sender, message, timestamp, admin_name, escalated) VALUES (?, ?, ?, ?, ?, ?)",
      message.id,
      message.sender,
      message.message,
      message.timestamp,
      message.adminName,
      message.escalatedToAdmin ? 1 : 0,
    );
    return message;
  }

  list(): ChatMessage[] {
    return this.ctx.storage.sql
      .exec<MessageRow>("SELECT id, sender, message, timestamp, admin_name, escalated FROM messages ORDER BY timestamp, rowid")
      .toArray()
      .map((row) => ({
        id: row.id,
        sender: row.sender,
        message: row.message,
        timestamp: row.timestamp,
        adminName: row.admin_name,
        escalatedToAdmin: row.escalated === 1,
      }));
  }
}
