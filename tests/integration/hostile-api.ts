// Hostile requests for every operation of the public API (/api/v1): bodies that are not JSON, not
// objects, of the wrong types, with the form's fields filled with hostile text; parameters that
// name nothing, or an injection; queries out of bounds; Idempotency-Keys that are no keys. An
// operation that takes a CSV file gets files: malformed, binary, formula-like, ragged, with
// hostile cells, and now and then a JSON body instead (415).
import fc from "fast-check";
import type { Operation } from "~/features/api/api.server";
import { templateRecords } from "~/features/shipments/shipment-import";
import { API_SHIPMENT } from "../api-sample";

export type ApiCase = { what: string; path: string; query: string; body: string | null; headers: Record<string, string> };

const HOSTILE_TEXT = fc.oneof(
  fc.constantFrom("", " ", "'; DROP TABLE shipments;--", "<script>alert(1)</script>", "\u0000\u0007", "x".repeat(5000), "%00", "../../etc/passwd", "NaN", "-1", "1e309", "true"),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 30 }),
);
const HOSTILE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  HOSTILE_TEXT,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(HOSTILE_TEXT, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), HOSTILE_TEXT, { maxKeys: 3 }),
);
const FIELDS = [...Object.keys(API_SHIPMENT), "status", "destination", "location", "ids", "__proto__", "constructor"];

/** A body: the sample shipment with some fields made hostile, or something else altogether. */
const BODY = fc.oneof(
  fc.record({ replace: fc.dictionary(fc.constantFrom(...FIELDS), HOSTILE_VALUE, { minKeys: 1, maxKeys: 6 }) }).map(({ replace }) => JSON.stringify({ ...API_SHIPMENT, ...replace })),
  fc.array(fc.record({ weight: HOSTILE_VALUE, value: HOSTILE_VALUE, quantity: HOSTILE_VALUE }), { maxLength: 30 }).map((packages) => JSON.stringify({ ...API_SHIPMENT, packages })),
  fc.constantFrom("", "{", "[]", "null", "1", '"text"', '{"__proto__":{"admin":true}}', '{"status":{"$ne":null}}', '{"location":["a","b"]}', JSON.stringify({ ...API_SHIPMENT, packages: "lots" })),
);

const [CSV_HEADER, CSV_ROW] = templateRecords() as [string[], string[]];
const csvLine = (cells: readonly string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");

/** A CSV file: the template's header and rows with hostile cells, or a file that is no such file. */
const CSV_BODY = fc.oneof(
  fc
    .array(fc.dictionary(fc.constantFrom(...CSV_HEADER.map((_, index) => String(index))), HOSTILE_TEXT, { maxKeys: 5 }), { minLength: 1, maxLength: 8 })
    .map((rows) => [csvLine(CSV_HEADER), ...rows.map((replace) => csvLine(CSV_ROW.map((cell, index) => replace[String(index)] ?? cell)))].join("\r\n")),
  fc.constantFrom(
    "",
    "\uFEFF",
    "\r\n\r\n",
    CSV_HEADER.join(","),
    `${CSV_HEADER.join(",")}\n"unclosed,${CSV_ROW.join(",")}`,
    `${CSV_HEADER.join(",")},${CSV_HEADER[0]}\n${CSV_ROW.join(",")}`,
    `=cmd|' /C calc'!A0,${CSV_HEADER.slice(1).join(",")}\n${CSV_ROW.join(",")}`,
    `${CSV_HEADER.join(",")}\n${CSV_ROW.map(() => "=HYPERLINK(\"http://evil.example\")").join(",")}`,
    `${CSV_HEADER.join(",")}\n${"a,".repeat(3000)}`,
    `${CSV_HEADER.join(",")}\n${"\n".repeat(2000)}${CSV_ROW.join(",")}`,
    JSON.stringify(API_SHIPMENT),
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
);

const QUERY = fc.oneof(
  fc.constant(""),
  fc.constantFrom("limit=0", "limit=-5", "limit=1e9", "limit=abc", "cursor=%FF", "cursor=W10", "status=teleported", "search=" + "A".repeat(100), "ids=", `ids=${"SWP,".repeat(40)}`, "ids=%00", "status=paid&status=void"),
  fc.string({ maxLength: 40 }).map((text) => `search=${encodeURIComponent(text)}&cursor=${encodeURIComponent(text)}`),
);

const ID = fc.constantFrom("seed", "missing", "garbage");

/** `count` generated cases for `operation`, the same ones on every run for a given seed. */
export function apiCases(operation: Operation, ids: Record<"seed" | "missing" | "garbage", string>, seed: number, count: number): ApiCase[] {
  const file = operation.bodyType !== undefined;
  const arbitrary = fc.record({
    id: ID,
    query: QUERY,
    body: file ? CSV_BODY : BODY,
    // A file's operation is sent JSON one time in five.
    contentType: file ? fc.constantFrom(operation.bodyType, operation.bodyType, operation.bodyType, operation.bodyType, "application/json") : fc.constant("application/json"),
    // Half the cases send no Idempotency-Key, so most reach the operation past the key's own check.
    idempotency: fc.option(fc.constantFrom("", " ", "k".repeat(300), "retry-1", "é"), { nil: undefined, freq: 2 }),
  });
  return fc.sample(arbitrary, { seed, numRuns: count }).map(({ id, query, body, contentType, idempotency }) => ({
    what: `${operation.method} ${operation.path} id=${id} ${query} ${idempotency === undefined ? "" : `Idempotency-Key=${JSON.stringify(idempotency.slice(0, 12))}`} ${contentType} body=${JSON.stringify(body.slice(0, 80))}`,
    path: operation.path.replace(/\{\w+\}/g, ids[id]),
    query,
    body: operation.method === "POST" ? body : null,
    headers: {
      ...(operation.method === "POST" ? { "Content-Type": contentType } : {}),
      ...(idempotency === undefined || idempotency === "é" ? {} : { "Idempotency-Key": idempotency }),
    } as Record<string, string>,
  }));
}
