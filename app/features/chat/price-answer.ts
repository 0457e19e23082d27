// The support assistant's answers about prices. A weight is priced as the customer's shipment
// form prices it: the form's own estimate (the pricing module's quote and the one charge, with
// the settings' tax) of a draft holding that weight on the route asked, in the currency a new
// shipment starts in. A route with one country known is priced from (or to) that country, from
// elsewhere in its pricing region and from outside it; with none, within one country, within one
// region and between regions (docs/decisions/083-support-assistant.md). It answers in the
// conversation's language: its sentences from the `chat` catalogs, services, delivery options
// and tax notes from `shipments`, region names from `admin`, countries and amounts by locale.
import type { TFunction } from "i18next";
import { COUNTRIES, PRICING_REGIONS, type Country } from "~/domain/countries";
import { RANGE, MAX_PACKAGES } from "~/domain/field-limits";
import { countryName, formatMoney, listOf, toMinorUnits } from "~/domain/format";
import { formatTaxRate, taxNote, type Charge } from "~/features/pricing/charge";
import { DEFAULT_LANGUAGE, LOCALES, type Language } from "~/features/languages/languages";
import { BASE_CURRENCY, BASE_RATE, describeRate, type ExchangeRate } from "~/features/pricing/exchange-rates";
import { routeMultiplier } from "~/features/pricing/pricing";
import { BASE_RATES, PACKAGE_MULTIPLIERS, RATE_PER_KG, ROUTE_MULTIPLIERS, timesText } from "~/features/pricing/tariff";
import { estimateDraft } from "~/features/shipments/customer-shipment";
import { SERVICES_BY_SPEED, serviceTimeText } from "~/features/shipments/delivery-dates";
import { EMPTY_PACKAGE, newDraft, type PackageDraft } from "~/features/shipments/shipment-steps";
import {
  DELIVERY_OPTION_LABELS,
  DELIVERY_OPTION_SURCHARGES,
  DELIVERY_OPTIONS,
  INSURANCE_RATE,
  SERVICE_LABELS,
  type DeliveryOption,
  type ServiceType,
} from "~/features/shipments/shipping-options";
import { countryInSentence, routeInQuestion, weightInQuestion, weightText, type RouteAsked, type WeightAsked } from "./question-route";

/** What a new shipment is priced with: the rate of the currency the form starts in, and the settings' tax rate. */
export type FormPricing = { rate: ExchangeRate; taxRateBasisPoints: number };

/** US dollars without tax: the tariff as it stands. */
export const TARIFF_PRICING: FormPricing = { rate: BASE_RATE, taxRateBasisPoints: 0 };

const PACKAGE_MAX_KG = RANGE.packageWeightKg.max;

/** The packages of the form that weigh `kg` together: as many full ones as it takes, then the rest; null when no shipment holds it. */
function packagesWeighing(kg: number): PackageDraft[] | null {
  const rows: PackageDraft[] = [];
  for (let full = Math.floor(kg / PACKAGE_MAX_KG); full > 0; full -= RANGE.quantity.max) {
    rows.push({ ...EMPTY_PACKAGE, weight: String(PACKAGE_MAX_KG), quantity: String(Math.min(full, RANGE.quantity.max)) });
  }
  const rest = Math.round((kg - Math.floor(kg / PACKAGE_MAX_KG) * PACKAGE_MAX_KG) * 100) / 100;
  if (rest > 0) rows.push({ ...EMPTY_PACKAGE, weight: String(rest) });
  return rows.length <= MAX_PACKAGES ? rows : null;
}

type Parcel = { packages: PackageDraft[]; serviceType: ServiceType; deliveryOption?: DeliveryOption };

/** What the shipment form charges for `parcel` from `from` to `to` (country codes), with the settings' tax. */
function formCharge(parcel: Parcel, from: string, to: string, pricing: FormPricing, now: number): Charge {
  const draft = {
    ...newDraft({ name: "", email: "", currency: pricing.rate.currency }),
    packages: parcel.packages,
    serviceType: parcel.serviceType,
    deliveryOption: parcel.deliveryOption ?? "standard",
    senderCountry: from,
    recipientCountry: to,
  };
  const estimate = estimateDraft(draft, { now, rate: pricing.rate, taxRateBasisPoints: pricing.taxRateBasisPoints });
  if (!estimate) throw new Error(`No estimate for ${from} to ${to} in ${pricing.rate.currency}`);
  return estimate.charge;
}

/** The services the question names, or all of them, fastest first. */
function servicesIn(text: string): ServiceType[] {
  const named = SERVICES_BY_SPEED.filter((type) => text.includes(` ${type.replaceAll("_", " ")} `));
  return named.length > 0 ? named : [...SERVICES_BY_SPEED];
}

/** What an answer is written with: the conversation's translator (the `chat` catalogs first), its language and locale. */
export type PriceVoice = { t: TFunction; language: Language; locale: string };

/** The voice of `t` in `language`. */
export function priceVoice(t: TFunction, language: Language = DEFAULT_LANGUAGE): PriceVoice {
  return { t, language, locale: LOCALES[language] };
}

const SHIPMENTS = "shipments";

/** A country as a sentence names it: "the United States" in English, the locale's name elsewhere. */
function countryIn(country: Country, { language, locale }: PriceVoice): string {
  return language === DEFAULT_LANGUAGE ? countryInSentence(country) : countryName(country.code, locale);
}

function regionIn(region: string, { t }: PriceVoice): string {
  return t(region, { ns: "admin" });
}

function serviceIn(type: ServiceType, { t }: PriceVoice): string {
  return t(SERVICE_LABELS[type], { ns: SHIPMENTS });
}



/** One way of sending the parcel, as the answer names it ("from elsewhere in Europe"). */
type Leg = { from: string; to: string; label: string };

const firstOther = (test: (country: Country) => boolean) => COUNTRIES.find(test)!;

/**
 * The legs priced for a route: the route itself when both ends are known; else the known
 * country's own, one with another country of its region and one with a country outside it;
 * else the same three from an example country (every country of a region is priced alike).
 */
function legsFor(route: RouteAsked, voice: PriceVoice): Leg[] {
  const { t } = voice;
  const { from, to } = route;
  if (from && to) return [{ from: from.code, to: to.code, label: "" }];
  const known = from ?? to;
  const example = known ?? COUNTRIES.find((country) => country.code === "US")!;
  const neighbour = firstOther((country) => country.region === example.region && country.code !== example.code);
  const abroad = firstOther((country) => country.region !== example.region);
  const pair = (other: Country) => (from ? { from: example.code, to: other.code } : { from: other.code, to: example.code });
  if (!known) {
    return [
      { from: example.code, to: example.code, label: t("within one country") },
      { ...pair(neighbour), label: t("within one pricing region") },
      { ...pair(abroad), label: t("between regions") },
    ];
  }
  const region = regionIn(known.region, voice);
  return [
    { from: known.code, to: known.code, label: t("within {{country}}", { country: countryIn(known, voice) }) },
    { ...pair(neighbour), label: from ? t("to elsewhere in {{region}}", { region }) : t("from elsewhere in {{region}}", { region }) },
    { ...pair(abroad), label: from ? t("to outside {{region}}", { region }) : t("from outside {{region}}", { region }) },
  ];
}

/** The answer's first line: the weight on the route asked, and whether tax is in the prices. */
function pricedLine({ from, to }: RouteAsked, weight: string, tax: string, voice: PriceVoice): string {
  const { t } = voice;
  if (from && to && from.code === to.code) return t("A parcel of {{weight}} within {{country}} costs, with standard delivery and no insurance ({{tax}}):", { weight, tax, country: countryIn(from, voice) });
  if (from && to) return t("A parcel of {{weight}} from {{from}} to {{to}} costs, with standard delivery and no insurance ({{tax}}):", { weight, tax, from: countryIn(from, voice), to: countryIn(to, voice) });
  if (from) return t("A parcel of {{weight}} from {{from}} costs, with standard delivery and no insurance ({{tax}}):", { weight, tax, from: countryIn(from, voice) });
  if (to) return t("A parcel of {{weight}} to {{to}} costs, with standard delivery and no insurance ({{tax}}):", { weight, tax, to: countryIn(to, voice) });
  return t("A parcel of {{weight}} costs, with standard delivery and no insurance ({{tax}}):", { weight, tax });
}

/** "1%": the insurance rate as a percentage in the locale. */
function insuranceRateIn({ locale }: PriceVoice): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(INSURANCE_RATE);
}

/** The delivery options' surcharges, each "Saturday €27.60", as one sentence with the insurance rate. */
function optionsSentence(options: string[], voice: PriceVoice): string {
  return voice.t("Delivery options add: {{options}}; insurance is {{insurance}} of the declared value.", { options: listOf(options, voice.locale), insurance: insuranceRateIn(voice) });
}

/** The delivery options' surcharges as the form adds them to this parcel, in its currency with its tax. */
function deliveryOptionsText(parcel: Parcel, leg: Leg, pricing: FormPricing, now: number, voice: PriceVoice): string {
  const standard = formCharge(parcel, leg.from, leg.to, pricing, now);
  const options = DELIVERY_OPTIONS.filter((option) => option !== "standard").map((option) => {
    const charge = formCharge({ ...parcel, deliveryOption: option }, leg.from, leg.to, pricing, now);
    return `${voice.t(DELIVERY_OPTION_LABELS[option], { ns: SHIPMENTS })} ${formatMoney(charge.total - standard.total, charge.currency, voice.locale)}`;
  });
  return optionsSentence(options, voice);
}

/** The price of the weight asked on the route asked, service by service. */
function weightReply(weight: WeightAsked, route: RouteAsked, services: ServiceType[], pricing: FormPricing, now: number, voice: PriceVoice): string[] {
  const { t, locale } = voice;
  const packages = packagesWeighing(weight.kg);
  if (!packages) {
    return [t("A parcel of {{weight}} is more than one shipment holds in our shipment form. Ask for a person and our team will quote it.", { weight: weightText(weight, locale) })];
  }
  const legs = legsFor(route, voice);
  const lines = [pricedLine(route, weightText(weight, locale), taxNote(t, pricing, locale), voice)];
  for (const serviceType of services) {
    // Same Day is sold within one city only: priced on a leg within one country, never across a border.
    const sold = serviceType === "same_day" ? legs.filter((leg) => leg.from === leg.to) : legs;
    const prices = sold.map((leg) => {
      const charge = formCharge({ packages, serviceType }, leg.from, leg.to, pricing, now);
      return `${formatMoney(charge.total, charge.currency, locale)}${leg.label ? ` ${leg.label}` : ""}`;
    });
    const service = serviceIn(serviceType, voice);
    const time = serviceTimeText(voice.t, serviceType);
    lines.push(prices.length > 0 ? t("- {{service}} ({{time}}): {{prices}}", { service, time, prices: prices.join(", ") }) : t("- {{service}} ({{time}}): not sold on this route", { service, time }));
  }
  const count = packages.reduce((sum, item) => sum + Number(item.quantity), 0);
  if (count > 1) {
    lines.push(t("A package weighs at most {{max}} kg, so this is priced as {{packages}} packages together, as the shipment form adds them up.", { max: PACKAGE_MAX_KG, packages: count }));
  }
  if (pricing.rate.currency !== BASE_CURRENCY) lines.push(t("Prices in {{currency}}, converted at {{rate}}.", { currency: pricing.rate.currency, rate: describeRate(pricing.rate, locale) }));
  lines.push(deliveryOptionsText({ packages, serviceType: services[0]! }, legs[0]!, pricing, now, voice));
  if (!route.from && !route.to) lines.push(t('Tell me the route, as in "from the US to Germany", for one price.'));
  else if (!route.to) lines.push(t('Tell me where it goes, as in "from the US to Germany", for one price.'));
  else if (!route.from) lines.push(t('Tell me where it leaves from, as in "from the US to Germany", for one price.'));
  lines.push(t("The shipment form charges the same and shows it line by line before you confirm."));
  return lines;
}

/** The tariff itself, when no weight is asked: base rates, the weight, route and package factors, options and tax. */
function tariffReply(route: RouteAsked, services: ServiceType[], pricing: FormPricing, voice: PriceVoice): string[] {
  const { t, locale } = voice;
  const dollars = (amount: number) => formatMoney(toMinorUnits(amount, BASE_CURRENCY), BASE_CURRENCY, locale);
  const lines = [t("Our services and their base rates:")];
  for (const type of services) lines.push(t("- {{service}}: {{time}}, from {{price}}", { service: serviceIn(type, voice), time: serviceTimeText(t, type), price: dollars(BASE_RATES[type]) }));
  // The multipliers are the tariff's own: the sentence is written around them in each language.
  lines.push(
    t(
      `Each kilogram adds {{perKg}}. Within one pricing region ({{regions}}) the price is ${timesText(ROUTE_MULTIPLIERS.region)} that, between regions ${timesText(ROUTE_MULTIPLIERS.world)}; documents cost ${timesText(PACKAGE_MULTIPLIERS.document)} and pallets ${timesText(PACKAGE_MULTIPLIERS.pallet)} as much.`,
      { perKg: dollars(RATE_PER_KG), regions: listOf(PRICING_REGIONS.map((region) => regionIn(region, voice)), locale) },
    ),
  );
  if (route.from && route.to && route.from.code !== route.to.code) {
    lines.push(
      t(`From {{from}} to {{to}} the price is ${timesText(routeMultiplier(route.from.code, route.to.code))} that within one country.`, {
        from: countryIn(route.from, voice),
        to: countryIn(route.to, voice),
      }),
    );
  }
  const options = DELIVERY_OPTIONS.filter((option) => DELIVERY_OPTION_SURCHARGES[option] > 0).map(
    (option) => `${t(DELIVERY_OPTION_LABELS[option], { ns: SHIPMENTS })} ${dollars(DELIVERY_OPTION_SURCHARGES[option])}`,
  );
  lines.push(optionsSentence(options, voice));
  lines.push(
    pricing.taxRateBasisPoints > 0
      ? t("These are US dollars before tax; {{rate}} tax is added.", { rate: formatTaxRate(pricing.taxRateBasisPoints, locale) })
      : t("These are US dollars; no tax is added."),
  );
  lines.push(t('Tell me the weight (in kg or lb) and the route, as in "from the US to Germany", and I\'ll give you the price the shipment form charges.'));
  return lines;
}

/** The answer to a price or service question, in `voice`; `normalized` is the question in lower-case words, spaced. */
export function priceAnswer(question: string, normalized: string, pricing: FormPricing, now: number, voice: PriceVoice): string {
  const weight = weightInQuestion(question);
  const route = routeInQuestion(question);
  const services = servicesIn(normalized);
  const lines = weight ? weightReply(weight, route, services, pricing, now, voice) : tariffReply(route, services, pricing, voice);
  lines.push(voice.t("Plans for frequent shippers: /pricing"));
  return lines.join("\n");
}
