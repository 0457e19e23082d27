import { describe, expect, it } from "vitest";
import { FAQ_ENTRIES } from "~/features/site/faq";
import { ESCALATION_REPLY } from "./chat";
import { formatMoney } from "~/domain/format";
import { shippingCost } from "~/features/pricing/pricing";
import {
  asksForHuman,
  builtInAnswer,
  extractTrackingIds,
  matchFaq,
  weightInQuestion,
  type TrackingFacts,
} from "./support-assistant";

const ID = "SWP482913K7Q2ZD";

const inTransit: TrackingFacts = {
  trackingId: ID,
  status: "in_transit",
  currentLocation: "Leipzig Air Hub",
  destination: { city: "Paris", country: "FR" },
  estimatedDelivery: Date.UTC(2030, 4, 14, 12),
  actualDelivery: null,
};

const none = new Map<string, TrackingFacts | null>();

describe("extractTrackingIds", () => {
  it.each([
    [`where is ${ID}?`, [ID]],
    [`where is ${ID.toLowerCase()}`, [ID]],
    ["my parcel swp 482913 k7q2zd please", [ID]],
    ["SWP-482913-K7Q2ZD", [ID]],
    ["status SWP 482913 K7Q2ZD", [ID]],
    [`${ID} and SWP517204M3X9PA and ${ID}`, [ID, "SWP517204M3X9PA"]],
    ["no id here at all, just words", []],
    ["SWP482913K7Q2ZDX is too long", []],
    ["12P482913K7Q2ZD starts with digits", []],
  ])("%s", (text, expected) => {
    expect(extractTrackingIds(text)).toEqual(expected);
  });
});

describe("builtInAnswer", () => {
  it("answers a tracking question with status, location and estimated delivery", () => {
    const reply = builtInAnswer(`where is my parcel ${ID.toLowerCase()}?`, new Map([[ID, inTransit]]));
    expect(reply.escalate).toBe(false);
    expect(reply.topic).toBe("tracking");
    expect(reply.message).toContain(`Shipment ${ID} is In Transit.`);
    expect(reply.message).toContain("Current location: Leipzig Air Hub.");
    expect(reply.message).toContain("Paris, FR");
    expect(reply.message).toContain("Estimated delivery: May 14, 2030.");
    expect(reply.message).toContain(`/track/${ID}`);
  });

  it("says when a tracking ID is not found, without escalating", () => {
    const reply = builtInAnswer(`SWP000000AAAAAA?`, new Map([["SWP000000AAAAAA", null]]));
    expect(reply.escalate).toBe(false);
    expect(reply.message).toContain("could not find a shipment with tracking ID SWP000000AAAAAA");
  });

  it("tells the delivery date of a delivered parcel", () => {
    const delivered: TrackingFacts = { ...inTransit, status: "delivered", actualDelivery: Date.UTC(2030, 0, 3) };
    expect(builtInAnswer(ID, new Map([[ID, delivered]])).message).toContain("It was delivered on Jan 3, 2030.");
  });

  it("answers FAQ questions with the FAQ's own text and a link", () => {
    const entry = FAQ_ENTRIES.find((candidate) => candidate.id === "delivery-times")!;
    const reply = builtInAnswer("How long does delivery take?", none);
    expect(reply).toMatchObject({ escalate: false, topic: "faq" });
    expect(reply.message).toContain(entry.answer[0]);
    expect(reply.message).toContain("/faq#delivery-times");
  });

  it.each([
    ["What's the weight limit for a parcel?", "size-limits"],
    ["Can I return a parcel?", "returns"],
    ["Who pays customs duties?", "customs"],
    ["Do you ship to Brazil?", "countries"],
    ["Do you have a monthly plan for my business?", "plans"],
    ["My parcel is lost, how do I claim insurance?", "claims"],
  ])("matches %s to the FAQ entry %s", (question, id) => {
    expect(matchFaq(question)?.id).toBe(id);
    expect(builtInAnswer(question, none).message).toContain(`/faq#${id}`);
  });

  it("answers price questions from the pricing module", () => {
    const reply = builtInAnswer("How much does shipping cost?", none);
    expect(reply).toMatchObject({ escalate: false, topic: "pricing" });
    expect(reply.message).toContain("Standard: 5 business days, from $5.99");
    expect(reply.message).toContain("Overnight: 1 business day, from $24.99");
    expect(reply.message).toContain("Each kilogram adds $0.50");
  });

  it("quotes a weight and service named in the question", () => {
    const reply = builtInAnswer("What is the price of 5 kg express?", none);
    const expected = shippingCost({ serviceType: "express", packageType: "package", weightKg: 5, fromCountry: "US", toCountry: "US" });
    expect(reply.message).toContain(`Express (2 business days): ${formatMoney(expected, "USD")}`);
    expect(reply.message).toContain("$15.49");
    expect(reply.message).not.toContain("Economy");
  });

  it("lists the services when asked", () => {
    expect(builtInAnswer("What services do you offer?", none).message).toContain("Express: 2 business days, from $12.99");
  });

  it.each(["Can I talk to a human?", "I want a real PERSON please", "Let me speak to someone", "get me an agent"])(
    "escalates when asked for a person: %s",
    (question) => {
      expect(asksForHuman(question)).toBe(true);
      expect(builtInAnswer(question, none)).toEqual({ message: ESCALATION_REPLY, escalate: true, topic: "escalation" });
    },
  );

  it("escalates a request for a person even when it names a tracking ID", () => {
    expect(builtInAnswer(`I need a human about ${ID}`, new Map([[ID, inTransit]])).escalate).toBe(true);
  });

  it.each(["My package arrived with a strange smell", "qwertyuiop", "Can you change the recipient of my order?"])(
    "escalates when unsure: %s",
    (question) => {
      const reply = builtInAnswer(question, none);
      expect(reply.escalate).toBe(true);
      expect(reply.message).toBe(ESCALATION_REPLY);
    },
  );

  it("asks for the tracking ID when a parcel is asked about without one", () => {
    const reply = builtInAnswer("Where is my parcel?", none);
    expect(reply).toMatchObject({ escalate: false, topic: "tracking" });
    expect(reply.message).toContain("send me the tracking ID");
  });

  it("greets and thanks without escalating", () => {
    expect(builtInAnswer("Hello!", none).topic).toBe("greeting");
    expect(builtInAnswer("thanks", none).message).toContain("You're welcome");
  });
});

describe("weightInQuestion", () => {
  it.each([
    ["5 kg", 5],
    ["2,5kg", 2.5],
    ["11 lbs", 5],
    ["no weight", null],
    ["0 kg", null],
  ])("%s", (text, expected) => {
    expect(weightInQuestion(text)).toBe(expected);
  });
});
