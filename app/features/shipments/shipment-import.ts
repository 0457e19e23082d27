// A CSV file of shipments, one shipment (with one package line) per row, read into the drafts the
// customer's four-step form checks, so an imported row passes or fails exactly as the form would.
// The columns are named in the README; the template holds them with two example rows.
// Read with csv-parse (the csv-stringify family that writes every CSV the app serves): a
// byte-order mark, CRLF or LF line ends, and quoted commas, quotes and line breaks are taken as
// a spreadsheet writes them. A cell that starts like a formula (=, +, -, @) is text here and
// stays text: nothing evaluates it, pages escape it, and every CSV the app writes defuses it
// again (app/.server/csv-file.ts); the apostrophe that writer (and spreadsheets) put in front of
// one is taken off, so a file exported here imports back unchanged.
import { parse } from "csv-parse/sync";
import { EMPTY_PACKAGE, type PackageDraft, type ShipmentDraft } from "./shipment-steps";

/** The most one file may hold: rows below the header, and bytes. */
export const IMPORT_LIMITS = { rows: 5_000, bytes: 2 * 1024 * 1024 } as const;

type DraftText = { [K in keyof ShipmentDraft]: ShipmentDraft[K] extends string ? K : never }[keyof ShipmentDraft];
type Flag = "insurance" | "signatureRequired" | "fragile";

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

/** What a column left out, or empty, stands for: one parcel, express, standard delivery, no add-ons; the currency is the settings' default. */
const DEFAULTS: Partial<Record<string, string>> = { quantity: "1", service: "express", delivery_option: "standard" };

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

/** A row of the file as read: its row number in a spreadsheet (the header is row 1), the draft, and what reading found wrong. */
export type ImportRow = { line: number; draft: ShipmentDraft; errors: RowError[] };

export type ImportFileRead = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

const FORMULA_START = /^'(?=[=+\-@\t\r])/;

/** A cell as it was meant: without the apostrophe a CSV writer puts before a formula-like start. */
export function cellText(value: string): string {
  return value.replace(FORMULA_START, "");
}

/** The characters a cell keeps: more than any column allows, so an over-long cell is still refused as such. */
const CELL_KEPT = 1_001;

const FLAG_VALUES: Record<string, boolean> = { yes: true, y: true, true: true, "1": true, no: false, n: false, false: false, "0": false, "": false };

function columnKey(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

const COLUMN_BY_NAME = new Map(IMPORT_COLUMNS.map((column) => [column.name, column]));

function list(names: readonly string[]): string {
  return names.join(", ");
}

/** Why a header cannot be used, or null: every required column named once, and nothing unknown. */
function headerProblem(names: readonly string[]): string | null {
  const unknown = names.filter((name) => !COLUMN_BY_NAME.has(name));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !names.includes(column.name)).map((column) => column.name);
  const problems = [
    ...(missing.length > 0 ? [`missing ${list(missing)}`] : []),
    ...(unknown.length > 0 ? [`unknown ${list(unknown.map((name) => name.slice(0, 40) || "(empty)").slice(0, 10))}`] : []),
    ...(repeated.length > 0 ? [`named twice ${list([...new Set(repeated)])}`] : []),
  ];
  if (problems.length === 0) return null;
  return `The first row must name the columns of the template, separated by commas (${problems.join("; ")}).`;
}

/** The draft a row stands for, and the errors of the cells no schema reads (yes/no options, the row's length). */
function rowDraft(names: readonly string[], cells: readonly string[], defaultCurrency: string): { draft: ShipmentDraft; errors: RowError[] } {
  const errors: RowError[] = [];
  if (cells.length !== names.length) {
    errors.push({ column: null, message: `This row has ${cells.length} cells; the header has ${names.length}.` });
  }
  const draft: ShipmentDraft = {
    ...Object.fromEntries(IMPORT_COLUMNS.flatMap((column) => ("text" in column.target ? [[column.target.text, ""]] : []))),
    packages: [{ ...EMPTY_PACKAGE }],
    insurance: false,
    signatureRequired: false,
    fragile: false,
  } as ShipmentDraft;
  const packageLine = draft.packages[0]!;
  for (const column of IMPORT_COLUMNS) {
    const index = names.indexOf(column.name);
    const typed = index === -1 ? "" : cellText(cells[index] ?? "").slice(0, CELL_KEPT);
    const value = typed.trim() === "" ? (DEFAULTS[column.name] ?? (column.name === "currency" ? defaultCurrency : typed)) : typed;
    const { target } = column;
    if ("text" in target) draft[target.text] = target.text.endsWith("Country") || target.text === "currency" ? value.trim().toUpperCase() : value;
    else if ("package" in target) packageLine[target.package] = value;
    else {
      const flag = FLAG_VALUES[value.trim().toLowerCase()];
      if (flag === undefined) errors.push({ column: column.name, message: "Please enter yes or no" });
      draft[target.flag] = flag ?? false;
    }
  }
  return { draft, errors };
}

/**
 * The rows of a CSV file, each with its draft and the errors found while reading, or why the
 * file cannot be read at all (not UTF-8 text, a header that does not name the columns, no rows,
 * more rows than a file may hold). Blank lines and rows of empty cells are left out.
 */
export function readImportFile(bytes: Uint8Array, { defaultCurrency }: { defaultCurrency: string }): ImportFileRead {
  if (bytes.byteLength === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  if (bytes.byteLength > IMPORT_LIMITS.bytes) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.notCsv };
  }
  // A NUL byte is never in text a spreadsheet writes: a binary file that happens to decode.
  if (text.includes("\u0000")) return { ok: false, message: IMPORT_MESSAGES.notCsv };
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // The header and one row more than allowed: enough to say there are too many.
      to: IMPORT_LIMITS.rows + 2,
    });
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return { ok: false, message: `This file could not be read as CSV${typeof line === "number" ? ` (near line ${line})` : ""}. Please save it from your spreadsheet as CSV (UTF-8) and upload that.` };
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === "")) return { ok: false, message: IMPORT_MESSAGES.empty };
  const names = header.map((cell) => columnKey(cellText(cell)));
  const problem = headerProblem(names);
  if (problem) return { ok: false, message: problem };
  if (body.length === 0) return { ok: false, message: IMPORT_MESSAGES.noRows };
  if (body.length > IMPORT_LIMITS.rows) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
  return { ok: true, rows: body.map((cells, index) => ({ line: index + 2, ...rowDraft(names, cells, defaultCurrency) })) };
}

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
