// The /services page's copy. Prices and transit times come from the pricing-plans, pricing
// and delivery-dates modules, so this page says what the shipment form will charge and estimate.
import { packageWeightLimitText } from "~/domain/field-limits";
import { arrivalText, businessDaysText, TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";
import { DELIVERY_OPTION_SURCHARGES, INSURANCE_RATE, type DeliveryOption, type ServiceType } from "~/features/shipments/shipping-options";
import { formatDollars, getAddOn, PRICING_PLANS, SERVICE_STARTING_PRICES, type AddOnId, type TabbedService } from "~/features/pricing/pricing-plans";
import { BASIC_COVER, MAX_INSURED_VALUE, PACKAGE_MULTIPLIERS, ROUTE_MULTIPLIERS, timesText } from "~/features/pricing/tariff";
import { SAME_DAY_CUTOFF_TEXT, SAME_DAY_HOURS_TEXT } from "~/features/shipments/same-day";

export type ServiceTab = {
  /** Also the section's anchor: /services#express. */
  id: TabbedService;
  name: string;
  tagline: string;
  description: string;
  deliveryTime: string;
  /** The lowest price of the service; the final price depends on weight, route and options. */
  startingPrice: number;
  /** The services of both shipment forms it offers, the one its starting price is for first. */
  sells: readonly [ServiceType, ...ServiceType[]];
  features: string[];
};

const addOnPrice = (id: AddOnId) => formatDollars(getAddOn(id).price);

const coverIncluded = `${formatDollars(BASIC_COVER)} cover included; full declared value insurable`;

const smallestPlanLimit = Math.min(...PRICING_PLANS.flatMap((plan) => (plan.shipmentLimit === null ? [] : [plan.shipmentLimit])));

export const SERVICE_TABS: readonly ServiceTab[] = [
  {
    id: "express",
    name: "Express",
    tagline: "When it has to be there this week",
    description:
      "Priority handling from pick-up to doorstep: express parcels are sorted first at every hub and travel on the fastest route, at home and abroad.",
    deliveryTime: `${businessDaysText(TRANSIT_BUSINESS_DAYS.express)} (Overnight: ${arrivalText(TRANSIT_BUSINESS_DAYS.overnight)})`,
    startingPrice: SERVICE_STARTING_PRICES.express,
    sells: ["express", "overnight"],
    features: [
      "Priority sorting and the fastest route",
      "Tracking at every scan, with e-mail updates to sender and recipient",
      coverIncluded,
      "Morning, evening or weekend delivery on request",
    ],
  },
  {
    id: "standard",
    name: "Standard",
    tagline: "Reliable delivery at a friendly price",
    description: "Our everyday service for parcels and documents that do not need to race: the same tracking and care, for less.",
    deliveryTime: businessDaysText(TRANSIT_BUSINESS_DAYS.standard),
    startingPrice: SERVICE_STARTING_PRICES.standard,
    sells: ["standard", "economy"],
    features: [
      `Parcels up to ${packageWeightLimitText()}, documents and pallets`,
      "Tracking at every scan, with e-mail updates to sender and recipient",
      coverIncluded,
      `Economy option (${businessDaysText(TRANSIT_BUSINESS_DAYS.economy)})`,
    ],
  },
  {
    id: "same-day",
    name: "Same Day",
    tagline: "Across town in hours",
    description: "A courier collects your parcel and takes it straight to the recipient in the same city, without passing through a hub.",
    deliveryTime: `${SAME_DAY_HOURS_TEXT} from pick-up, within one city`,
    startingPrice: SERVICE_STARTING_PRICES["same-day"],
    sells: ["same_day"],
    features: [
      "Direct courier, no hub stops",
      `Ordered by ${SAME_DAY_CUTOFF_TEXT} on a business day, delivered that day; later, the next business day`,
      "Live status from pick-up to hand-over",
      `Signature on delivery for ${addOnPrice("signature")}, fragile handling for ${addOnPrice("fragile")}`,
      "Ideal for documents, medicine and urgent spare parts",
    ],
  },
];

export type ServiceSection = { id: "international" | "freight" | "logistics"; name: string; description: string; points: string[] };

/** The services the footer links to besides the tabs: /services#international, #freight, #logistics. */
export const MORE_SERVICES: readonly ServiceSection[] = [
  {
    id: "international",
    name: "International shipping",
    description: "Door-to-door delivery to more than 220 countries and territories, with the customs paperwork prepared from your shipment's details.",
    points: [
      `Express to any destination in ${businessDaysText(TRANSIT_BUSINESS_DAYS.express)}; the route sets the price: ${timesText(ROUTE_MULTIPLIERS.region)} the domestic price within a region, ${timesText(ROUTE_MULTIPLIERS.world)} beyond`,
      "Duties and taxes are paid by the recipient, unless you arrange otherwise",
      "One tracking page from origin to destination",
    ],
  },
  {
    id: "freight",
    name: "Freight and pallets",
    description: "Goods too heavy or too large for a parcel travel as a pallet, booked for you by our team: send us the size and weight through the contact form.",
    points: [
      `Priced at ${timesText(PACKAGE_MULTIPLIERS.pallet)} a parcel of the same weight`,
      "Booked, tracked and insured like any other shipment",
      "Pick-up from your loading bay",
    ],
  },
  {
    id: "logistics",
    name: "Business logistics",
    description: "For companies that ship every day: a monthly plan, one account for the whole team and a price per shipment that falls as you grow.",
    points: [
      `Plans from ${smallestPlanLimit} shipments a month to unlimited`,
      "Higher insurance cover included on every shipment",
      "A dashboard of every shipment, with invoices",
    ],
  },
];

/** What an additional service is in both shipment forms: the insurance box, an add-on, or a delivery option. */
export type SoldAs = { kind: "insurance" } | { kind: "add-on"; id: AddOnId } | { kind: "delivery"; option: Exclude<DeliveryOption, "standard"> };

export type AdditionalService = { name: string; price: string; description: string; soldAs: SoldAs };

const deliveryOption = (option: Exclude<DeliveryOption, "standard">, name: string, description: string): AdditionalService => ({
  name,
  price: formatDollars(DELIVERY_OPTION_SURCHARGES[option]),
  description,
  soldAs: { kind: "delivery", option },
});

const addOn = (id: AddOnId, description: string): AdditionalService => ({ name: getAddOn(id).name, price: addOnPrice(id), description, soldAs: { kind: "add-on", id } });

export const ADDITIONAL_SERVICES: readonly AdditionalService[] = [
  {
    name: "Insurance",
    price: `${INSURANCE_RATE * 100}% of the declared value`,
    description: `Cover the full declared value, up to ${formatDollars(MAX_INSURED_VALUE)}, instead of the included ${formatDollars(BASIC_COVER)}.`,
    soldAs: { kind: "insurance" },
  },
  addOn("signature", "The recipient signs for the parcel, so you know who received it."),
  addOn("fragile", "Padded packing and hand sorting for glass, ceramics and electronics."),
  deliveryOption("morning", "Morning delivery", "Delivered before 12:00."),
  deliveryOption("evening", "Evening delivery", "Delivered after 18:00, when the recipient is home."),
  deliveryOption("weekend", "Weekend delivery", "Delivered on Saturday."),
];

export const INDUSTRIES: readonly { name: string; description: string }[] = [
  { name: "E-commerce", description: "Tracking links your customers can follow, returns made simple and a plan for every volume." },
  { name: "Healthcare", description: "Same-day courier for prescriptions, samples and equipment, signed for on delivery." },
  { name: "Manufacturing", description: "Spare parts by express and pallets by freight, booked from one account." },
  { name: "Legal and finance", description: "Contracts and certificates delivered against signature, with a record of every hand-over." },
];

export const SERVICE_TESTIMONIALS: readonly { quote: string; name: string; role: string }[] = [
  {
    quote: "Same Day saved a product launch: our samples crossed the city in under four hours.",
    name: "Priya Natarajan",
    role: "Marketing director, Lumen Labs",
  },
  {
    quote: "We moved our spare-parts deliveries to Express. Technicians now get parts in two days instead of a week.",
    name: "Tomasz Wójcik",
    role: "Service manager, Vistula Machines",
  },
  {
    quote: "Standard is all our shop needs: customers follow their parcels and we hardly get 'where is my order' e-mails any more.",
    name: "Grace Mensah",
    role: "Owner, Sunbird Ceramics",
  },
];
