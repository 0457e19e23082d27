// The mail provider: Resend's HTTP API (docs/decisions/148). One POST /emails per mail, with
// the text and its HTML alternative, the one-click unsubscribe headers of non-essential mail
// (RFC 8058), and the outbox row's id as the Idempotency-Key: Resend sends the mail of a key
// once however often it is posted within 24 hours, so a retry after a timeout never doubles it.
// Without RESEND_API_KEY (the local default) nothing is sent: mail stays in the outbox, where
// admins read it.
import type { outbox } from "../../../drizzle/schema";
import { mailHeader } from "./mail-header.server";
import { mailHtml } from "./mail-html";

export type ProviderSettings = Pick<Env, "RESEND_API_KEY" | "RESEND_API_URL" | "MAIL_FROM">;

export type OutgoingMail = Pick<typeof outbox.$inferSelect, "id" | "toAddress" | "subject" | "body" | "kind" | "language" | "unsubscribeUrl">;

/** How long a send may take before it counts as failed (and is tried again under the same key). */
const SEND_TIMEOUT_MS = 5000;

/** Answers that the same request would get again: the mail itself is wrong (an address the provider refuses). */
const FINAL_STATUSES = new Set([400, 422]);

const MAX_ERROR_LENGTH = 300;

/** Whether mail leaves at all: only with a provider key. */
export function sendsMail(env: Pick<Env, "RESEND_API_KEY">): boolean {
  return Boolean(env.RESEND_API_KEY?.trim());
}

/** The key the provider sends a mail once under: the same for every attempt at one outbox row. */
function idempotencyKey(mailId: string): string {
  return `outbox/${mailId}`;
}

/** `final`: trying again cannot help (the mail goes dead at once); otherwise the queue tries again. */
export type SendResult = { ok: true } | { ok: false; error: string; final: boolean };

/** The JSON body of Resend's POST /emails for `mail`; headers made safe again as they leave. */
function providerRequest(env: Pick<Env, "MAIL_FROM">, mail: OutgoingMail) {
  const subject = mailHeader(mail.subject);
  return {
    from: mailHeader(env.MAIL_FROM),
    to: [mailHeader(mail.toAddress)],
    subject,
    text: mail.body,
    html: mailHtml(mail.body, subject, mail.language),
    ...(mail.unsubscribeUrl
      ? { headers: { "List-Unsubscribe": `<${mailHeader(mail.unsubscribeUrl)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
    // Tag values take letters, digits, underscores and dashes.
    tags: [{ name: "kind", value: mail.kind.replace(/[^A-Za-z0-9_-]/g, "_") }],
  };
}

export async function sendThroughProvider(env: ProviderSettings, mail: OutgoingMail): Promise<SendResult> {
  try {
    const response = await fetch(`${env.RESEND_API_URL.replace(/\/+$/, "")}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${env.RESEND_API_KEY?.trim()}`,
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey(mail.id),
      },
      body: JSON.stringify(providerRequest(env, mail)),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.ok) {
      // Read to its end (a few bytes), so the connection serves the next send.
      await response.arrayBuffer();
      return { ok: true };
    }
    const detail = await providerMessage(response);
    return { ok: false, error: `HTTP ${response.status}${detail ? `: ${detail}` : ""}`, final: FINAL_STATUSES.has(response.status) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const message = timedOut ? `No answer within ${SEND_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message : String(error);
    return { ok: false, error: message.slice(0, MAX_ERROR_LENGTH), final: false };
  }
}

/** The provider's own words about a refusal (Resend answers `{ name, message }`), shortened. */
async function providerMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => "")).slice(0, 4 * MAX_ERROR_LENGTH);
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message.slice(0, MAX_ERROR_LENGTH);
  } catch {
    // not JSON: its text
  }
  return text.trim().slice(0, MAX_ERROR_LENGTH);
}
