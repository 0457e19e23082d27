import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvLines, csvStream } from "./csv-file";

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("the CSV writer", () => {
  it("defuses every cell that starts like a formula, and leaves the app's numbers alone", () => {
    const cells = ["=2+5", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "＝1", "plain", "a=b"];
    const read = (csv: string) => parse(csv, { record_delimiter: "\r\n" });
    expect(read(csvLines([cells]))).toEqual([["'=2+5", "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "'＝1", "plain", "a=b"]]);
    expect(read(csvLines([[-5, 3.5]]))).toEqual([["-5", "3.5"]]);
    expect(csvLines([["a", 'b "c", d']])).toBe('a,"b ""c"", d"\r\n');
  });

  it("quotes a cell with a line break of any kind, so every reader keeps it in its row", () => {
    expect(csvLines([["Leave at the door\nif out", "one\rtwo", "plain"]])).toBe('"Leave at the door\nif out","one\rtwo",plain\r\n');
  });

  it("writes a byte-order mark and the header first, then each page a keyset read gives, up to the most rows", async () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({ id: index, name: index % 2 ? `=cell ${index}` : `cell ${index}` }));
    const asked: (number | null)[] = [];
    const file = csvStream({
      header: ["Id", "Name"],
      pageRows: 5,
      maxRows: 11,
      readPage: async (after, pageRows) => {
        asked.push(after?.id ?? null);
        const start = after === null ? 0 : after.id + 1;
        return rows.slice(start, start + pageRows);
      },
      toCells: (row) => [row.id, row.name],
    });
    const written = await text(file);
    expect(written.startsWith("\uFEFFId,Name\r\n")).toBe(true);
    expect(asked).toEqual([null, 4, 9]);
    const records = parse(written, { bom: true, record_delimiter: "\r\n" });
    expect(records).toHaveLength(12);
    expect(records[2]).toEqual(["1", "'=cell 1"]);
    expect(records.at(-1)).toEqual(["10", "cell 10"]);
  });
});
