// The frequently asked questions: one source for the /faq page, the support assistant and the
// tests. Prices, delivery times and limits are read from the modules that apply them (the
// tariff, the plans, the delivery estimate, the form's limits), so the FAQ cannot state a
// figure the app does not charge or enforce; the other facts are the product's (docs/product.md).
import { packageSideLimitText, packageWeightLimitText } from "~/domain/field-limits";
import { listOf } from "~/domain/format";
import { formatDollars, PRICING_PLANS, yearlySaving, type PricingPlan } from "~/features/pricing/pricing-plans";
import type { FaqEntry } from "./faq-categories";
import { BASE_RATES, BASIC_COVER, MAX_INSURED_VALUE, PACKAGE_MULTIPLIERS, RATE_PER_KG, ROUTE_MULTIPLIERS, timesText } from "~/features/pricing/tariff";
import { transitTimesText } from "~/features/shipments/delivery-dates";
import { DELIVERY_OPTION_SURCHARGES, INSURANCE_RATE, SERVICE_LABELS, type ServiceType } from "~/features/shipments/shipping-options";

/** The claim deadline, in days after the estimated delivery (the FAQ and the shipping terms). */
export const CLAIM_DEADLINE_DAYS = 30;

const baseRates = (Object.keys(BASE_RATES) as ServiceType[]).map((type) => `${SERVICE_LABELS[type]} ${formatDollars(BASE_RATES[type])}`).join(", ");

export { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, type FaqCategory, type FaqEntry } from "./faq-categories";

function planSummary(plan: PricingPlan): string {
  const limit = plan.shipmentLimit === null ? "with no limit on shipments" : `for up to ${plan.shipmentLimit} shipments`;
  return `${plan.name} at ${formatDollars(plan.monthlyPrice)} a month ${limit}`;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: "size-limits",
    category: "shipping",
    question: "How big and how heavy can a parcel be?",
    answer: [
      `A single parcel can weigh up to ${packageWeightLimitText()}, with no side longer than ${packageSideLimitText()}.`,
      "Heavier or larger goods travel as a pallet, booked for you by our team: send us the size and weight through the contact form.",
    ],
    keywords: ["weight", "size", "dimensions", "maximum", "limit", "heavy", "large", "kg", "lbs", "pallet"],
  },
  {
    id: "delivery-times",
    category: "shipping",
    question: "How long does delivery take?",
    answer: [
      `${transitTimesText()}. Weekends are not counted.`,
      "Every shipment shows its estimated delivery date on its tracking page from the moment it is created.",
    ],
    keywords: ["delivery", "time", "days", "how long", "when", "arrive", "overnight", "express", "standard", "economy", "estimate"],
  },
  {
    id: "returns",
    category: "shipping",
    question: "How do I return a parcel?",
    answer: [
      "Create a new shipment from your dashboard with the original recipient as sender and yourself as recipient, and quote the original tracking ID as the reference number.",
      "A parcel we could not deliver is returned to its sender: its tracking page then shows Returned.",
    ],
    keywords: ["return", "returns", "send back", "refund", "returned", "undeliverable"],
  },
  {
    id: "track-parcel",
    category: "tracking",
    question: "How do I track my parcel?",
    answer: [
      "Enter the tracking ID on the home page or on the Track page. It starts with three letters followed by twelve letters and digits, for example SWP482913K7Q2ZD.",
      "The tracking page shows the status, the progress, where the parcel is now, its history and the estimated delivery. Anyone with the ID can see these; names, addresses and contents are shown only to the sender's account and to our staff.",
    ],
    keywords: ["track", "tracking", "where", "status", "tracking id", "tracking number", "find", "locate"],
  },
  {
    id: "tracking-not-updating",
    category: "tracking",
    question: "Why has my tracking not changed?",
    answer: [
      "A parcel is scanned when it is picked up, at each hub and when it goes out for delivery; between hubs the status can stay the same for a day or two, especially on international routes.",
      "If nothing has changed for more than three business days, contact us with the tracking ID and we will look into it.",
    ],
    keywords: ["not updating", "stuck", "no update", "delayed", "late", "same status", "exception"],
  },
  {
    id: "status-emails",
    category: "tracking",
    question: "Will I be told when the status changes?",
    answer: [
      "Yes. The sender and the recipient receive an e-mail when a shipment is created and each time its status changes.",
      "If you have an account, you can turn these e-mails off or on again under Profile, Notifications.",
    ],
    keywords: ["email", "e-mail", "notification", "notify", "updates", "alerts", "status change"],
  },
  {
    id: "cost",
    category: "pricing",
    question: "How is the price of a shipment worked out?",
    answer: [
      `Each service has a base rate (${baseRates}), plus ${formatDollars(RATE_PER_KG)} per kilogram. Sending within one country costs the base price, within one region ${timesText(ROUTE_MULTIPLIERS.region)} it, and between regions ${timesText(ROUTE_MULTIPLIERS.world)}. Documents cost ${timesText(PACKAGE_MULTIPLIERS.document)} and pallets ${timesText(PACKAGE_MULTIPLIERS.pallet)} as much as a parcel.`,
      `Morning delivery adds ${formatDollars(DELIVERY_OPTION_SURCHARGES.morning)}, evening ${formatDollars(DELIVERY_OPTION_SURCHARGES.evening)} and weekend ${formatDollars(DELIVERY_OPTION_SURCHARGES.weekend)}; insurance adds ${INSURANCE_RATE * 100}% of the declared value. The cost estimate in the shipment form shows every line before you confirm.`,
    ],
    keywords: ["price", "cost", "how much", "rate", "quote", "estimate", "charge", "fee", "surcharge", "expensive", "cheap"],
  },
  {
    id: "plans",
    category: "pricing",
    question: "Do you have plans for businesses that ship often?",
    answer: [
      `Yes: ${PRICING_PLANS.map(planSummary).join("; ")}. Paying for a year at once costs ${listOf(PRICING_PLANS.map((plan) => formatDollars(plan.yearlyPrice)))}, a saving of ${listOf(PRICING_PLANS.map((plan) => formatDollars(yearlySaving(plan))))} against paying monthly.`,
      `Each plan includes insurance cover on every shipment (${listOf(PRICING_PLANS.map((plan) => formatDollars(plan.insuranceCover)))}). ${PRICING_PLANS.filter((plan) => plan.overagePerShipment !== null)
        .map((plan) => `${plan.name} charges ${formatDollars(plan.overagePerShipment!)}`)
        .join(" and ")} for each shipment beyond the plan's monthly limit.`,
    ],
    keywords: ["plan", "plans", "subscription", "monthly", "yearly", "annual", "business", "basic", "premium", "volume", "discount", "overage"],
  },
  {
    id: "countries",
    category: "international",
    question: "Which countries do you deliver to?",
    answer: [
      "We deliver to more than 220 countries and territories. Choose the destination from the country list in the shipment form; the estimate shows the price for that route at once.",
    ],
    keywords: ["international", "countries", "country", "abroad", "overseas", "worldwide", "ship to", "destination", "220"],
  },
  {
    id: "customs",
    category: "international",
    question: "Who pays customs duties and taxes?",
    answer: [
      "Import duties and taxes are charged by the destination country and are paid by the recipient unless the sender arranges otherwise.",
      "Describe the contents and their value accurately: customs use the description and the declared value of each package, and a vague description delays the parcel.",
    ],
    keywords: ["customs", "duty", "duties", "tax", "taxes", "import", "declaration", "border", "vat"],
  },
  {
    id: "claims",
    category: "security",
    question: "Is my parcel insured, and how do I make a claim?",
    answer: [
      `Every shipment has basic coverage of ${formatDollars(BASIC_COVER)}. Tick Insurance in the shipment form to cover the full declared value, up to ${formatDollars(MAX_INSURED_VALUE)}, for ${INSURANCE_RATE * 100}% of that value.`,
      `To claim for a lost or damaged parcel, contact us within ${CLAIM_DEADLINE_DAYS} days of the estimated delivery with the tracking ID, photos of any damage and proof of the value.`,
    ],
    keywords: ["insurance", "insured", "claim", "claims", "lost", "damaged", "broken", "missing", "coverage", "compensation"],
  },
  {
    id: "privacy",
    category: "security",
    question: "Who can see the details of my shipment?",
    answer: [
      "Anyone with the tracking ID sees only the status, the cities and countries, the history and the estimated delivery.",
      "Names, addresses, phone numbers, e-mail addresses, contents and value are shown only to the account that created the shipment and to our staff.",
    ],
    keywords: ["privacy", "private", "personal data", "who can see", "secure", "security", "data", "address"],
  },
];
