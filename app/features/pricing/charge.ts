// What a shipment costs the person who pays for it: the price before tax, the tax at the rate
// the shipment was priced with, and the total. Every screen that shows a shipment's price (the
// estimate, the tracking page, the dashboards and lists, the receipt) and its invoice take it
// from here, so the estimate a customer accepts is the total the invoice charges.
import type { TFunction } from "i18next";
import { formatMoney } from "~/domain/format";

/** Amounts are integer minor units of `currency`; the rate is in basis points (1 % = 100). */
export type Charge = { currency: string; net: number; taxRateBasisPoints: number; tax: number; total: number };

/** Tax on `net` at a rate in basis points (1 % = 100), rounded to the minor unit. */
export function taxAmount(net: number, taxRateBasisPoints: number): number {
  return Math.round((net * taxRateBasisPoints) / 10_000);
}

/** The charge for a price before tax (a shipment's stored cost) at its tax rate. */
export function chargeFor({ cost, currency, taxRateBasisPoints }: { cost: number; currency: string; taxRateBasisPoints: number }): Charge {
  const tax = taxAmount(cost, taxRateBasisPoints);
  return { currency, net: cost, taxRateBasisPoints, tax, total: cost + tax };
}

/** 750 basis points read "7.5%" (in `locale`). */
export function formatTaxRate(taxRateBasisPoints: number, locale = "en-US"): string {
  if (locale === "en-US") return `${taxRateBasisPoints / 100}%`;
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(taxRateBasisPoints / 10000);
}

/** Whether the total includes tax, as it is written beside it: "incl. 20% tax" or "no tax"; in the language of `t` (the `shipments` catalogs). */
export function taxNote(t: TFunction, charge: Pick<Charge, "taxRateBasisPoints">, locale: string): string {
  return charge.taxRateBasisPoints > 0 ? t("incl. {{rate}} tax", { ns: "shipments", rate: formatTaxRate(charge.taxRateBasisPoints, locale) }) : t("no tax", { ns: "shipments" });
}

/** "€31.68 (incl. 20% tax)": the total and whether tax is in it, as plain text in the language of `t`. */
export function formatCharge(t: TFunction, charge: Charge, locale: string): string {
  return `${formatMoney(charge.total, charge.currency, locale)} (${taxNote(t, charge, locale)})`;
}
