// The bulk import's file: one shipment (with one package line) per row, in the columns named in
// the README, which the template holds with two example rows; each row becomes the draft the
// customer's four-step form checks (./shipment-import-file.ts reads a file, server side), so an
// imported row passes or fails exactly as the form would. A cell that starts like a formula
// (=, +, -, @) is text and stays text: nothing evaluates it, pages escape it, and every CSV the app writes defuses it
// again (app/.server/csv-file.ts); the apostrophe that writer (and spreadsheets) put in front of
// one is taken off, so a file exported here imports back unchanged.
import type { PackageDraft, ShipmentDraft } from "./shipment-steps";

/** The most one file may hold: rows below the header, and bytes. */
export const IMPORT_LIMITS = { rows: 5_000, bytes: 2 * 1024 * 1024 } as const;

export type DraftText = { [K in keyof ShipmentDraft]: ShipmentDraft[K] extends string ? K : never }[keyof ShipmentDraft];
export type Flag = "insurance" | "signatureRequired" | "fragile";

/** Where a column's value goes in the draft: a text field, a field of its one package, or a yes/no option. */
type Target = { text: DraftText } | { package: keyof PackageDraft } | { flag: Flag };

export type ImportColumn = { name: string; target: Target; required: boolean; example: [string, string] };

const party = (prefix: "sender" | "recipient", examples: Record<string, [string, string]>): ImportColumn[] =>
  (
    [
      ["name", "Name", true],
      ["email", "Email", true],
      ["phone", "Phone", true],
      ["address", "Address", true],
      ["city", "City", true],
      ["state", "State", false],
      ["country", "Country", true],
      ["postal_code", "PostalCode", true],
    ] as const
  ).map(([column, field, required]) => ({
    name: `${prefix}_${column}`,
    target: { text: `${prefix}${field}` as DraftText },
    required,
    example: examples[column]!,
  }));

/** Every column a file may have, in the template's order; the header names them (any case, any order). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  ...party("sender", {
    name: ["Avery Quinn", "Avery Quinn"],
    email: ["avery@example.com", "avery@example.com"],
    phone: ["+1 415 555 0134", "+1 415 555 0134"],
    address: ["1 Market St", "1 Market St"],
    city: ["San Francisco", "San Francisco"],
    state: ["CA", "CA"],
    country: ["US", "US"],
    postal_code: ["94105", "94105"],
  }),
  ...party("recipient", {
    name: ["Lena Fischer", "Jordan Lee"],
    email: ["lena@example.com", "jordan@example.com"],
    phone: ["+49 30 5550 1234", "415 555 0199"],
    address: ["Torstraße 101", "500 Howard St, Suite 2"],
    city: ["Berlin", "San Francisco"],
    state: ["", "CA"],
    country: ["DE", "US"],
    postal_code: ["10119", "94105"],
  }),
  { name: "description", target: { package: "description" }, required: true, example: ["Books", "Flowers, fresh"] },
  { name: "weight_kg", target: { package: "weight" }, required: true, example: ["2", "0.8"] },
  { name: "length_cm", target: { package: "length" }, required: true, example: ["30", "40"] },
  { name: "width_cm", target: { package: "width" }, required: true, example: ["20", "15"] },
  { name: "height_cm", target: { package: "height" }, required: true, example: ["10", "15"] },
  { name: "declared_value", target: { package: "value" }, required: true, example: ["40", "25.50"] },
  { name: "quantity", target: { package: "quantity" }, required: false, example: ["1", "2"] },
  { name: "currency", target: { text: "currency" }, required: false, example: ["USD", "USD"] },
  { name: "service", target: { text: "serviceType" }, required: false, example: ["express", "same_day"] },
  { name: "delivery_option", target: { text: "deliveryOption" }, required: false, example: ["standard", "evening"] },
  { name: "insurance", target: { flag: "insurance" }, required: false, example: ["yes", "no"] },
  { name: "signature_required", target: { flag: "signatureRequired" }, required: false, example: ["no", "yes"] },
  { name: "fragile", target: { flag: "fragile" }, required: false, example: ["no", "yes"] },
  { name: "special_instructions", target: { text: "specialInstructions" }, required: false, example: ["", "Leave with the concierge\nif nobody answers"] },
  { name: "reference_number", target: { text: "referenceNumber" }, required: false, example: ["ORDER-1001", "ORDER-1002"] },
];

export const IMPORT_MESSAGES = {
  noFile: "Please choose a CSV file to upload.",
  empty: "The file is empty. Please choose a CSV file with a header row and one row per shipment.",
  tooLarge: `The file is larger than 2 MB. Please split it into files of at most 2 MB and ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows.`,
  tooManyRows: `The file has more than ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows. Please split it into files of at most ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows.`,
  notCsv: "This file is not a CSV file. Please save it from your spreadsheet as CSV (UTF-8) and upload that.",
  noRows: "The file has a header but no shipments. Please add one row per shipment below the header.",
} as const;

/** An error of one row: the column it is about (null for the whole row) and the message. */
export type RowError = { column: string | null; message: string };

/** Each column by the draft field it fills: a package field by its own name ("weight"), the rest by the form's. */
const COLUMN_OF_FIELD = new Map<string, string>(
  IMPORT_COLUMNS.map((column) => {
    const { target } = column;
    const field = "text" in target ? target.text : "flag" in target ? target.flag : `packages[0].${target.package}`;
    return [field, column.name];
  }),
);

/** The column a form field's error is about ("packages[0].weight" is weight_kg); null for what is the row's as a whole. */
export function columnOfField(field: string): string | null {
  return COLUMN_OF_FIELD.get(field) ?? null;
}

/** The header and the two example rows, as the template file holds them. */
export function templateRecords(): string[][] {
  return [IMPORT_COLUMNS.map((column) => column.name), ...([0, 1] as const).map((row) => IMPORT_COLUMNS.map((column) => column.example[row]))];
}

/** Who imports: a customer, for their own account, or an admin, for the back office (no account). */
export type ImportArea = "customer" | "admin";

/** The pages of an import in each area: the upload form, an import's preview, and the list its shipments join. */
export function importPages(area: ImportArea) {
  const base = area === "admin" ? "/admin/shipments" : "/dashboard";
  return { upload: `${base}/import`, preview: (importId: string) => `${base}/imports/${importId}`, list: base } as const;
}

/** The template's address: the same file for both areas. */
export const IMPORT_TEMPLATE_PATH = "/shipment-import-template.csv";
