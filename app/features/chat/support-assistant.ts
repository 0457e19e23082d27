// The support assistant's built-in answerer: what the company actually knows, offline. A
// tracking ID in the question is answered from its public tracking facts (never names,
// addresses or other personal data: the caller looks them up as an anonymous viewer); price
// and service questions from the pricing modules; other questions from the FAQ (the same
// content the /faq page shows). When it is unsure, or asked for a person, it hands the
// question to the team.
import { FAQ_ENTRIES, type FaqEntry } from "~/features/site/faq";
import { ESCALATION_REPLY } from "./chat";
import { businessDaysText, SERVICES_BY_SPEED, TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";
import { formatDate, formatMoney, toMinorUnits } from "~/domain/format";
import { BASE_RATES, DELIVERY_OPTION_SURCHARGES, INSURANCE_RATE, PACKAGE_MULTIPLIERS, RATE_PER_KG, ROUTE_MULTIPLIERS, shippingCost } from "~/features/pricing/pricing";
import { timesText } from "~/features/pricing/tariff";
import { statusLabel, type ShipmentStatus } from "~/features/shipments/shipment-status";
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from "~/features/shipments/shipping-options";
import { TRACKING_ID_PATTERN } from "~/features/tracking/tracking-id";

/** The public facts of one shipment: all the assistant may say about it. */
export type TrackingFacts = {
  trackingId: string;
  status: ShipmentStatus;
  currentLocation: string | null;
  destination: { city: string; country: string };
  estimatedDelivery: number | null;
  actualDelivery: number | null;
};

export type AssistantTopic = "tracking" | "pricing" | "faq" | "greeting" | "escalation";

export type AssistantReply = {
  message: string;
  escalate: boolean;
  topic: AssistantTopic;
};

/** At most this many tracking IDs are looked up per question. */
export const MAX_IDS_PER_QUESTION = 3;

const CURRENCY = "USD";

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

function faqReply(entry: FaqEntry): AssistantReply {
  return { message: `${entry.answer.join("\n\n")}\n\nMore in our FAQ: ${faqLink(entry)}`, escalate: false, topic: "faq" };
}

const money = (amount: number) => formatMoney(toMinorUnits(amount, CURRENCY), CURRENCY);


/** A weight in kilograms named in the question ("5 kg", "2.5kg", "11 lbs"), if any. */
export function weightInQuestion(question: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(kg|kgs|kilos?|kilograms?|lbs?|pounds?)\b/i.exec(question);
  if (!match) return null;
  const amount = Number(match[1]!.replace(",", "."));
  if (!Number.isFinite(amount) || amount <= 0 || amount > 10_000) return null;
  const kilograms = /^(lb|lbs|pound|pounds)$/i.test(match[2]!) ? amount * 0.45359237 : amount;
  return Math.round(kilograms * 10) / 10;
}

function servicesIn(question: string): ServiceType[] {
  const text = normalize(question);
  return SERVICE_TYPES.filter((type) => mentions(text, type));
}

const ROUTES_AND_PACKAGES = `Within one region the price is ${timesText(ROUTE_MULTIPLIERS.region)} that, between regions ${timesText(ROUTE_MULTIPLIERS.world)}; documents cost ${timesText(PACKAGE_MULTIPLIERS.document)} and pallets ${timesText(PACKAGE_MULTIPLIERS.pallet)} as much.`;

/** Prices and services from the pricing module: a quote when the question names a weight. */
function pricingReply(question: string): AssistantReply {
  const weight = weightInQuestion(question);
  const named = servicesIn(question);
  // Fastest first, as a customer compares them.
  const services = named.length > 0 ? named : SERVICES_BY_SPEED;
  const lines: string[] = [];
  if (weight !== null) {
    lines.push(`For a ${weight} kg parcel sent within one country:`);
    for (const type of services) {
      const cost = shippingCost({ serviceType: type, packageType: "package", weightKg: weight, fromCountry: "US", toCountry: "US" });
      lines.push(`- ${SERVICE_LABELS[type]} (${businessDaysText(TRANSIT_BUSINESS_DAYS[type])}): ${formatMoney(cost, CURRENCY)}`);
    }
    lines.push(ROUTES_AND_PACKAGES);
  } else {
    lines.push("Our services and their base rates:");
    for (const type of services) lines.push(`- ${SERVICE_LABELS[type]}: ${businessDaysText(TRANSIT_BUSINESS_DAYS[type])}, from ${money(BASE_RATES[type])}`);
    lines.push(`Each kilogram adds ${money(RATE_PER_KG)}. ${ROUTES_AND_PACKAGES}`);
  }
  lines.push(
    `Morning delivery adds ${money(DELIVERY_OPTION_SURCHARGES.morning)}, evening ${money(DELIVERY_OPTION_SURCHARGES.evening)} and Saturday ${money(DELIVERY_OPTION_SURCHARGES.weekend)}; insurance is ${INSURANCE_RATE * 100}% of the declared value. The shipment form shows the exact price for your route before you confirm.`,
  );
  lines.push("Plans for frequent shippers: /pricing");
  return { message: lines.join("\n"), escalate: false, topic: "pricing" };
}

function trackingLine(id: string, facts: TrackingFacts | null, timeZone: string): string {
  if (!facts) return `I could not find a shipment with tracking ID ${id}. Please check the ID and try again.`;
  const parts = [`Shipment ${facts.trackingId} is ${statusLabel(facts.status)}.`];
  if (facts.actualDelivery !== null && facts.status === "delivered") {
    parts.push(`It was delivered on ${formatDate(facts.actualDelivery, timeZone)}.`);
  } else {
    if (facts.currentLocation) parts.push(`Current location: ${facts.currentLocation}.`);
    parts.push(`It is heading to ${facts.destination.city}, ${facts.destination.country}.`);
    if (facts.estimatedDelivery !== null) parts.push(`Estimated delivery: ${formatDate(facts.estimatedDelivery, timeZone)}.`);
  }
  parts.push(`Full history: /track/${facts.trackingId}`);
  return parts.join(" ");
}

export const ESCALATION: AssistantReply = { message: ESCALATION_REPLY, escalate: true, topic: "escalation" };

/**
 * The built-in answer to `question`. `tracking` holds what was found for each tracking ID the
 * question names (null: no such shipment); dates are shown in `timeZone`.
 */
export function builtInAnswer(
  question: string,
  tracking: ReadonlyMap<string, TrackingFacts | null>,
  timeZone = "UTC",
): AssistantReply {
  if (asksForHuman(question)) return ESCALATION;
  const ids = extractTrackingIds(question).slice(0, MAX_IDS_PER_QUESTION);
  if (ids.length > 0) {
    return { message: ids.map((id) => trackingLine(id, tracking.get(id) ?? null, timeZone)).join("\n\n"), escalate: false, topic: "tracking" };
  }
  const text = normalize(question);
  const aboutPlans = PLAN_WORDS.some((word) => mentions(text, word));
  if (!aboutPlans && [...PRICE_WORDS, ...SERVICE_WORDS].some((word) => mentions(text, word))) return pricingReply(question);
  const entry = matchFaq(question);
  if (entry?.id === "track-parcel" || (!entry && TRACKING_WORDS.some((word) => mentions(text, word)))) {
    return {
      message:
        "I can look that up for you: send me the tracking ID. It starts with three letters followed by twelve letters and digits, for example SWP482913K7Q2ZD. You can also enter it on the Track page: /track",
      escalate: false,
      topic: "tracking",
    };
  }
  if (entry) return faqReply(entry);
  const short = words(question).length <= 3;
  if (short && THANKS.some((word) => mentions(text, word))) {
    return { message: "You're welcome! Is there anything else I can help you with?", escalate: false, topic: "greeting" };
  }
  if (short && GREETINGS.some((word) => mentions(text, word))) {
    return {
      message: "Hello! Ask me about a parcel (send its tracking ID), prices, delivery times or anything in our FAQ.",
      escalate: false,
      topic: "greeting",
    };
  }
  return ESCALATION;
}

/** The first message of every conversation. */
export function welcomeText(name: string, companyName: string): string {
  return `Hello ${name}! I'm the ${companyName} assistant. Send me a tracking ID and I'll tell you where the parcel is, or ask about prices, delivery times and anything in our FAQ. Ask for a person at any time and our team will answer.`;
}
