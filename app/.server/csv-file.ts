// The one writer of every CSV file the app serves (the analytics exports, the invoices list).
// Each file is:
// - safe to open in a spreadsheet: a cell that starts like a formula (=, +, -, @, a tab, a
//   carriage return, or their full-width forms) is prefixed with an apostrophe, so a customer
//   who names a recipient "=HYPERLINK(...)" plants text, not a formula (csv-stringify's
//   escape_formulas; OWASP's CSV injection). Numbers the app computes are left as numbers;
//   negative ones stay numbers.
// - readable everywhere: a UTF-8 byte-order mark (spreadsheet programs then read accents right)
//   and RFC 4180's CRLF line ends, quoted by csv-stringify.
// - streamed: rows are read a page at a time by keyset (the last row read is the cursor, never
//   an OFFSET that rescans what came before) and written as each page arrives, so the first
//   bytes leave at once and a year of a busy operator's shipments never sits in memory whole.
//   The next page is read only when the reader has taken the last one (the stream's pull).
import { stringify, type Options } from "csv-stringify/sync";

export type CsvCell = string | number;

export type CsvSource<Row> = {
  header: readonly string[];
  /** The rows after `after` (the last row of the previous page; null for the first), at most `pageRows` of them, in file order. */
  readPage: (after: Row | null, pageRows: number) => Promise<Row[]>;
  toCells: (row: Row) => CsvCell[];
  /** Rows per query. */
  pageRows?: number;
  /** The most rows the file holds; the rest are left out. */
  maxRows?: number;
};

export const CSV_PAGE_ROWS = 500;

// A line break alone inside a cell is quoted too: csv-stringify quotes only the record delimiter
// (CRLF), and a bare LF or CR would end the row for most readers (Python's csv, spreadsheets).
const OPTIONS: Options = { escape_formulas: true, record_delimiter: "windows", quoted_match: /[\r\n]/ };
const BYTE_ORDER_MARK = "\uFEFF";

/** CSV text of `records` as every file here writes them (formulas defused, CRLF), without the mark. */
export function csvLines(records: readonly (readonly CsvCell[])[]): string {
  return stringify(records as CsvCell[][], OPTIONS);
}

/** The file as a stream: the mark and header at once, then a page of rows per read. */
export function csvStream<Row>({
  header,
  readPage,
  toCells,
  pageRows = CSV_PAGE_ROWS,
  maxRows = Number.POSITIVE_INFINITY,
}: CsvSource<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let written = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLines([header])));
      },
      async pull(controller) {
        const wanted = Math.min(pageRows, maxRows - written);
        const rows = wanted > 0 ? await readPage(last, wanted) : [];
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(csvLines(rows.map(toCells))));
          written += rows.length;
          last = rows.at(-1)!;
        }
        if (rows.length < wanted || written >= maxRows) controller.close();
      },
    },
    // One page waits at most: the next is read when the reader takes it.
    { highWaterMark: 1 }
  );
}

/** The answer that downloads a CSV file: never cached, since it holds what an admin may see. */
export function csvResponse(file: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(file, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
