// The API's parameters and answers as zod schemas: the request bodies are the forms' own schemas
// (the four-step form's whole check, the quote's part of it, the back office's status and place
// fields); these describe the rest, and the OpenAPI document is generated from all of them.
import { z } from "zod";
import { MAX_LENGTH } from "~/domain/field-limits";
import { INVOICE_STATUSES } from "~/features/invoices/invoice";
import { IMPORT_LIMITS } from "~/features/shipments/shipment-import";
import { LocationSchema } from "~/features/shipments/shipment-places";
import { SHIPMENT_STATUSES, STATUS_NOT_LISTED, normalizeStatus } from "~/features/shipments/shipment-status";

/** Which rows of an import a page lists. */
export const IMPORT_ROW_CHOICES = ["all", "errors"] as const;

/** Most rows one page of a list holds, and the default. */
export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;
const MAX_CURSOR_LENGTH = 200;

const limit = z.coerce
  .number({ invalid_type_error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .default(DEFAULT_PAGE_SIZE);
const cursor = z.string().max(MAX_CURSOR_LENGTH, "This cursor is not one this API gave out").optional();

/** A status in either vocabulary ("in-transit", "In Transit", "in_transit"), answered as stored. */
const status = z.preprocess((value) => (typeof value === "string" ? (normalizeStatus(value.slice(0, MAX_LENGTH.code)) ?? value) : value), z.enum(SHIPMENT_STATUSES, { errorMap: () => ({ message: STATUS_NOT_LISTED }) }));

export const ShipmentListQuery = z.object({
  status: status.optional(),
  search: z.string().max(40, "search has at most 40 characters").optional(),
  limit,
  cursor,
});

export const InvoiceListQuery = z.object({
  status: z.enum(INVOICE_STATUSES, { errorMap: () => ({ message: "Please choose a status from the list" }) }).optional(),
  limit,
  cursor,
});

export const TrackingManyQuery = z.object({
  ids: z.string({ required_error: "Please enter a tracking ID" }).max(1000, "Enter up to 10 tracking IDs at a time."),
});

export const IdParams = z.object({ id: z.string().max(64) });
export const TrackingIdParams = z.object({ trackingId: z.string().max(40) });

/** The back office's status change: any status; a custom destination says where. */
export const StatusUpdateSchema = z.object({
  status,
  destination: z.string().max(MAX_LENGTH.customDestination * 2).optional(),
});

export const LocationUpdateSchema = z.object({ location: LocationSchema });

/** An import's preview: a page of its rows (50 each), all of them or only those with errors. */
export const ImportQuery = z.object({
  rows: z.enum(IMPORT_ROW_CHOICES, { errorMap: () => ({ message: "rows is all or errors" }) }).default("all"),
  page: z.coerce
    .number({ invalid_type_error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(IMPORT_LIMITS.rows, "page must be a whole number from 1")
    .default(1),
});

/** The CSV file of an import: its columns are the template's (/shipment-import-template.csv). */
export const ImportFileBody = z
  .string()
  .describe(
    `A CSV file (UTF-8, a byte-order mark allowed, CRLF or LF): a header naming the template's columns, then one shipment a row, at most ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows and 2 MB. The template: /shipment-import-template.csv.`,
  );

// Answers.
const Place = z.object({ city: z.string(), country: z.string() });
const Charge = z.object({ currency: z.string(), net: z.number().int(), taxRateBasisPoints: z.number().int(), tax: z.number().int(), total: z.number().int() });
const Party = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
});
const HistoryEntry = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  location: z.string().nullable(),
  description: z.string(),
  occurredAt: z.number().int(),
  synthesized: z.boolean(),
});
const Dimensions = { length: z.number(), width: z.number(), height: z.number() };

export const TrackingResponse = z.object({
  trackingId: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  serviceType: z.string(),
  origin: Place,
  destination: Place,
  currentLocation: z.string().nullable(),
  customDestination: z.string().nullable(),
  estimatedDelivery: z.number().int().nullable(),
  actualDelivery: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  history: z.array(HistoryEntry),
  details: z
    .object({
      sender: Party,
      recipient: Party,
      packageType: z.string(),
      description: z.string().nullable(),
      weightKg: z.number(),
      dimensionsCm: z.object(Dimensions).nullable(),
      packages: z.array(z.object({ description: z.string(), quantity: z.number().int(), weightKg: z.number(), ...Dimensions })),
      declaredValue: z.number().int(),
      charge: Charge,
      currency: z.string(),
      invoiceUrl: z.string().nullable(),
    })
    .nullable()
    .describe("The shipment's parties, contents and price: only for its owner's keys and service keys; null otherwise."),
});

export const TrackingManyResponse = z.object({
  data: z.array(
    z.object({
      trackingId: z.string(),
      shipment: z
        .object({
          trackingId: z.string(),
          status: z.enum(SHIPMENT_STATUSES),
          currentLocation: z.string().nullable(),
          destination: Place,
          estimatedDelivery: z.number().int().nullable(),
          actualDelivery: z.number().int().nullable(),
        })
        .nullable(),
    }),
  ),
});

const QuoteLine = z.object({ key: z.string(), label: z.string(), amount: z.number().int() });
export const QuoteResponse = z.object({
  currency: z.string(),
  lines: z.array(QuoteLine),
  charge: Charge,
  weightKg: z.number(),
  declaredValue: z.number().int(),
  estimatedDelivery: z.number().int(),
});

export const ShipmentCreatedResponse = z.object({ id: z.string(), trackingId: z.string(), invoiceId: z.string(), status: z.literal("pending"), trackingUrl: z.string() });

const ShipmentListItem = z.object({
  id: z.string(),
  trackingId: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  serviceType: z.string(),
  recipientName: z.string(),
  origin: Place,
  destination: Place,
  currentLocation: z.string().nullable(),
  estimatedDelivery: z.number().int().nullable(),
  charge: Charge,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export const ShipmentListResponse = z.object({ data: z.array(ShipmentListItem), nextCursor: z.string().nullable() });

export const ShipmentResponse = TrackingResponse.extend({ id: z.string() });

export const CancelResponse = z.object({ id: z.string(), trackingId: z.string(), cancelled: z.literal(true), message: z.string() });
export const ChangeResponse = z.object({ id: z.string(), changed: z.boolean(), message: z.string() });

export const ReceiptResponse = z.object({
  id: z.string(),
  trackingId: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  serviceType: z.string(),
  createdAt: z.number().int(),
  estimatedDelivery: z.string().nullable().describe("The estimated delivery day, as the receipt prints it"),
  sender: Party,
  recipient: Party,
  packages: z.array(z.object({ description: z.string(), quantity: z.number().int(), weightKg: z.number(), value: z.number().int(), ...Dimensions })),
  lines: z.array(z.object({ label: z.string(), amount: z.number().int() })),
  charge: Charge,
  trackingUrl: z.string(),
});

const InvoiceListItem = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  issuedAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  shipmentId: z.string().nullable(),
  trackingId: z.string(),
});
export const InvoiceListResponse = z.object({ data: z.array(InvoiceListItem), nextCursor: z.string().nullable() });

export const InvoiceResponse = z.object({
  id: z.string(),
  number: z.string(),
  issuer: z.object({ name: z.string(), address: z.string(), phone: z.string(), taxNumber: z.string() }),
  shipmentExists: z.boolean(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  currency: z.string(),
  exchange: z.object({ baseCurrency: z.string(), rate: z.number(), setAt: z.number().int().nullable() }).nullable(),
  lines: z.array(z.object({ label: z.string(), amount: z.number().int() })),
  subtotal: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  shipment: z.object({
    trackingId: z.string(),
    serviceType: z.string(),
    description: z.string().nullable(),
    weightKg: z.number(),
    billTo: Party.omit({ phone: true, company: true }),
    destination: z.object({ name: z.string(), city: z.string(), country: z.string() }),
  }),
});

const ImportRowError = z.object({ column: z.string().nullable().describe("The CSV column at fault; null for the row as a whole"), message: z.string() });
export const ImportResponse = z.object({
  id: z.string(),
  rowCount: z.number().int(),
  validCount: z.number().int().describe("Rows without errors: what the confirm creates"),
  errorRowCount: z.number().int(),
  createdCount: z.number().int(),
  finishedAt: z.number().int().nullable().describe("When the confirm finished; null until then"),
  expiresAt: z.number().int().describe("Until when the confirm may be sent"),
  rows: z
    .array(
      z.object({
        line: z.number().int().describe("The row's number in a spreadsheet: the header is row 1"),
        recipient: z.string(),
        destination: z.string(),
        description: z.string(),
        weight: z.string(),
        service: z.string(),
        created: z.boolean(),
        errors: z.array(ImportRowError).describe("Every error of the row at once; empty: the row will be created"),
      }),
    )
    .describe("One page of rows (50 at most), in file order"),
  page: z.number().int(),
  pageCount: z.number().int(),
  nextPage: z.string().nullable().describe("The address of the next page of these rows; null on the last"),
});

export const ImportConfirmResponse = z.object({
  id: z.string(),
  created: z.number().int().describe("Rows that are shipments now"),
  leftOut: z.number().int().describe("Rows left out for their errors"),
  message: z.string(),
});

export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ pointer: z.string().describe("A JSON Pointer into the request body or query"), detail: z.string() })).optional(),
});
