// Invoices: as their owner and admins read them, the admins' list (search, status, dates,
// totals per currency, CSV) and marking one paid, unpaid or void. A customer's query filters
// by owner in the SQL, so anyone else's invoice is simply not found.
import { and, count, desc, eq, exists, gt, gte, inArray, lt, notExists, or, sql, sum, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { invoices, shipments } from "../../../drizzle/schema";
import { minorUnitsInput } from "~/domain/format";
import {
  invoiceAmounts,
  INVOICE_STATUS_LABELS,
  PAID_INVOICE_VOID_MESSAGE,
  sameAmounts,
  statusChange,
  type InvoiceLine,
  type InvoiceStatus,
} from "~/features/invoices/invoice";
import type { InvoiceFilters } from "~/features/invoices/invoice-filters";
import { dateRange } from "~/domain/list-filters";
import { pageOffset, paginate } from "~/domain/pagination";
import type { ServiceContext } from "~/load-context";
import { csvStream } from "~/.server/csv-file";
import type { Db } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEventWhere, type Actor, type FieldChanges } from "~/.server/events";
import { refused, type Done, type Refused } from "~/.server/outcome";
import type { SessionUser } from "~/features/accounts/session.server";
import { containsText, startsWithText } from "~/.server/text-search";
import { revenueTotal, type RevenueTotal } from "~/features/pricing/revenue";
import { listExchangeRates } from "~/features/settings/settings.server";

export type InvoiceView = {
  id: string;
  number: string;
  /** Who issued it, as stored when it was issued. */
  issuer: { name: string; address: string; phone: string; taxNumber: string };
  /** False once the shipment has been deleted: the invoice stays, with the shipment as it was. */
  shipmentExists: boolean;
  status: InvoiceStatus;
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
  shipment: InvoicedShipment;
};

/** What an invoice shows of its shipment: read from the shipment, or from the snapshot kept when it was deleted. */
export type InvoicedShipment = {
  trackingId: string;
  serviceType: string;
  description: string | null;
  weightKg: number;
  billTo: { name: string; email: string | null; address: string | null; city: string; state: string | null; postalCode: string | null; country: string };
  destination: { name: string; city: string; country: string };
};

/**
 * The snapshot of the shipment an invoice keeps when the shipment is deleted (InvoicedShipment
 * as JSON), as SQL over the shipments row: written in the delete's own batch.
 */
export function invoicedShipmentSnapshot(): SQL<string> {
  return sql<string>`json_object('trackingId', ${shipments.trackingId}, 'serviceType', ${shipments.serviceType}, 'description', ${shipments.description}, 'weightKg', ${shipments.weightKg}, 'billTo', json_object('name', ${shipments.senderName}, 'email', ${shipments.senderEmail}, 'address', ${shipments.senderAddress}, 'city', ${shipments.senderCity}, 'state', ${shipments.senderState}, 'postalCode', ${shipments.senderPostalCode}, 'country', ${shipments.senderCountry}), 'destination', json_object('name', ${shipments.recipientName}, 'city', ${shipments.recipientCity}, 'country', ${shipments.recipientCountry}))`;
}

/** The statement that keeps, on the invoices of the shipments `where` names, what they show of them: before those shipments are deleted. */
export function keepInvoicesOf(db: Db, where: SQL) {
  return db
    .update(invoices)
    .set({ shipmentSnapshot: sql`(select ${invoicedShipmentSnapshot()} from ${shipments} where ${shipments.id} = ${invoices.shipmentId})` })
    .where(inArray(invoices.shipmentId, db.select({ id: shipments.id }).from(shipments).where(where)));
}

function parseSnapshot(json: string | null): InvoicedShipment | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as InvoicedShipment;
  } catch {
    return null;
  }
}

const GONE: InvoicedShipment = {
  trackingId: "",
  serviceType: "",
  description: null,
  weightKg: 0,
  billTo: { name: "", email: null, address: null, city: "", state: null, postalCode: null, country: "" },
  destination: { name: "", city: "", country: "" },
};

/** The stored lines of an invoice (JSON); none when they do not parse. */
export function parseLines(json: string): InvoiceLine[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as InvoiceLine[]) : [];
  } catch {
    return [];
  }
}

export async function getInvoiceForViewer(db: Db, id: string, viewer: SessionUser): Promise<InvoiceView | null> {
  const conditions: SQL[] = [eq(invoices.id, id)];
  // The shipment's owner owns its invoice (the invoice keeps the owner after the shipment is gone).
  if (viewer.role !== "admin") conditions.push(eq(invoices.userId, viewer.id));
  const row = await db
    .select({ invoice: invoices, shipment: shipments })
    .from(invoices)
    .leftJoin(shipments, eq(shipments.id, invoices.shipmentId))
    .where(and(...conditions))
    .get();
  if (!row) return null;
  const { invoice, shipment } = row;
  return {
    id: invoice.id,
    number: invoice.number,
    issuer: { name: invoice.issuerName, address: invoice.issuerAddress, phone: invoice.issuerPhone, taxNumber: invoice.issuerTaxNumber },
    shipmentExists: shipment !== null,
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
    shipment: shipment
      ? {
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
        }
      : (parseSnapshot(invoice.shipmentSnapshot) ?? { ...GONE, trackingId: invoice.number.replace(/^INV-/, "") }),
  };
}

// A deleted shipment's invoice reads these from its snapshot.
const trackingIdColumn = sql<string>`coalesce(${shipments.trackingId}, json_extract(${invoices.shipmentSnapshot}, '$.trackingId'), substr(${invoices.number}, 5))`;
const customerNameColumn = sql<string>`coalesce(${shipments.senderName}, json_extract(${invoices.shipmentSnapshot}, '$.billTo.name'), '')`;
const customerEmailColumn = sql<string | null>`coalesce(${shipments.senderEmail}, json_extract(${invoices.shipmentSnapshot}, '$.billTo.email'))`;

function listConditions(filters: InvoiceFilters, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [filters.status ? eq(invoices.status, filters.status) : undefined];
  if (filters.search) {
    conditions.push(
      or(
        startsWithText(invoices.number, filters.search),
        startsWithText(shipments.trackingId, filters.search),
        // A deleted shipment's tracking ID is in its invoice's number.
        startsWithText(invoices.number, `INV-${filters.search}`),
        containsText(shipments.senderName, filters.search),
        containsText(shipments.senderEmail, filters.search),
      ),
    );
  }
  const range = dateRange(filters.dateFrom, filters.dateTo, timeZone);
  if (range.start !== null) conditions.push(gte(invoices.issuedAt, range.start));
  if (range.end !== null) conditions.push(lt(invoices.issuedAt, range.end));
  return and(...conditions);
}

const LIST_COLUMNS = {
  id: invoices.id,
  number: invoices.number,
  status: invoices.status,
  currency: invoices.currency,
  subtotal: invoices.subtotal,
  tax: invoices.tax,
  total: invoices.total,
  issuedAt: invoices.issuedAt,
  paidAt: invoices.paidAt,
  statusChangedAt: invoices.statusChangedAt,
  statusChangedByName: invoices.statusChangedByName,
  /** Null once the shipment has been deleted. */
  shipmentId: shipments.id,
  trackingId: trackingIdColumn.as("tracking_id"),
  customerName: customerNameColumn.as("customer_name"),
  customerEmail: customerEmailColumn.as("customer_email"),
};

/** Per currency: how many invoices, and what the unpaid and paid ones come to (void ones bill nothing). */
export type CurrencyTotal = { currency: string; count: number; unpaid: number; paid: number };

/** What the unpaid and the paid invoices come to across currencies, in the base currency at the stored rates. */
export type InvoiceTotals = { unpaid: RevenueTotal; paid: RevenueTotal };

/** One page of invoices, newest first, and the totals of every invoice the filters match. */
export async function listInvoices(db: Db, filters: InvoiceFilters, { timeZone = "UTC" }: { timeZone?: string } = {}) {
  const where = listConditions(filters, timeZone);
  // Named: D1 keeps one of two result columns whose SQL reads the same.
  const amountIn = (status: InvoiceStatus) => sql<number>`coalesce(sum(case when ${invoices.status} = ${status} then ${invoices.total} else 0 end), 0)`.as(`${status}_total`);
  const [[counted], totals, rates] = await db.batch([
    db.select({ total: count() }).from(invoices).leftJoin(shipments, eq(shipments.id, invoices.shipmentId)).where(where),
    db
      .select({ currency: invoices.currency, count: count(), unpaid: amountIn("unpaid"), paid: amountIn("paid") })
      .from(invoices)
      .leftJoin(shipments, eq(shipments.id, invoices.shipmentId))
      .where(where)
      .groupBy(invoices.currency)
      .orderBy(desc(sum(invoices.total)), invoices.currency),
    listExchangeRates(db),
  ]);
  const pagination = paginate(counted?.total ?? 0, filters.page);
  const rows = await db
    .select(LIST_COLUMNS)
    .from(invoices)
    .leftJoin(shipments, eq(shipments.id, invoices.shipmentId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), invoices.id)
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  const perCurrency = totals.map((row) => ({ ...row, unpaid: Number(row.unpaid), paid: Number(row.paid) })) satisfies CurrencyTotal[];
  const inBase: InvoiceTotals = {
    unpaid: revenueTotal(perCurrency.map((row) => ({ currency: row.currency, amount: row.unpaid })), rates),
    paid: revenueTotal(perCurrency.map((row) => ({ currency: row.currency, amount: row.paid })), rates),
  };
  return { rows, pagination, totals: perCurrency, inBase };
}

/** The most rows one export holds: the newest this many the filters match. */
export const EXPORT_MAX_ROWS = 5000;

// The header is in the reader's language, as the list is (an export is read, not imported).
const CSV_COLUMNS = [
  "Invoice number",
  "Tracking ID",
  "Customer",
  "Customer e-mail",
  "Issued (UTC)",
  "Status",
  "Status changed (UTC)",
  "Status changed by",
  "Currency",
  "Subtotal",
  "Tax",
  "Total",
];

const isoOrEmpty = (value: number | null) => (value === null ? "" : new Date(value).toISOString());

/**
 * The invoices the filters match, newest first, as a CSV file (csv-file.ts: a cell starting like
 * a spreadsheet formula is prefixed with an apostrophe; streamed a keyset page at a time) of at
 * most EXPORT_MAX_ROWS rows. Amounts in major units with the currency's decimals; times ISO
 * 8601 in UTC.
 */
export function exportInvoicesCsv(
  db: Db,
  filters: InvoiceFilters,
  { timeZone = "UTC", t = (key) => key }: { timeZone?: string; /** The reader's words for the header and the statuses. */ t?: (key: string) => string } = {},
): ReadableStream<Uint8Array> {
  const where = listConditions(filters, timeZone);
  // Newest first, ties by id: the next page starts after the last row's (issued_at, id).
  const readPage = (after: { issuedAt: number; id: string } | null, pageRows: number) =>
    db
      .select(LIST_COLUMNS)
      .from(invoices)
      .leftJoin(shipments, eq(shipments.id, invoices.shipmentId))
      .where(
        and(
          where,
          after === null ? undefined : or(lt(invoices.issuedAt, after.issuedAt), and(eq(invoices.issuedAt, after.issuedAt), gt(invoices.id, after.id))),
        ),
      )
      .orderBy(desc(invoices.issuedAt), invoices.id)
      .limit(pageRows);
  return csvStream({
    header: CSV_COLUMNS.map((column) => t(column)),
    readPage,
    maxRows: EXPORT_MAX_ROWS,
    toCells: (row) => [
      row.number,
      row.trackingId,
      row.customerName,
      row.customerEmail ?? "",
      isoOrEmpty(row.issuedAt),
      t(INVOICE_STATUS_LABELS[row.status]),
      isoOrEmpty(row.statusChangedAt),
      row.statusChangedByName ?? "",
      row.currency,
      minorUnitsInput(row.subtotal, row.currency),
      minorUnitsInput(row.tax, row.currency),
      minorUnitsInput(row.total, row.currency),
    ],
  });
}

const STATUS_MESSAGES: Record<InvoiceStatus, string> = {
  paid: "Invoice marked as paid",
  unpaid: "Invoice marked as unpaid",
  void: "Invoice voided",
};

/** When the invoice has the status asked for already: one sentence each, so each has its translation. */
const ALREADY_MESSAGES: Record<InvoiceStatus, string> = {
  paid: "The invoice is already paid",
  unpaid: "The invoice is already unpaid",
  void: "The invoice is already void",
};

/**
 * Marks an invoice paid, unpaid or void, with who and when (and the paid date while it is
 * paid). Compare-and-set on the status it was read with, so two admins' changes never cross.
 */
export async function setInvoiceStatus(
  context: ServiceContext,
  { admin, invoiceId, status, now = Date.now() }: { admin: SessionUser; invoiceId: string; status: InvoiceStatus; now?: number },
): Promise<Done | Refused> {
  const { db } = context;
  const current = await db.select({ number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId)).get();
  if (!current) return refused("not-found", "Invoice not found");
  const change = statusChange(current.status, status);
  if (change === "unchanged") return { ok: true, tone: "info", message: ALREADY_MESSAGES[status] };
  if (change === "refused") return refused("conflict", PAID_INVOICE_VOID_MESSAGE);
  const actor = actorFor(admin);
  const guard = and(eq(invoices.id, invoiceId), eq(invoices.status, current.status));
  const [, update] = await commit(context, [
    recordEventWhere(
      context,
      actor,
      { event: { type: "invoice.status_changed", entityId: invoiceId, data: { number: current.number, from: current.status, to: status } }, from: invoices, where: guard },
      now,
    ),
    db
      .update(invoices)
      .set({ status, paidAt: status === "paid" ? now : null, statusChangedAt: now, statusChangedBy: admin.id, statusChangedByName: actor.label })
      .where(guard),
  ]);
  if (update.meta.changes !== 1) return refused("conflict", "The invoice changed meanwhile: look at it again and retry.");
  return { ok: true, message: STATUS_MESSAGES[status] };
}

type Invoice = typeof invoices.$inferSelect;

/** The invoice of a shipment, if it has one. */
export function findShipmentInvoice(db: Db, shipmentId: string): Promise<Invoice | undefined> {
  return db.select().from(invoices).where(eq(invoices.shipmentId, shipmentId)).get();
}

/** What a shipment is billed from. */
type Priced = { cost: number; currency: string; costBreakdown: string | null };

/**
 * How a change of a shipment's price reaches `invoice`, the shipment's as read with the
 * shipment (findShipmentInvoice), decision 110. An unpaid invoice
 * follows: the statements that rewrite it (with an invoice.updated record of the old and new
 * amounts) go into the shipment's batch before the shipment's own update, each only while the
 * shipment is still at `shipmentAt` and the invoice still unpaid. A paid invoice is never
 * rewritten: "paid" refuses the change, and `shipmentGuard` keeps the shipment's update from
 * applying should the invoice be marked paid meanwhile. A void invoice stays as it was.
 */
export function invoiceForNewPrice(
  context: Pick<ServiceContext, "db">,
  {
    invoice,
    shipmentId,
    before,
    after,
    shipmentAt,
    actor,
    now,
  }: { invoice: Invoice | undefined; shipmentId: string; before: Priced; after: Priced; shipmentAt: SQL | undefined; actor: Actor; now: number },
) {
  const { db } = context;
  const none: { refusal: "paid" | null; statements: BatchItem<"sqlite">[]; shipmentGuard: SQL | undefined } = { refusal: null, statements: [], shipmentGuard: undefined };
  if (before.cost === after.cost && before.currency === after.currency && before.costBreakdown === after.costBreakdown) return none;
  if (!invoice || invoice.status === "void") return none;
  const stored = {
    currency: invoice.currency,
    lines: parseLines(invoice.lineItems),
    exchange: invoice.exchangeRate === null ? null : { baseCurrency: invoice.baseCurrency, rate: invoice.exchangeRate, setAt: invoice.exchangeRateSetAt ?? 0 },
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.total,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
  };
  // Billed at the tax rate it was issued with.
  const next = { currency: after.currency, ...invoiceAmounts({ cost: after.cost, costBreakdown: after.costBreakdown, taxRateBasisPoints: invoice.taxRateBasisPoints }) };
  if (sameAmounts(stored, next)) return none;
  if (invoice.status === "paid") return { ...none, refusal: "paid" };
  const changes: FieldChanges = {};
  for (const field of ["currency", "subtotal", "tax", "total"] as const) {
    if (stored[field] !== next[field]) changes[field] = { from: stored[field], to: next[field] };
  }
  if (JSON.stringify(stored.lines) !== JSON.stringify(next.lines)) changes.lines = { from: stored.lines, to: next.lines };
  const stillUnpaid = and(eq(invoices.id, invoice.id), eq(invoices.status, "unpaid"), exists(db.select({ id: shipments.id }).from(shipments).where(shipmentAt)));
  return {
    refusal: null,
    statements: [
      recordEventWhere(context, actor, { event: { type: "invoice.updated", entityId: invoice.id, data: { number: invoice.number, changes } }, from: invoices, where: stillUnpaid }, now),
      db
        .update(invoices)
        .set({
          currency: next.currency,
          lineItems: JSON.stringify(next.lines),
          subtotal: next.subtotal,
          tax: next.tax,
          total: next.total,
          // The rate the new price was converted at, as a new invoice records it.
          ...(next.exchange
            ? { baseCurrency: next.exchange.baseCurrency, exchangeRate: next.exchange.rate, exchangeRateSetAt: next.exchange.setAt }
            : { exchangeRate: null, exchangeRateSetAt: null }),
        })
        .where(stillUnpaid),
    ],
    shipmentGuard: notExists(db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.shipmentId, shipmentId), eq(invoices.status, "paid")))),
  };
}
