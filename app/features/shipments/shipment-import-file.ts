// Reading a CSV file of shipments (the columns of ./shipment-import.ts) into the drafts the
// customer's four-step form checks, with csv-parse (the csv-stringify family that writes every
// CSV the app serves): a byte-order mark, CRLF or LF line ends, and quoted commas, quotes and line
// breaks are taken as a spreadsheet writes them. Server only: the parser needs Node's Buffer.
import { parse } from "csv-parse/sync";
import { IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_MESSAGES, type RowError } from "./shipment-import";
import { EMPTY_PACKAGE, type ShipmentDraft } from "./shipment-steps";

/** The `messages` catalogs in the uploader's language: the file's own faults are said in it (a row's stay English, as they are stored). */
type MessagesT = (key: string, values?: Record<string, unknown>) => string;

/** What a column left out, or empty, stands for: one parcel, express, standard delivery, no add-ons; the currency is the settings' default. */
const DEFAULTS: Partial<Record<string, string>> = { quantity: "1", service: "express", delivery_option: "standard" };

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

/** Why a header cannot be used, or null: every required column named once, and nothing unknown. In the language of `t`. */
function headerProblem(names: readonly string[], t: MessagesT): string | null {
  const unknown = names.filter((name) => !COLUMN_BY_NAME.has(name));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !names.includes(column.name)).map((column) => column.name);
  const problems = [
    ...(missing.length > 0 ? [t("missing {{columns}}", { columns: list(missing) })] : []),
    ...(unknown.length > 0 ? [t("unknown {{columns}}", { columns: list(unknown.map((name) => name.slice(0, 40) || t("(empty)")).slice(0, 10)) })] : []),
    ...(repeated.length > 0 ? [t("named twice {{columns}}", { columns: list([...new Set(repeated)]) })] : []),
  ];
  if (problems.length === 0) return null;
  return t("The first row must name the columns of the template, separated by commas ({{problems}}).", { problems: problems.join("; ") });
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
export function readImportFile(bytes: Uint8Array, { defaultCurrency, t }: { defaultCurrency: string; t: MessagesT }): ImportFileRead {
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
    return {
      ok: false,
      message:
        typeof line === "number"
          ? t("This file could not be read as CSV (near line {{line}}). Please save it from your spreadsheet as CSV (UTF-8) and upload that.", { line })
          : t("This file could not be read as CSV. Please save it from your spreadsheet as CSV (UTF-8) and upload that."),
    };
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === "")) return { ok: false, message: IMPORT_MESSAGES.empty };
  const names = header.map((cell) => columnKey(cellText(cell)));
  const problem = headerProblem(names, t);
  if (problem) return { ok: false, message: problem };
  if (body.length === 0) return { ok: false, message: IMPORT_MESSAGES.noRows };
  if (body.length > IMPORT_LIMITS.rows) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
  return { ok: true, rows: body.map((cells, index) => ({ line: index + 2, ...rowDraft(names, cells, defaultCurrency) })) };
}

