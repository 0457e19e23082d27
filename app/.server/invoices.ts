// Invoices as their owner and admins read them. A customer's query filters by owner in the
// SQL, so anyone else's invoice is simply not found.
import { and, eq, type SQL } from "drizzle-orm";
import { invoices, shipments } from "../../drizzle/schema";
import type { InvoiceLine } from "~/domain/invoice";
import type { Db } from "./db";
import type { SessionUser } from "./session";

export type InvoiceView = {
  id: string;
  number: string;
  status: "unpaid" | "paid";
  issuedAt: number;
  paidAt: number | null;
  currency: string;
  /** The rate the price was converted at from `baseCurrency` (units of `currency` per unit), or null when none was recorded. */
  exchange: { baseCurrency: string; rate: number; setAt: number | null } | null;
  lines: InvoiceLine[];
  subtotal: number;
  taxRateBasisPoints: number;
  tax: number;
  total: number;
  shipment: {
    trackingId: string;
    serviceType: string;
    description: string | null;
    weightKg: number;
    billTo: { name: string; email: string | null; address: string | null; city: string; state: string | null; postalCode: string | null; country: string };
    destination: { name: string; city: string; country: string };
  };
};

function parseLines(json: string): InvoiceLine[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as InvoiceLine[]) : [];
  } catch {
    return [];
  }
}

export async function getInvoiceForViewer(db: Db, id: string, viewer: SessionUser): Promise<InvoiceView | null> {
  const conditions: SQL[] = [eq(invoices.id, id)];
  // The shipment's owner owns its invoice.
  if (viewer.role !== "admin") conditions.push(eq(shipments.userId, viewer.id));
  const row = await db
    .select({ invoice: invoices, shipment: shipments })
    .from(invoices)
    .innerJoin(shipments, eq(shipments.id, invoices.shipmentId))
    .where(and(...conditions))
    .get();
  if (!row) return null;
  const { invoice, shipment } = row;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    issuedAt: invoice.issuedAt,
    paidAt: invoice.paidAt,
    currency: invoice.currency,
    exchange: invoice.exchangeRate === null ? null : { baseCurrency: invoice.baseCurrency, rate: invoice.exchangeRate, setAt: invoice.exchangeRateSetAt },
    lines: parseLines(invoice.lineItems),
    subtotal: invoice.subtotal,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    tax: invoice.tax,
    total: invoice.total,
    shipment: {
      trackingId: shipment.trackingId,
      serviceType: shipment.serviceType,
      description: shipment.description,
      weightKg: shipment.weightKg,
      billTo: {
        name: shipment.senderName,
        email: shipment.senderEmail,
        address: shipment.senderAddress,
        city: shipment.senderCity,
        state: shipment.senderState,
        postalCode: shipment.senderPostalCode,
        country: shipment.senderCountry,
      },
      destination: { name: shipment.recipientName, city: shipment.recipientCity, country: shipment.recipientCountry },
    },
  };
}
