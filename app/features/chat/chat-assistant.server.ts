// The support assistant on live data: the tracking IDs a question names are looked up as an
// anonymous viewer would see them (public fields only), then the built-in answerer
// (app/features/chat/support-assistant.ts) replies. With a Workers AI binding (`AI`, off by default;
// README "Support chat") a model rephrases that reply, grounded on it and nothing else; an
// escalation is never rephrased, and any model failure falls back to the built-in reply.
import {
  builtInAnswer,
  extractTrackingIds,
  MAX_IDS_PER_QUESTION,
  type AssistantReply,
} from "~/features/chat/support-assistant";
import type { ServiceContext } from "~/load-context";
import { lookUpMany } from "~/features/tracking/tracking.server";

/** The model used when the AI binding is configured. */
export const AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";
const AI_TIMEOUT_MS = 8000;

export async function answerQuestion(context: Pick<ServiceContext, "db" | "cloudflare">, question: string): Promise<AssistantReply> {
  const ids = extractTrackingIds(question).slice(0, MAX_IDS_PER_QUESTION);
  // What anyone with the tracking IDs may know (public fields only), read in one query.
  const found = await lookUpMany(context.db, ids);
  const reply = builtInAnswer(question, new Map(found.map(({ trackingId, shipment }) => [trackingId, shipment])));
  const ai = context.cloudflare.env.AI;
  if (!ai || reply.escalate) return reply;
  return { ...reply, message: (await rephrase(ai, question, reply.message)) ?? reply.message };
}

async function rephrase(ai: Ai, question: string, facts: string): Promise<string | null> {
  try {
    const result = (await Promise.race([
      ai.run(AI_MODEL, {
        messages: [
          {
            role: "system",
            content:
              "You are a parcel delivery company's support assistant. Answer the customer's question using only the facts given; add no other facts, numbers, names or promises. Keep every link exactly as written. Be brief and friendly.",
          },
          { role: "user", content: `Facts:\n${facts}\n\nQuestion:\n${question}` },
        ],
        max_tokens: 400,
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), AI_TIMEOUT_MS)),
    ])) as { response?: unknown } | null;
    const text = typeof result?.response === "string" ? result.response.trim() : "";
    return text === "" ? null : text.slice(0, 4000);
  } catch (error) {
    console.error("Workers AI failed; the built-in answer is used", error);
    return null;
  }
}
