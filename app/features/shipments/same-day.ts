// Same Day: a courier takes the parcel straight from the sender to the recipient in the same
// city. Where it is sold (one city), how long the ride takes and the day's cut-off. Browser-safe:
// the forms, the pages and the delivery estimate read it.

/** How long the courier takes from pick-up. */
export const SAME_DAY_HOURS = { min: 4, max: 6 } as const;

/** "4-6 hours". */
export const SAME_DAY_HOURS_TEXT = `${SAME_DAY_HOURS.min}-${SAME_DAY_HOURS.max} hours`;

/**
 * Orders placed on a business day before this hour (UTC) are delivered that day; later ones,
 * and those of a weekend, the next business day.
 */
export const SAME_DAY_CUTOFF_HOUR_UTC = 14;

/** "14:00 UTC". */
export const SAME_DAY_CUTOFF_TEXT = `${String(SAME_DAY_CUTOFF_HOUR_UTC).padStart(2, "0")}:00 UTC`;

export const SAME_DAY_ONE_CITY = "Same Day delivers within one city: the sender and the recipient must be in the same city and country.";

/** A city name as compared: without case, accents, punctuation or extra spaces ("São Paulo" is "sao paulo"). */
function cityKey(city: string): string {
  return city
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export type Route = { fromCity: string; fromCountry: string; toCity: string; toCountry: string };

/** Both ends in one city of one country (a city that is named at all). */
export function isOneCity({ fromCity, fromCountry, toCity, toCountry }: Route): boolean {
  const from = cityKey(fromCity);
  return from !== "" && fromCountry.trim().toUpperCase() === toCountry.trim().toUpperCase() && from === cityKey(toCity);
}

/** Why Same Day cannot carry a parcel on `route`, or null when it can. */
export function sameDayRouteFault(route: Route): string | null {
  return isOneCity(route) ? null : SAME_DAY_ONE_CITY;
}
