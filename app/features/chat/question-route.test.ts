import { describe, expect, it } from "vitest";
import { getCountry } from "~/domain/countries";
import { countryInSentence, routeInQuestion, weightInQuestion, weightText } from "./question-route";

describe("weightInQuestion", () => {
  it.each([
    ["5 kg", { amount: 5, unit: "kg", kg: 5 }],
    ["5kg from the US", { amount: 5, unit: "kg", kg: 5 }],
    ["2,5 kilos", { amount: 2.5, unit: "kg", kg: 2.5 }],
    ["0.75 kilograms", { amount: 0.75, unit: "kg", kg: 0.75 }],
    ["1,200 kg of books", { amount: 1200, unit: "kg", kg: 1200 }],
    ["11 lbs", { amount: 11, unit: "lb", kg: 4.99 }],
    ["11 lb", { amount: 11, unit: "lb", kg: 4.99 }],
    ["2 pounds", { amount: 2, unit: "lb", kg: 0.91 }],
    ["5 KG", { amount: 5, unit: "kg", kg: 5 }],
  ])("%s", (text, expected) => {
    expect(weightInQuestion(text)).toEqual(expected);
  });

  it.each(["no weight", "0 kg", "5 kgb", "5 kilometres", "5 parcels"])("finds none in %s", (text) => {
    expect(weightInQuestion(text)).toBeNull();
  });

  it("writes a weight in pounds with its kilograms", () => {
    expect(weightText(weightInQuestion("11 lb")!)).toBe("11 lb (4.99 kg)");
    expect(weightText(weightInQuestion("5 kg")!)).toBe("5 kg");
  });
});

describe("routeInQuestion", () => {
  const codes = (question: string) => {
    const { from, to } = routeInQuestion(question);
    return { from: from?.code ?? null, to: to?.code ?? null };
  };

  it.each([
    ["How much is 5 kg from the US to Germany?", "US", "DE"],
    ["5 kg from the us to germany", "US", "DE"],
    ["5kg US -> DE", "US", "DE"],
    ["US → DE 2 kg", "US", "DE"],
    ["US=>DE", "US", "DE"],
    ["USA to DEU", "US", "DE"],
    ["price US-DE", "US", "DE"],
    ["from the U.S. to the U.K.", "US", "GB"],
    ["Germany to France, 3 kg", "DE", "FR"],
    ["send 3 kg to France from Japan", "JP", "FR"],
    ["between the US and Canada", "US", "CA"],
    ["from Côte d'Ivoire to Türkiye", "CI", "TR"],
    ["from Ivory Coast to Turkey", "CI", "TR"],
    ["from Guinea-Bissau to Guinea Bissau", "GW", "GW"],
    ["from England to the Netherlands", "GB", "NL"],
    ["from Holland to the United States of America", "NL", "US"],
    ["from the United Arab Emirates to South Korea", "AE", "KR"],
    ["from the UAE to the DRC", "AE", "CD"],
  ])("%s", (question, from, to) => {
    expect(codes(question)).toEqual({ from, to });
  });

  it.each([
    ["How much to ship 5 kg to France?", { from: null, to: "FR" }],
    ["what does 2 kg cost from Germany", { from: "DE", to: null }],
    ["5 kg within Germany", { from: "DE", to: "DE" }],
    ["5 kg in the UK", { from: "GB", to: "GB" }],
    // "in" says where only when "from" and "to" do not.
    ["5 kg from Spain to Italy in the EU", { from: "ES", to: "IT" }],
    ["price of 5 kg in US dollars", { from: null, to: null }],
  ])("%s", (question, expected) => {
    expect(codes(question)).toEqual(expected);
  });

  it.each([
    "Hi, I'm Jordan. How much does 5 kg cost?",
    "Can you send it to us?",
    "How much is a turkey of 5 kg?",
    "Is it possible to ship in 2 days?",
    "What does shipping cost?",
  ])("reads no country where none has a part in the route: %s", (question) => {
    expect(codes(question)).toEqual({ from: null, to: null });
  });

  it("reads two-letter words of a question in capitals as codes only after from, to or an arrow", () => {
    expect(codes("HOW MUCH IS IT TO SEND 5 KG TO DE")).toEqual({ from: null, to: "DE" });
    expect(codes("5 KG FROM US TO DE")).toEqual({ from: "US", to: "DE" });
  });

  it("names countries as a sentence does", () => {
    expect(countryInSentence(getCountry("US")!)).toBe("the United States");
    expect(countryInSentence(getCountry("GB")!)).toBe("the United Kingdom");
    expect(countryInSentence(getCountry("NL")!)).toBe("the Netherlands");
    expect(countryInSentence(getCountry("DE")!)).toBe("Germany");
    expect(countryInSentence(getCountry("CG")!)).toBe("Republic of the Congo");
  });
});
