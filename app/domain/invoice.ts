// Invoices: one per shipment, billed from the cost stored with it. Amounts are integer minor
// units of the shipment's currency.

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

/** Tax on `subtotal` at a rate in basis points (1 % = 100), rounded to the minor unit. */
export function taxAmount(subtotal: number, taxRateBasisPoints: number): number {
  return Math.round((subtotal * taxRateBasisPoints) / 10_000);
}

/** 750 basis points read "7.5%". */
export function formatTaxRate(taxRateBasisPoints: number): string {
  return `${taxRateBasisPoints / 100}%`;
}

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
  const tax = taxAmount(cost, taxRateBasisPoints);
  return { lines, exchange: storedExchange(parsed), subtotal: cost, taxRateBasisPoints, tax, total: cost + tax };
}
