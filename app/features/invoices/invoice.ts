// Invoices: one per shipment, billed from the cost stored with it. Amounts are integer minor
// units of the shipment's currency.
import { chargeFor } from "~/features/pricing/charge";

export type InvoiceLine = { label: string; amount: number };

/** The rate a price was converted at: units of the invoice's currency per unit of `baseCurrency`. */
export type InvoiceExchange = { baseCurrency: string; rate: number; setAt: number };

export type InvoiceAmounts = {
  lines: InvoiceLine[];
  /** Null when the stored quote records no conversion (priced before rates existed, or no quote). */
  exchange: InvoiceExchange | null;
  subtotal: number;
  taxRateBasisPoints: number;
  tax: number;
  total: number;
};

/** One invoice per shipment, and tracking IDs are unique: the number can be derived from it. */
export function invoiceNumber(trackingId: string): string {
  return `INV-${trackingId}`;
}

// The one computation of tax and total that every screen showing a shipment's price uses too.
export { formatTaxRate, taxAmount } from "~/features/pricing/charge";


function isLine(value: unknown): value is InvoiceLine {
  if (typeof value !== "object" || value === null) return false;
  const { label, amount } = value as Record<string, unknown>;
  return typeof label === "string" && typeof amount === "number" && Number.isInteger(amount);
}

function parseBreakdown(costBreakdown: string | null): unknown {
  if (!costBreakdown) return null;
  try {
    return JSON.parse(costBreakdown);
  } catch {
    return null;
  }
}

/** The conversion a stored quote records, or null. */
function storedExchange(parsed: unknown): InvoiceExchange | null {
  const exchange = (parsed as { exchange?: unknown } | null)?.exchange;
  if (typeof exchange !== "object" || exchange === null) return null;
  const { base, rate, setAt } = exchange as Record<string, unknown>;
  if (typeof base !== "string" || typeof rate !== "number" || !(rate > 0) || typeof setAt !== "number") return null;
  return { baseCurrency: base, rate, setAt };
}

/** The lines of a stored quote (a quote object with `lines`, or the lines alone), or null. */
function storedLines(parsed: unknown): InvoiceLine[] | null {
  const lines = Array.isArray(parsed) ? parsed : (parsed as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines) || lines.length === 0 || !lines.every(isLine)) return null;
  return lines.map(({ label, amount }) => ({ label, amount }));
}

/**
 * The invoice for a shipment's stored cost: the lines of the quote it came from when they add
 * up to that cost (a staff member may have set the cost by hand since), else one shipping line;
 * and the exchange rate that quote was converted at.
 */
export function invoiceAmounts({
  cost,
  costBreakdown,
  taxRateBasisPoints,
}: {
  cost: number;
  costBreakdown: string | null;
  taxRateBasisPoints: number;
}): InvoiceAmounts {
  const parsed = parseBreakdown(costBreakdown);
  const quoted = storedLines(parsed);
  const lines =
    quoted && quoted.reduce((sum, line) => sum + line.amount, 0) === cost ? quoted : [{ label: "Shipping charge", amount: cost }];
  const { tax, total } = chargeFor({ cost, currency: "", taxRateBasisPoints });
  return { lines, exchange: storedExchange(parsed), subtotal: cost, taxRateBasisPoints, tax, total };
}

export const INVOICE_STATUSES = ["unpaid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { unpaid: "Unpaid", paid: "Paid", void: "Void" };

/** The button that moves an invoice to each status. */
export const INVOICE_STATUS_ACTIONS: Record<InvoiceStatus, string> = { unpaid: "Mark unpaid", paid: "Mark paid", void: "Void" };

/** Refused when a change would rewrite a paid invoice (decision 110). */
export const PAID_INVOICE_PRICE_MESSAGE = "This shipment's invoice is paid, and a paid invoice is never rewritten: the price cannot change.";
export const PAID_INVOICE_VOID_MESSAGE = "A paid invoice cannot be voided: mark it unpaid first.";

/**
 * Whether an invoice may go from one status to another. Unpaid invoices are paid or voided;
 * a payment or a void recorded by mistake goes back to unpaid. A paid invoice is never voided
 * (that would be a refund, which is not modelled): it is marked unpaid first.
 */
export function statusChange(from: InvoiceStatus, to: InvoiceStatus): "allowed" | "unchanged" | "refused" {
  if (from === to) return "unchanged";
  return from === "paid" && to === "void" ? "refused" : "allowed";
}

/** The statuses an invoice in `status` can be moved to, in button order. */
export function nextStatuses(status: InvoiceStatus): InvoiceStatus[] {
  return INVOICE_STATUSES.filter((to) => statusChange(status, to) === "allowed");
}

/** Whether two invoices bill the same: currency, lines and amounts. */
export function sameAmounts(a: InvoiceAmounts & { currency: string }, b: InvoiceAmounts & { currency: string }): boolean {
  return (
    a.currency === b.currency &&
    a.subtotal === b.subtotal &&
    a.tax === b.tax &&
    a.total === b.total &&
    a.lines.length === b.lines.length &&
    a.lines.every((line, index) => line.label === b.lines[index]!.label && line.amount === b.lines[index]!.amount)
  );
}
