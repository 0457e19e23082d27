// Country reference data from the maintained `world-countries` package: the 193 UN member
// states plus the two observer states. Keep this module out of browser code (it carries
// the whole package); pass what a form needs through its loader.
import worldCountries from "world-countries";

export const PRICING_REGIONS = ["North America", "South America", "Europe", "Africa", "Asia Pacific"] as const;
export type PricingRegion = (typeof PRICING_REGIONS)[number];

export type Country = {
  code: string;
  name: string;
  phoneCode: string;
  currency: string;
  currencySymbol: string;
  currencyName: string;
  region: PricingRegion;
  /** Land area in km², used to rank currencies for the picker (currencies.ts). */
  area: number;
};

const OBSERVER_STATES = new Set(["VA", "PS"]);

// The package gives Vatican City the root "+3" with the suffixes "906698" and "79"; its
// numbers are dialled through Italy's +39 (+39 06 698...).
const PHONE_CODE_OVERRIDES: Record<string, string> = { VA: "+39" };

function pricingRegion(region: string, subregion: string): PricingRegion {
  if (region === "Americas") return subregion === "South America" ? "South America" : "North America";
  if (region === "Europe" || region === "Africa") return region;
  return "Asia Pacific";
}

const MEMBERS = worldCountries.filter((country) => country.independent || country.unMember || OBSERVER_STATES.has(country.cca2));

export const COUNTRIES: readonly Country[] = MEMBERS
  .map((country) => {
    // Micronesia lists no currency of its own; it uses the US dollar.
    const [currency, details] = Object.entries(country.currencies)[0] ?? ["USD", { name: "United States dollar", symbol: "$" }];
    const suffixes = country.idd.suffixes;
    return {
      code: country.cca2,
      name: country.name.common,
      phoneCode: PHONE_CODE_OVERRIDES[country.cca2] ?? (suffixes.length === 1 ? country.idd.root + suffixes[0] : country.idd.root),
      currency,
      currencySymbol: details.symbol,
      currencyName: details.name,
      region: pricingRegion(country.region, country.subregion),
      area: country.area,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function getCountry(code: string): Country | undefined {
  return BY_CODE.get(code.toUpperCase());
}

export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code.toUpperCase());
}

/**
 * The other names people write for each country, by code: its three-letter code, its official
 * name and the package's alternative spellings ("UK", "Great Britain", "Holland", "Swaziland").
 */
export const OTHER_COUNTRY_NAMES: ReadonlyMap<string, readonly string[]> = new Map(
  MEMBERS.map((country) => [country.cca2, [...new Set([country.cca3, country.name.official, ...country.altSpellings])].filter((name) => name !== country.cca2)]),
);
