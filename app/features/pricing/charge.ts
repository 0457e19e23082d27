// What a shipment costs the person who pays for it: the price before tax, the tax at the rate
// the shipment was priced with, and the total. Every screen that shows a shipment's price (the
// estimate, the tracking page, the dashboards and lists, the receipt) and its invoice take it
// from here, so the estimate a customer accepts is the total the invoice charges.
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

/** Whether the total includes tax, as it is written beside it: "incl. 20% tax" or "no tax". */
export function taxNote(charge: Pick<Charge, "taxRateBasisPoints">): string {
  return charge.taxRateBasisPoints > 0 ? `incl. ${charge.taxRateBasisPoints / 100}% tax` : "no tax";
}

/** "€31.68 (incl. 20% tax)": the total and whether tax is in it, for plain text (CSV, mail, the assistant). */
export function formatCharge(charge: Charge): string {
  return `${formatMoney(charge.total, charge.currency)} (${taxNote(charge)})`;
}
