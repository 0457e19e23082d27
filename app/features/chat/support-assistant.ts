// The support assistant's built-in answerer: what the company actually knows, offline. A
// tracking ID in the question is answered from its public tracking facts (never names,
// addresses or other personal data: the caller looks them up as an anonymous viewer; only the
// asker's own delivered shipment adds who took it, from its proof of delivery), a problem
// with what happened and what comes next; price questions as the shipment form prices them
// (price-answer.ts); other questions from the FAQ (the same content the /faq page shows). When it
// is unsure, or asked for a person, it hands the question to the team. It answers in the
// conversation's language (`chatTranslator`): its own words from the `chat` catalogs, the FAQ's
// from the `faq` catalogs, status names from the `statuses` catalogs.
import type { TFunction } from "i18next";
import { FAQ_ENTRIES, type FaqEntry } from "~/features/site/faq";
import { translator } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, LOCALES, tk, type Language } from "~/features/languages/languages";
import { ESCALATION_REPLY, visitorName } from "./chat";
import { formatDate, formatDateTime, formatDay } from "~/domain/format";
import { proofSentence } from "~/features/couriers/courier-rules";
import { defaultStatusDescription, isDelivered, statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { runningLate } from "~/features/tracking/tracking-timeline";
import { TRACKING_ID_PATTERN } from "~/features/tracking/tracking-id";
import { priceAnswer, priceVoice, TARIFF_PRICING, type FormPricing } from "./price-answer";
import { weightInQuestion } from "./question-route";

/** The public facts of one shipment: all the assistant may say about it. */
export type TrackingFacts = {
  trackingId: string;
  status: ShipmentStatus;
  currentLocation: string | null;
  destination: { city: string; country: string };
  estimatedDelivery: number | null;
  actualDelivery: number | null;
};

/** A shipment's latest stored history entry: its status then, where, what was written and when. */
export type LatestEntry = { status: ShipmentStatus; location: string | null; description: string; occurredAt: number };

/** The public facts of one shipment with its latest history entry (null when none is stored). */
export type ShipmentFacts = TrackingFacts & { latestEntry: LatestEntry | null };

/** A delivery's proof as its owner may hear it: who took the parcel, when, and whether a photo was taken. */
export type OwnerProof = { receivedBy: string; takenAt: number; photo: boolean };

/** What an answer may draw on besides the question. */
export type AssistantFacts = {
  /** The proofs of delivery of the asker's own shipments among those named, by tracking ID. */
  proofs?: ReadonlyMap<string, OwnerProof>;
  /** What was found for each tracking ID the question names (null: no such shipment). */
  tracking?: ReadonlyMap<string, ShipmentFacts | null>;
  /** What the shipment form prices a new shipment with; the bare tariff (US dollars, no tax) when not given. */
  pricing?: FormPricing;
  now?: number;
  /** Moments are written in this zone; an estimated delivery is the date it names, in every zone. */
  timeZone?: string;
  /** The conversation's language. */
  language?: Language;
};

/** The assistant's words in `language`: the chat's own first, then the mail's (a proof of delivery). */
export function chatTranslator(language: Language): TFunction {
  return translator(language, ["chat", "mail"]);
}

/** What the answer is written with: the conversation's words, its locale and its time zone. */
type Voice = { t: TFunction; locale: string; timeZone: string };

export type AssistantTopic = "tracking" | "pricing" | "faq" | "greeting" | "escalation";

export type AssistantReply = {
  message: string;
  escalate: boolean;
  topic: AssistantTopic;
};

/** At most this many tracking IDs are looked up per question. */
export const MAX_IDS_PER_QUESTION = 3;

// A tracking ID as people type it: 15 letters and digits, any case, with spaces or hyphens
// between them. Every word start is tried (a longer word before the ID must not swallow its
// first part), and a candidate counts once compacted it fits the real pattern.
const TRACKING_CANDIDATE = /[A-Za-z](?:[\s-]?[A-Za-z0-9]){14}(?![A-Za-z0-9])/y;

/** The tracking IDs in `text`, upper case and compacted, each once, in the order written. */
export function extractTrackingIds(text: string): string[] {
  const found: string[] = [];
  for (let start = 0; start < text.length; start += 1) {
    if (start > 0 && /[A-Za-z0-9]/.test(text[start - 1]!)) continue;
    TRACKING_CANDIDATE.lastIndex = start;
    const match = TRACKING_CANDIDATE.exec(text);
    if (!match) continue;
    const id = match[0].replace(/[\s-]/g, "").toUpperCase();
    if (!TRACKING_ID_PATTERN.test(id)) continue;
    if (!found.includes(id)) found.push(id);
    start += match[0].length - 1;
  }
  return found;
}

/** Lower case words and digits, single spaces: what the rules below match against. */
function normalize(text: string): string {
  return ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim()} `;
}

function mentions(normalized: string, phrase: string): boolean {
  return normalized.includes(` ${normalize(phrase).trim()} `);
}

const HUMAN_WORDS = [
  "human",
  "person",
  "real person",
  "someone",
  "somebody",
  "agent",
  "representative",
  "operator",
  "staff",
  "talk to",
  "speak to",
  "speak with",
  "talk with",
  "customer service",
  "support team",
  "call me",
  "manager",
];

/** The visitor asks for a person rather than the assistant. */
export function asksForHuman(question: string): boolean {
  const text = normalize(question);
  return HUMAN_WORDS.some((word) => mentions(text, word));
}

const PRICE_WORDS = ["price", "prices", "pricing", "cost", "costs", "how much", "rate", "rates", "quote", "fee", "fees", "charge", "tariff", "cheap", "cheapest", "expensive"];
const SERVICE_WORDS = ["service", "services", "what do you offer", "shipping options", "delivery options"];
// Plans have their own FAQ entry; a question about them is not a per-parcel price question.
const PLAN_WORDS = ["plan", "plans", "subscription", "monthly", "yearly", "per month", "per year"];
const TRACKING_WORDS = ["where is", "where s", "track", "tracking", "status"];
const GREETINGS = ["hi", "hello", "hey", "good morning", "good afternoon", "good evening"];
const THANKS = ["thanks", "thank you", "thx", "cheers"];

const STOP_WORDS = new Set(
  "a an and are be can do does for from how i in is it my of on or the to what when where which who why will with you your me we our this that".split(" "),
);

function words(text: string): string[] {
  return normalize(text)
    .trim()
    .split(" ")
    .filter((word) => word !== "" && !STOP_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word));
}

/** How well `entry` answers `question`: its keywords count most, shared words of its question a little. */
function faqScore(question: string, entry: FaqEntry): number {
  const text = normalize(question);
  let score = 0;
  for (const keyword of entry.keywords) {
    if (mentions(text, keyword)) score += keyword.includes(" ") ? 3 : 2;
  }
  const asked = new Set(words(question));
  for (const word of new Set(words(entry.question))) if (asked.has(word)) score += 1;
  return score;
}

/** Below this score the FAQ is not a confident answer. */
const FAQ_THRESHOLD = 3;

/** The FAQ entry that answers `question`, if one does confidently. */
export function matchFaq(question: string, entries: readonly FaqEntry[] = FAQ_ENTRIES): FaqEntry | null {
  let best: { entry: FaqEntry; score: number } | null = null;
  for (const entry of entries) {
    const score = faqScore(question, entry);
    if (score >= FAQ_THRESHOLD && (!best || score > best.score)) best = { entry, score };
  }
  return best?.entry ?? null;
}

export function faqLink(entry: FaqEntry): string {
  return `/faq#${entry.id}`;
}

/** An FAQ entry's answer in the conversation's language (the `faq` catalogs hold the FAQ's English texts as keys). */
function faqReply(entry: FaqEntry, t: TFunction): AssistantReply {
  const answer = entry.answer.map((paragraph) => t(paragraph, { ns: "faq" })).join("\n\n");
  return { message: `${answer}\n\n${t("More in our FAQ: {{link}}", { link: faqLink(entry) })}`, escalate: false, topic: "faq" };
}

// What comes next for a parcel with a problem, and who does it.
const NEXT_STEPS: Partial<Record<ShipmentStatus, string>> = {
  exception: tk(
    "Next step: our team is resolving it and will update the tracking page. If you can help (a wrong address, for example), ask here for a person and our team will answer.",
  ),
  failed: tk("Next step: ask here for a person to arrange another delivery attempt or a pickup, and our team will answer."),
};

const statusIn = (t: TFunction, status: ShipmentStatus) => t(statusLabel(status), { ns: "statuses" });

/** What the latest history entry says happened, when it says more than the status's default words. */
function reasonText(facts: ShipmentFacts, { t, locale, timeZone }: Voice): string {
  const entry = facts.latestEntry;
  if (!entry || entry.status !== facts.status) return t("No reason has been recorded yet.");
  const description = entry.description.trim();
  const when = [formatDate(entry.occurredAt, timeZone, locale), entry.location].filter(Boolean).join(", ");
  if (description === "" || description === defaultStatusDescription(facts.status)) return t("No reason has been recorded yet (updated {{when}}).", { when });
  return t("Reason: {{reason}} ({{when}}).", { reason: description.replace(/[.\s]+$/, ""), when });
}

/** The estimate while it is still ahead; a day gone by is said to be overdue, never stated as an estimate. */
function estimateText(facts: ShipmentFacts, now: number, { t, locale, timeZone }: Voice): string | null {
  if (facts.estimatedDelivery === null || facts.status === "ready_for_pickup") return null;
  const late = runningLate({ status: facts.status, estimatedDelivery: facts.estimatedDelivery, now, timeZone });
  if (late) return t("It is overdue: it was expected on {{date}}.", { date: formatDay(late.expected, locale) });
  return t("Estimated delivery: {{date}}.", { date: formatDay(facts.estimatedDelivery, locale) });
}

function trackingLine(id: string, facts: ShipmentFacts | null, now: number, voice: Voice, proof?: OwnerProof): string {
  const { t, locale, timeZone } = voice;
  if (!facts) return t("I could not find a shipment with tracking ID {{id}}. Please check the ID and try again.", { id });
  const parts = [t("Shipment {{trackingId}} is {{status}}.", { trackingId: facts.trackingId, status: statusIn(t, facts.status) })];
  if (isDelivered(facts.status) && proof) {
    parts.push(`${proofSentence(t, { receivedBy: proof.receivedBy, at: formatDateTime(proof.takenAt, timeZone, locale), photo: proof.photo })}.`);
  } else if (isDelivered(facts.status)) {
    parts.push(facts.actualDelivery !== null ? t("It was delivered on {{date}}.", { date: formatDate(facts.actualDelivery, timeZone, locale) }) : t("It has been delivered."));
  } else if (facts.status === "returned") {
    parts.push(t("It has been returned to its sender."));
  } else {
    const nextStep = NEXT_STEPS[facts.status];
    if (nextStep) parts.push(reasonText(facts, voice), t(nextStep));
    if (facts.currentLocation) parts.push(t("Current location: {{location}}.", { location: facts.currentLocation }));
    parts.push(t("It is heading to {{city}}, {{country}}.", { city: facts.destination.city, country: facts.destination.country }));
    const estimate = estimateText(facts, now, voice);
    if (estimate) parts.push(estimate);
  }
  parts.push(t("Full history: {{link}}", { link: `/track/${facts.trackingId}` }));
  return parts.join(" ");
}

export const ESCALATION: AssistantReply = { message: ESCALATION_REPLY, escalate: true, topic: "escalation" };

/** The tracking IDs the answer looks up: those the question names, up to MAX_IDS_PER_QUESTION. */
export function trackingIdsAsked(question: string): string[] {
  return asksForHuman(question) ? [] : extractTrackingIds(question).slice(0, MAX_IDS_PER_QUESTION);
}

/**
 * The question is answered with prices: it asks about prices or services (not plans) or names
 * a weight, and neither asks for a person nor names a tracking ID.
 */
export function asksAboutPrices(question: string): boolean {
  if (asksForHuman(question) || extractTrackingIds(question).length > 0) return false;
  const text = normalize(question);
  if (weightInQuestion(question)) return true;
  return !PLAN_WORDS.some((word) => mentions(text, word)) && [...PRICE_WORDS, ...SERVICE_WORDS].some((word) => mentions(text, word));
}

/** The built-in answer to `question`, from `facts`, in the conversation's language. */
export function builtInAnswer(question: string, facts: AssistantFacts = {}): AssistantReply {
  const { tracking = new Map(), proofs = new Map(), pricing = TARIFF_PRICING, now = Date.now(), timeZone = "UTC", language = DEFAULT_LANGUAGE } = facts;
  const t = chatTranslator(language);
  const voice: Voice = { t, locale: LOCALES[language], timeZone };
  if (asksForHuman(question)) return { ...ESCALATION, message: t(ESCALATION.message) };
  const ids = trackingIdsAsked(question);
  if (ids.length > 0) {
    return { message: ids.map((id) => trackingLine(id, tracking.get(id) ?? null, now, voice, proofs.get(id))).join("\n\n"), escalate: false, topic: "tracking" };
  }
  const text = normalize(question);
  if (asksAboutPrices(question)) return { message: priceAnswer(question, text, pricing, now, priceVoice(t, language)), escalate: false, topic: "pricing" };
  const entry = matchFaq(question);
  if (entry?.id === "track-parcel" || (!entry && TRACKING_WORDS.some((word) => mentions(text, word)))) {
    return {
      message: t(
        "I can look that up for you: send me the tracking ID. It starts with three letters followed by twelve letters and digits, for example SWP482913K7Q2ZD. You can also enter it on the Track page: /track",
      ),
      escalate: false,
      topic: "tracking",
    };
  }
  if (entry) return faqReply(entry, t);
  const short = words(question).length <= 3;
  if (short && THANKS.some((word) => mentions(text, word))) {
    return { message: t("You're welcome! Is there anything else I can help you with?"), escalate: false, topic: "greeting" };
  }
  if (short && GREETINGS.some((word) => mentions(text, word))) {
    return {
      message: t("Hello! Ask me about a parcel (send its tracking ID), prices, delivery times or anything in our FAQ."),
      escalate: false,
      topic: "greeting",
    };
  }
  return { ...ESCALATION, message: t(ESCALATION.message) };
}

/** The first message of every conversation, in its language: the visitor greeted by name, or without one when they gave none. */
export function welcomeText(name: string, companyName: string, language: Language = DEFAULT_LANGUAGE): string {
  const t = chatTranslator(language);
  const greeted = visitorName(name);
  return greeted
    ? t(
        "Hello {{name}}! I'm the {{companyName}} assistant. Send me a tracking ID and I'll tell you where the parcel is, or ask about prices, delivery times and anything in our FAQ. Ask for a person at any time and our team will answer.",
        { name: greeted, companyName },
      )
    : t(
        "Hello! I'm the {{companyName}} assistant. Send me a tracking ID and I'll tell you where the parcel is, or ask about prices, delivery times and anything in our FAQ. Ask for a person at any time and our team will answer.",
        { companyName },
      );
}
