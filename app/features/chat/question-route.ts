// What a price question names: the weight with its unit, and the countries of the route, in the
// ways people write them ("5 kg from the US to Germany", "11 lb US -> DE", "2,5 kilos to
// France", "within the UK"). A country counts only where the question gives it a part in the
// route (after "from", "to", "in", an arrow, or before "to" or an arrow and another country), so a
// name that is also a word or a person's name ("Jordan", "Turkey") elsewhere is not read as one.
import { COUNTRIES, getCountry, OTHER_COUNTRY_NAMES, type Country } from "~/domain/countries";
import { KG_PER_LB } from "~/domain/field-limits";

export type WeightAsked = {
  /** As written, in `unit`. */
  amount: number;
  unit: "kg" | "lb";
  /** In kilograms, to the 10 g the shipment form's weights are typed in. */
  kg: number;
};

const WEIGHT = /(\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?)\s*(kg|kgs|kilos?|kilograms?|lbs?|pounds?)(?![\p{L}\p{N}])/iu;

/** The first weight the question names with its unit ("5 kg", "2,5kg", "1,200 kg", "11 lbs"), if any above zero. */
export function weightInQuestion(question: string): WeightAsked | null {
  const match = WEIGHT.exec(question);
  if (!match) return null;
  const written = match[1]!;
  const amount = Number(/^\d{1,3}(?:,\d{3})+$/.test(written) ? written.replaceAll(",", "") : written.replace(",", "."));
  const unit = /^(lbs?|pounds?)$/i.test(match[2]!) ? "lb" : "kg";
  const kg = Math.round((unit === "lb" ? amount * KG_PER_LB : amount) * 100) / 100;
  return Number.isFinite(kg) && kg > 0 ? { amount, unit, kg } : null;
}

/** "5 kg", "11 lb (4.99 kg)", the numbers in `locale`. */
export function weightText(weight: WeightAsked, locale = "en-US"): string {
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 });
  return weight.unit === "kg" ? `${number.format(weight.kg)} kg` : `${number.format(weight.amount)} lb (${number.format(weight.kg)} kg)`;
}

/** The countries of the route asked about; either may be unknown. Within one country both are it. */
export type RouteAsked = { from: Country | null; to: Country | null };

// Alternative spellings that are words of their own ("to the island").
const NOT_NAMES = new Set(["Island"]);

// Names people use that the country data does not list.
const COLLOQUIAL_NAMES: Record<string, string> = {
  America: "US",
  "United States": "US",
  Britain: "GB",
  England: "GB",
  Scotland: "GB",
  Wales: "GB",
  "Northern Ireland": "GB",
  Korea: "KR",
  Turkey: "TR",
  Deutschland: "DE",
};

/** Lower-case names in the lower case every question is compared in: no accents, no dots or apostrophes. */
function fold(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[.'’]/g, "");
}

type Token = { text: string; word: string; kind: "word" | "arrow" | "dash" };

const TOKEN = /->|=>|→|⟶|>|[-–—]|[\p{L}\p{N}'’.]+/gu;

function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].flatMap(([text]): Token[] => {
    if (/^[-–—]$/.test(text)) return [{ text, word: "-", kind: "dash" }];
    if (/^(->|=>|→|⟶|>)$/.test(text)) return [{ text, word: ">", kind: "arrow" }];
    const trimmed = text.replace(/^[.'’]+|[.'’]+$/g, "");
    const word = fold(trimmed);
    return word === "" ? [] : [{ text: trimmed.replace(/\./g, ""), word, kind: "word" }];
  });
}

/** The words of a name as the index keys them: hyphens are spaces ("Guinea-Bissau", "Guinea Bissau"). */
function nameKey(name: string): string {
  return tokenize(name)
    .filter((token) => token.kind === "word")
    .map((token) => token.word)
    .join(" ");
}

const LONGEST_NAME_WORDS = 8;

// Names of four letters or more, in any case; shorter ones are codes ("US", "DEU", "UK", "UAE"),
// which count in capitals only.
const { NAMES, CODES } = (() => {
  const names = new Map<string, string>();
  const codes = new Map<string, string>();
  const add = (name: string, code: string) => {
    const key = nameKey(name);
    if (!/^[a-z0-9 ]+$/.test(key)) return;
    if (key.length <= 3) {
      if (/^[A-Z]{2,3}$/.test(name) && !codes.has(name)) codes.set(name, code);
    } else if (!names.has(key)) names.set(key, code);
  };
  for (const country of COUNTRIES) add(country.name, country.code);
  for (const country of COUNTRIES) add(country.code, country.code);
  for (const [code, others] of OTHER_COUNTRY_NAMES) for (const name of others) if (!NOT_NAMES.has(name)) add(name, code);
  for (const [name, code] of Object.entries(COLLOQUIAL_NAMES)) add(name, code);
  return { NAMES: names, CODES: codes };
})();

/** Codes also written in lower case, after "the" ("from the us"). */
const LOWER_CASE_CODES = new Set(["us", "usa", "uk", "uae"]);

/** `weak`: a two-letter word of a question in capitals ("IT", "IN"), a code only where the route needs it. */
type Mention = { start: number; end: number; code: string; weak: boolean };

/** The country named at token `index`, longest name first. */
function mentionAt(tokens: readonly Token[], index: number, allCaps: boolean): Mention | null {
  const first = tokens[index]!;
  if (first.kind !== "word") return null;
  const words: string[] = [];
  let best: Mention | null = null;
  for (let end = index; end < tokens.length && words.length < LONGEST_NAME_WORDS; end += 1) {
    const token = tokens[end]!;
    if (token.kind === "arrow") break;
    if (token.kind === "dash") continue;
    words.push(token.word);
    const code = NAMES.get(words.join(" "));
    if (code) best = { start: index, end: end + 1, code, weak: false };
  }
  if (best) return best;
  const code = CODES.get(first.text) ?? (tokens[index - 1]?.word === "the" && LOWER_CASE_CODES.has(first.word) ? CODES.get(first.word.toUpperCase()) : undefined);
  return code ? { start: index, end: index + 1, code, weak: allCaps && first.text.length === 2 } : null;
}

/** The part of the route a word gives the country after it. */
const ROLE_BEFORE: Record<string, "from" | "to" | "within" | "between"> = {
  from: "from",
  to: "to",
  into: "to",
  towards: "to",
  ">": "to",
  in: "within",
  within: "within",
  inside: "within",
  between: "between",
};

/** Words that make a preceding code something else: "in US dollars". */
const NOT_A_PLACE_AFTER = new Set(["dollar", "dollars"]);

/** The route the question asks about: "from" and "to" first, "in" or "within" only when neither is said. */
export function routeInQuestion(question: string): RouteAsked {
  const tokens = tokenize(question);
  const allCaps = !/\p{Ll}/u.test(question);
  const mentions: Mention[] = [];
  for (let index = 0; index < tokens.length; ) {
    const mention = mentionAt(tokens, index, allCaps);
    if (mention && !NOT_A_PLACE_AFTER.has(tokens[mention.end]?.word ?? "")) {
      mentions.push(mention);
      index = mention.end;
    } else index += 1;
  }
  const roleOf = (mention: Mention) => ROLE_BEFORE[wordBefore(tokens, mention.start)];
  let from: string | null = null;
  let to: string | null = null;
  let within: string | null = null;
  mentions.forEach((mention, position) => {
    const role = roleOf(mention);
    const next = mentions[position + 1];
    const previous = mentions[position - 1];
    // "US -> DE", "Germany to France", "US-DE": the first is where it leaves from, the second where it goes.
    // In a question in capitals, "TO" is a word too: only an arrow or a dash links two-letter codes there.
    const linkedTo = (other: Mention | undefined, first: Mention, second: Mention) =>
      other !== undefined && linksTo(tokens, first.end, second.start, first.weak || second.weak);
    const leaves = linkedTo(next, mention, next!);
    const arrives = linkedTo(previous, previous!, mention);
    if (mention.weak && !role && !leaves && !arrives) return;
    if (role === "from" || role === "between" || (!role && leaves)) from ??= mention.code;
    else if (role === "to" || (!role && arrives) || (wordBefore(tokens, mention.start) === "and" && previous && roleOf(previous) === "between")) to ??= mention.code;
    else if (role === "within") within ??= mention.code;
  });
  if (from === null && to === null && within !== null) from = to = within;
  return { from: from === null ? null : getCountry(from)!, to: to === null ? null : getCountry(to)! };
}

/** The word before token `index`, passing over "the". */
function wordBefore(tokens: readonly Token[], index: number): string {
  const before = tokens[index - 1]?.word === "the" ? index - 2 : index - 1;
  return tokens[before]?.word ?? "";
}

/** The tokens between two countries join them as a route: an arrow, a dash, or (unless `symbolsOnly`) "to", with "the" or not. */
function linksTo(tokens: readonly Token[], from: number, to: number, symbolsOnly: boolean): boolean {
  const between = tokens.slice(from, to).map((token) => token.word);
  if (between.at(-1) === "the") between.pop();
  return between.length === 1 && (between[0] === ">" || between[0] === "-" || (!symbolsOnly && between[0] === "to"));
}

/** "the United States", "Germany", "the Netherlands": a country's name as a sentence uses it. */
export function countryInSentence(country: Country): string {
  const name = country.name;
  const needsArticle = /^(United|Central African|Dominican|Czech)\b|\b(Islands|Republic|Kingdom|Emirates)$|^(Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles)$/.test(name);
  return needsArticle && !/^Republic of/.test(name) ? `the ${name}` : name;
}
