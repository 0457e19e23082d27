import { describe, expect, it } from "vitest";
import { csvLines } from "~/.server/csv-file";
import { translator } from "~/features/languages/i18n.server";
import { columnOfField, IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_MESSAGES, templateRecords } from "./shipment-import";
import { readImportFile } from "./shipment-import-file";

const encode = (text: string) => new TextEncoder().encode(text);
const t = translator("en", "messages");
const read = (text: string) => readImportFile(encode(text), { defaultCurrency: "EUR", t });
const [HEADER, FIRST, SECOND] = templateRecords() as [string[], string[], string[]];
const line = (cells: readonly string[]) => cells.map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(",");

function rowsOf(text: string) {
  const result = read(text);
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

describe("reading a CSV file of shipments", () => {
  it("reads the template as written (mark, CRLF, quoted commas and line breaks) into drafts with nothing wrong", () => {
    const rows = rowsOf(`\uFEFF${csvLines(templateRecords())}`);
    expect(rows.map((row) => row.line)).toEqual([2, 3]);
    expect(rows.map((row) => row.errors)).toEqual([[], []]);
    const [first, second] = rows;
    expect(first!.draft).toMatchObject({ senderName: "Avery Quinn", recipientCountry: "DE", currency: "USD", serviceType: "express", insurance: true });
    expect(first!.draft.packages).toEqual([{ description: "Books", weight: "2", length: "30", width: "20", height: "10", value: "40", quantity: "1" }]);
    expect(second!.draft).toMatchObject({ recipientAddress: "500 Howard St, Suite 2", specialInstructions: "Leave with the concierge\nif nobody answers", fragile: true });
    expect(second!.draft.packages[0]!.description).toBe("Flowers, fresh");
  });

  it("takes LF line ends, any order and case of the columns, and fills what is left out with the defaults", () => {
    const required = IMPORT_COLUMNS.filter((column) => column.required);
    const header = [...required].reverse().map((column) => column.name.toUpperCase().replace(/_/g, " "));
    const cells = [...required].reverse().map((column) => column.example[0]);
    const [row] = rowsOf(`${header.join(",")}\n${line(cells)}\n\n`);
    expect(row!.errors).toEqual([]);
    // The settings' currency, one parcel, express, standard delivery, no add-ons.
    expect(row!.draft).toMatchObject({ currency: "EUR", serviceType: "express", deliveryOption: "standard", insurance: false, signatureRequired: false, fragile: false });
    expect(row!.draft.packages[0]!.quantity).toBe("1");
  });

  it("keeps a formula-like cell as text, and takes off the apostrophe a CSV writer put before one", () => {
    const cells = [...FIRST];
    cells[HEADER.indexOf("recipient_name")] = '=HYPERLINK("http://evil.example","Click")';
    cells[HEADER.indexOf("sender_name")] = "'=1+1";
    cells[HEADER.indexOf("description")] = "@SUM(A1)";
    cells[HEADER.indexOf("weight_kg")] = "-2";
    const [row] = rowsOf(`${line(HEADER)}\r\n${line(cells)}\r\n`);
    expect(row!.draft.recipientName).toBe('=HYPERLINK("http://evil.example","Click")');
    expect(row!.draft.senderName).toBe("=1+1");
    expect(row!.draft.packages[0]).toMatchObject({ description: "@SUM(A1)", weight: "-2" });
    // Written out again, each is defused.
    expect(csvLines([[row!.draft.recipientName, row!.draft.senderName]])).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")",'=1+1\r\n`);
  });

  it("names a row's own faults: a yes/no option that is neither, and cells that do not match the header", () => {
    const cells = [...SECOND];
    cells[HEADER.indexOf("insurance")] = "maybe";
    const rows = rowsOf(`${line(HEADER)}\n${line(cells)}\n${line(FIRST.slice(0, -2))}\n`);
    expect(rows[0]!.errors).toEqual([{ column: "insurance", message: "Please enter yes or no" }]);
    expect(rows[1]!.errors).toEqual([{ column: null, message: `This row has ${HEADER.length - 2} cells; the header has ${HEADER.length}.` }]);
  });

  it("refuses a file it cannot use, saying why", () => {
    expect(read("")).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(read("\n\n")).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(readImportFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]), { defaultCurrency: "USD", t })).toEqual({ ok: false, message: IMPORT_MESSAGES.notCsv });
    expect(read("sender_name\u0000,x")).toEqual({ ok: false, message: IMPORT_MESSAGES.notCsv });
    expect(read(`${line(HEADER)}\n`)).toEqual({ ok: false, message: IMPORT_MESSAGES.noRows });
    expect(read(`${line(HEADER)}\n"unclosed,${FIRST.slice(1).join(",")}\n`)).toMatchObject({ ok: false, message: expect.stringMatching(/could not be read as CSV/) });
    const header = read(`${line([...HEADER.filter((name) => name !== "sender_email"), "sender_emial", "weight_kg"])}\n${line(FIRST)}`);
    expect(header).toEqual({
      ok: false,
      message: "The first row must name the columns of the template, separated by commas (missing sender_email; unknown sender_emial; named twice weight_kg).",
    });
    expect(read("hello world\nthis is not a file of shipments")).toMatchObject({ ok: false, message: expect.stringMatching(/^The first row must name the columns/) });
    // Said in the uploader's language.
    const spanish = readImportFile(encode(`${line([...HEADER.filter((name) => name !== "sender_email"), "weight_kg"])}\n${line(FIRST)}`), { defaultCurrency: "EUR", t: translator("es", "messages") });
    expect(spanish).toEqual({
      ok: false,
      message: "La primera fila debe nombrar las columnas de la plantilla, separadas por comas (falta sender_email; repetida weight_kg).",
    });
  });

  it("takes 5,000 rows and refuses 5,001; refuses more than 2 MB", () => {
    const body = (count: number) => `${line(HEADER)}\n${`${line(FIRST)}\n`.repeat(count)}`;
    const fits = read(body(IMPORT_LIMITS.rows));
    expect(fits.ok && fits.rows.length).toBe(IMPORT_LIMITS.rows);
    expect(read(body(IMPORT_LIMITS.rows + 1))).toEqual({ ok: false, message: IMPORT_MESSAGES.tooManyRows });
    expect(readImportFile(new Uint8Array(IMPORT_LIMITS.bytes + 1).fill(0x41), { defaultCurrency: "USD", t })).toEqual({ ok: false, message: IMPORT_MESSAGES.tooLarge });
  });

  it("names the column of each form field's error", () => {
    expect(columnOfField("recipientEmail")).toBe("recipient_email");
    expect(columnOfField("packages[0].weight")).toBe("weight_kg");
    expect(columnOfField("packages[0].value")).toBe("declared_value");
    expect(columnOfField("serviceType")).toBe("service");
    expect(columnOfField("insurance")).toBe("insurance");
    expect(columnOfField("packages")).toBeNull();
  });
});
