// The support chat's services, shared by the JSON API, the pages without JavaScript and the
// tests. A conversation lives in its session's Durable Object (app/durable-objects/chat-session.ts),
// which also keeps the session's D1 row, read here for the admin list in one query.
import { desc, eq, sql } from "drizzle-orm";
import { chatSessions } from "../../../drizzle/schema";
import type { ChatConversation } from "~/durable-objects/chat-session";
import {
  isChatSessionId,
  MESSAGES_LIMITED,
  RESPONSE_FAILED,
  SEND_FAILED,
  SESSION_NOT_FOUND,
  START_FAILED,
  STARTS_LIMITED,
  type ChatMessage,
  type ChatSession,
} from "~/features/chat/chat";
import { paginate, pageOffset, type Pagination } from "~/domain/pagination";
import { welcomeText } from "~/features/chat/support-assistant";
import type { ServiceContext } from "~/load-context";
import { answerQuestion, type Asker } from "./chat-assistant.server";
import { actorFor } from "~/.server/events";
import { refused, tooManyAttempts, type Done, type Refused } from "~/.server/outcome";
import { hitRateLimit, limitFromVar } from "~/.server/rate-limit";
import { randomToken, type SessionUser } from "~/features/accounts/session.server";
import { getSettings } from "~/features/settings/settings.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

const NOT_FOUND = refused("not-found", SESSION_NOT_FOUND);

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The JSON API's admin list: the sessions needing a response, then the latest others, at most this many. */
export const ADMIN_LIST_LIMIT = 100;
export const ADMIN_PAGE_SIZE = 20;

function conversationStub(context: Pick<ServiceContext, "cloudflare">, sessionId: string) {
  const namespace = context.cloudflare.env.CHAT_SESSIONS;
  return namespace.get(namespace.idFromName(sessionId));
}

/**
 * A new conversation with its welcome message, in `language` (the page's: the assistant's
 * answers and the team's mail follow it); the session id it returns is the visitor's key to it.
 */
export async function startChat(
  context: ServiceContext,
  input: { email: string; name: string; client: string; language?: Language },
): Promise<Done<{ session: ChatSession; welcomeMessage: ChatMessage }> | Refused> {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const limit = await hitRateLimit(context.db, {
    key: `chat-start:ip:${input.client}`,
    limit: limitFromVar(context.cloudflare.env.CHAT_START_RATE_LIMIT, 20),
    windowMs: HOUR_MS,
  });
  if (!limit.allowed) return tooManyAttempts(limit, STARTS_LIMITED);
  const { companyName } = await getSettings(context.db);
  const id = randomToken();
  try {
    const started = await conversationStub(context, id).start({ id, email: input.email, name: input.name, language, welcome: welcomeText(input.name, companyName, language) });
    if (!started) return refused("unavailable", START_FAILED);
    return { ok: true, message: "Chat started", session: started.session, welcomeMessage: started.messages[0]! };
  } catch (error) {
    console.error("chat start failed", error);
    return refused("unavailable", START_FAILED);
  }
}

/** The visitor's message and the assistant's answer to it, stored in that order. */
export async function postChatMessage(
  context: ServiceContext,
  input: { sessionId: string; message: string; client: string; asker?: Asker | null },
): Promise<Done<{ userMessage: ChatMessage; aiResponse: ChatMessage }> | Refused> {
  if (!isChatSessionId(input.sessionId)) return NOT_FOUND;
  // The conversation's language, read beside the rate limits (then() sends the query at once).
  const language = context.db
    .select({ language: chatSessions.language })
    .from(chatSessions)
    .where(eq(chatSessions.id, input.sessionId))
    .get()
    .then((row) => row?.language ?? DEFAULT_LANGUAGE);
  const limit = limitFromVar(context.cloudflare.env.CHAT_MESSAGE_RATE_LIMIT, 20);
  for (const key of [`chat-message:ip:${input.client}`, `chat-message:session:${input.sessionId}`]) {
    const result = await hitRateLimit(context.db, { key, limit, windowMs: MINUTE_MS });
    if (!result.allowed) return tooManyAttempts(result, MESSAGES_LIMITED);
  }
  const reply = await answerQuestion(context, input.message, { asker: input.asker ?? null, language: await language });
  try {
    const added = await conversationStub(context, input.sessionId).exchange({ question: input.message, reply });
    return added ? { ok: true, message: "Message sent", ...added } : NOT_FOUND;
  } catch (error) {
    console.error("chat message failed", error);
    return refused("unavailable", SEND_FAILED);
  }
}

/** The conversation's messages, oldest first; null when the id names none. */
export async function listChatMessages(context: Pick<ServiceContext, "cloudflare">, sessionId: string): Promise<ChatMessage[] | null> {
  if (!isChatSessionId(sessionId)) return null;
  return conversationStub(context, sessionId).listMessages();
}

/** The session and its messages; null when the id names none. */
export async function getChatConversation(context: Pick<ServiceContext, "cloudflare">, sessionId: string): Promise<ChatConversation | null> {
  if (!isChatSessionId(sessionId)) return null;
  return conversationStub(context, sessionId).conversation();
}

/** An admin's answer: added to the conversation, the session marked responded, the visitor mailed. */
export async function respondToChat(
  context: ServiceContext,
  input: { sessionId: string; message: string; adminName: string; admin: SessionUser },
): Promise<Done<{ response: ChatMessage }> | Refused> {
  if (!isChatSessionId(input.sessionId)) return NOT_FOUND;
  try {
    const response = await conversationStub(context, input.sessionId).respond({
      message: input.message,
      adminName: input.adminName,
      actor: actorFor(input.admin),
      origin: context.origin,
    });
    return response ? { ok: true, message: "Response sent", response } : NOT_FOUND;
  } catch (error) {
    console.error("chat response failed", error);
    return refused("unavailable", RESPONSE_FAILED);
  }
}

function toSession(row: typeof chatSessions.$inferSelect): ChatSession {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.createdAt,
    messageCount: row.messageCount,
    lastMessage: row.lastMessage === null ? null : { message: row.lastMessage, timestamp: row.updatedAt },
    needsResponse: row.needsResponse,
    hasAdminResponse: row.hasAdminResponse,
  };
}

function sessionsQuery(context: Pick<ServiceContext, "db">, limit: number, offset = 0) {
  return context.db
    .select()
    .from(chatSessions)
    .orderBy(desc(chatSessions.needsResponse), desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(limit)
    .offset(offset);
}

function countsQuery(context: Pick<ServiceContext, "db">) {
  return context.db
    .select({
      total: sql<number>`count(*)`,
      needsResponse: sql<number>`coalesce(sum(${chatSessions.needsResponse}), 0)`,
      responded: sql<number>`coalesce(sum(${chatSessions.hasAdminResponse}), 0)`,
    })
    .from(chatSessions);
}

/** The JSON API's list: sessions needing a response first, then the rest, latest activity first. */
export async function listChatSessions(context: Pick<ServiceContext, "db">): Promise<ChatSession[]> {
  return (await sessionsQuery(context, ADMIN_LIST_LIMIT)).map(toSession);
}

export type ChatCounts = { needsResponse: number; total: number; responded: number };

/** The admin page: one page of the list and the three counters, read together. */
export async function chatSupportOverview(
  context: Pick<ServiceContext, "db">,
  { page }: { page: number },
): Promise<{ sessions: ChatSession[]; counts: ChatCounts; pagination: Pagination }> {
  const [counts] = await countsQuery(context);
  const totals = { total: Number(counts?.total ?? 0), needsResponse: Number(counts?.needsResponse ?? 0), responded: Number(counts?.responded ?? 0) };
  const pagination = paginate(totals.total, page, ADMIN_PAGE_SIZE);
  const rows = await sessionsQuery(context, ADMIN_PAGE_SIZE, pageOffset(pagination));
  return { sessions: rows.map(toSession), counts: totals, pagination };
}

/** For the admin header's bell. */
export async function countChatsNeedingResponse(context: Pick<ServiceContext, "db">): Promise<number> {
  const [row] = await context.db.select({ count: sql<number>`count(*)` }).from(chatSessions).where(sql`${chatSessions.needsResponse} = 1`);
  return Number(row?.count ?? 0);
}
