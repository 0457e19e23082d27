// The home page's service cards, in the page's language. Prices are the services' starting
// prices (pricing-plans.ts) and delivery times the delivery estimate's (delivery-dates.ts), so
// the cards say what /services, the shipment form and the tracking page say.
import type { TFunction } from "i18next";
import { formatDollars, SERVICE_STARTING_PRICES } from "~/features/pricing/pricing-plans";
import { ROUTE_MULTIPLIERS } from "~/features/pricing/tariff";
import { TRANSIT_BUSINESS_DAYS } from "~/features/shipments/delivery-dates";

export type HomeServiceCard = { id: "express" | "standard" | "international"; title: string; text: string; price: string };

/** The cards, translated by `t` (the "site" namespace) with figures in `locale`. */
export function homeServices(t: TFunction, locale = "en-US"): HomeServiceCard[] {
  const times = (value: number) => value.toLocaleString(locale);
  return [
    {
      id: "express",
      title: t("Express Delivery"),
      text: t("{{count}} business days to major cities, with priority handling.", { count: TRANSIT_BUSINESS_DAYS.express }),
      price: t("From {{price}}", { price: formatDollars(SERVICE_STARTING_PRICES.express, locale) }),
    },
    {
      id: "standard",
      title: t("Standard Shipping"),
      text: t("Reliable delivery in {{count}} business days at a friendly price.", { count: TRANSIT_BUSINESS_DAYS.standard }),
      price: t("From {{price}}", { price: formatDollars(SERVICE_STARTING_PRICES.standard, locale) }),
    },
    {
      id: "international",
      title: t("International"),
      text: t("Door to door in 220+ countries with customs support; Express abroad in {{count}} business days.", { count: TRANSIT_BUSINESS_DAYS.express }),
      price: t("Route x{{low}} to x{{high}}", { low: times(ROUTE_MULTIPLIERS.region), high: times(ROUTE_MULTIPLIERS.world) }),
    },
  ];
}
