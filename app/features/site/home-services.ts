// The home page's service cards. Prices are the services' starting prices (pricing-plans.ts)
// and delivery times the delivery estimate's (delivery-dates.ts), so the cards say what
// /services, the shipment form and the tracking page say.
import { formatDollars, SERVICE_STARTING_PRICES } from "~/features/pricing/pricing-plans";
import { ROUTE_MULTIPLIERS } from "~/features/pricing/tariff";
import { businessDaysText, TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";

export type HomeServiceCard = { id: "express" | "standard" | "international"; title: string; text: string; price: string };

export const HOME_SERVICES: readonly HomeServiceCard[] = [
  {
    id: "express",
    title: "Express Delivery",
    text: `${businessDaysText(TRANSIT_BUSINESS_DAYS.express)} to major cities, with priority handling.`,
    price: `From ${formatDollars(SERVICE_STARTING_PRICES.express)}`,
  },
  {
    id: "standard",
    title: "Standard Shipping",
    text: `Reliable delivery in ${businessDaysText(TRANSIT_BUSINESS_DAYS.standard)} at a friendly price.`,
    price: `From ${formatDollars(SERVICE_STARTING_PRICES.standard)}`,
  },
  {
    id: "international",
    title: "International",
    text: `Door to door in 220+ countries with customs support; Express abroad in ${businessDaysText(TRANSIT_BUSINESS_DAYS.express)}.`,
    price: `Route x${ROUTE_MULTIPLIERS.region} to x${ROUTE_MULTIPLIERS.world}`,
  },
];
