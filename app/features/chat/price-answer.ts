// The support assistant's answers about prices. A weight is priced as the customer's shipment
// form prices it: the form's own estimate (the pricing module's quote and the one charge, with
// the settings' tax) of a draft holding that weight on the route asked, in the currency a new
// shipment starts in. A route with one country known is priced from (or to) that country, from
// elsewhere in its pricing region and from outside it; with none, within one country, within one
// region and between regions (docs/decisions/083-support-assistant.md).
import { COUNTRIES, PRICING_REGIONS, type Country } from "~/domain/countries";
import { RANGE, MAX_PACKAGES } from "~/domain/field-limits";
import { formatMoney, listOf, toMinorUnits } from "~/domain/format";
import { taxNote, type Charge } from "~/features/pricing/charge";
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

/** One way of sending the parcel, as the answer names it ("from elsewhere in Europe"). */
type Leg = { from: string; to: string; label: string };

const firstOther = (test: (country: Country) => boolean) => COUNTRIES.find(test)!;

/**
 * The legs priced for a route: the route itself when both ends are known; else the known
 * country's own, one with another country of its region and one with a country outside it;
 * else the same three from an example country (every country of a region is priced alike).
 */
function legsFor(route: RouteAsked): Leg[] {
  const { from, to } = route;
  if (from && to) return [{ from: from.code, to: to.code, label: "" }];
  const known = from ?? to;
  const example = known ?? COUNTRIES.find((country) => country.code === "US")!;
  const neighbour = firstOther((country) => country.region === example.region && country.code !== example.code);
  const abroad = firstOther((country) => country.region !== example.region);
  const pair = (other: Country) => (from ? { from: example.code, to: other.code } : { from: other.code, to: example.code });
  if (!known) {
    return [
      { from: example.code, to: example.code, label: "within one country" },
      { ...pair(neighbour), label: "within one pricing region" },
      { ...pair(abroad), label: "between regions" },
    ];
  }
  const way = from ? "to" : "from";
  return [
    { from: known.code, to: known.code, label: `within ${countryInSentence(known)}` },
    { ...pair(neighbour), label: `${way} elsewhere in ${known.region}` },
    { ...pair(abroad), label: `${way} outside ${known.region}` },
  ];
}

function routeText({ from, to }: RouteAsked): string {
  if (from && to) return from.code === to.code ? ` within ${countryInSentence(from)}` : ` from ${countryInSentence(from)} to ${countryInSentence(to)}`;
  if (from) return ` from ${countryInSentence(from)}`;
  if (to) return ` to ${countryInSentence(to)}`;
  return "";
}

const EXAMPLE_ROUTE = `"from the US to Germany"`;

/** The delivery options' surcharges as the form adds them to this parcel, in its currency with its tax. */
function deliveryOptionsText(parcel: Parcel, leg: Leg, pricing: FormPricing, now: number): string {
  const standard = formCharge(parcel, leg.from, leg.to, pricing, now);
  const options = DELIVERY_OPTIONS.filter((option) => option !== "standard").map((option) => {
    const charge = formCharge({ ...parcel, deliveryOption: option }, leg.from, leg.to, pricing, now);
    return `${DELIVERY_OPTION_LABELS[option]} ${formatMoney(charge.total - standard.total, charge.currency)}`;
  });
  return `Delivery options add: ${listOf(options)}; insurance is ${INSURANCE_RATE * 100}% of the declared value.`;
}

/** The price of the weight asked on the route asked, service by service. */
function weightReply(weight: WeightAsked, route: RouteAsked, services: ServiceType[], pricing: FormPricing, now: number): string[] {
  const packages = packagesWeighing(weight.kg);
  if (!packages) {
    return [`A parcel of ${weightText(weight)} is more than one shipment holds in our shipment form. Ask for a person and our team will quote it.`];
  }
  const legs = legsFor(route);
  const lines = [`A parcel of ${weightText(weight)}${routeText(route)} costs, with standard delivery and no insurance (${taxNote(pricing)}):`];
  for (const serviceType of services) {
    // Same Day is sold within one city only: priced on a leg within one country, never across a border.
    const sold = serviceType === "same_day" ? legs.filter((leg) => leg.from === leg.to) : legs;
    const prices = sold.map((leg) => {
      const charge = formCharge({ packages, serviceType }, leg.from, leg.to, pricing, now);
      return `${formatMoney(charge.total, charge.currency)}${leg.label ? ` ${leg.label}` : ""}`;
    });
    lines.push(`- ${SERVICE_LABELS[serviceType]} (${serviceTimeText(serviceType)}): ${prices.length > 0 ? prices.join(", ") : "not sold on this route"}`);
  }
  const count = packages.reduce((sum, item) => sum + Number(item.quantity), 0);
  if (count > 1) lines.push(`A package weighs at most ${PACKAGE_MAX_KG} kg, so this is priced as ${count} packages together, as the shipment form adds them up.`);
  if (pricing.rate.currency !== BASE_CURRENCY) lines.push(`Prices in ${pricing.rate.currency}, converted at ${describeRate(pricing.rate)}.`);
  lines.push(deliveryOptionsText({ packages, serviceType: services[0]! }, legs[0]!, pricing, now));
  if (!route.from || !route.to) {
    const missing = route.from ? "where it goes" : route.to ? "where it leaves from" : "the route";
    lines.push(`Tell me ${missing}, as in ${EXAMPLE_ROUTE}, for one price.`);
  }
  lines.push("The shipment form charges the same and shows it line by line before you confirm.");
  return lines;
}

const dollars = (amount: number) => formatMoney(toMinorUnits(amount, BASE_CURRENCY), BASE_CURRENCY);

/** The tariff itself, when no weight is asked: base rates, the weight, route and package factors, options and tax. */
function tariffReply(route: RouteAsked, services: ServiceType[], pricing: FormPricing): string[] {
  const lines = ["Our services and their base rates:"];
  for (const type of services) lines.push(`- ${SERVICE_LABELS[type]}: ${serviceTimeText(type)}, from ${dollars(BASE_RATES[type])}`);
  lines.push(
    `Each kilogram adds ${dollars(RATE_PER_KG)}. Within one pricing region (${listOf([...PRICING_REGIONS])}) the price is ${timesText(ROUTE_MULTIPLIERS.region)} that, between regions ${timesText(ROUTE_MULTIPLIERS.world)}; documents cost ${timesText(PACKAGE_MULTIPLIERS.document)} and pallets ${timesText(PACKAGE_MULTIPLIERS.pallet)} as much.`,
  );
  if (route.from && route.to && route.from.code !== route.to.code) {
    lines.push(`From ${countryInSentence(route.from)} to ${countryInSentence(route.to)} the price is ${timesText(routeMultiplier(route.from.code, route.to.code))} that within one country.`);
  }
  const options = DELIVERY_OPTIONS.filter((option) => DELIVERY_OPTION_SURCHARGES[option] > 0).map(
    (option) => `${DELIVERY_OPTION_LABELS[option]} ${dollars(DELIVERY_OPTION_SURCHARGES[option])}`,
  );
  lines.push(`Delivery options add: ${listOf(options)}; insurance is ${INSURANCE_RATE * 100}% of the declared value.`);
  lines.push(
    pricing.taxRateBasisPoints > 0
      ? `These are US dollars before tax; ${pricing.taxRateBasisPoints / 100}% tax is added.`
      : "These are US dollars; no tax is added.",
  );
  lines.push(`Tell me the weight (in kg or lb) and the route, as in ${EXAMPLE_ROUTE}, and I'll give you the price the shipment form charges.`);
  return lines;
}

/** The answer to a price or service question; `normalized` is the question in lower-case words, spaced. */
export function priceAnswer(question: string, normalized: string, pricing: FormPricing, now: number): string {
  const weight = weightInQuestion(question);
  const route = routeInQuestion(question);
  const services = servicesIn(normalized);
  const lines = weight ? weightReply(weight, route, services, pricing, now) : tariffReply(route, services, pricing);
  lines.push("Plans for frequent shippers: /pricing");
  return lines.join("\n");
}
