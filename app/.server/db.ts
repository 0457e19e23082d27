import { getTableColumns, is, sql, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../drizzle/schema";

/**
 * A Drizzle client over a D1 binding (bindings arrive per request on Workers), or over a
 * request's D1 session (./request-d1.ts: reads from a nearby replica, read-your-writes through
 * the bookmark cookie; docs/decisions/158), whose client Drizzle's D1 driver uses the same way.
 */
export function getDb(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof getDb>;

/** D1 binds at most 100 values a statement: a long list of values is used in parts of `size`. */
export function inParts<T>(values: readonly T[], size = 90): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < values.length; start += size) parts.push(values.slice(start, start + size));
  return parts;
}

/**
 * An insert of `row` that writes only when `where` matches a row of `from` at that point of a
 * D1 batch: the record of a guarded change (a compare-and-set on a version or a status) is
 * written exactly when the change is. Without `from`, when `where` holds (a count below a
 * bound). Columns left out take their defaults.
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: T["$inferInsert"],
  { from = sql`(SELECT 1)`, where }: { from?: SQLiteTable | SQL; where: SQL | undefined },
) {
  const values = row as Record<string, unknown>;
  const fields: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = values[key];
    const given = value === undefined ? column.default : value;
    const expression = is(given, SQL) ? given : sql`${given === undefined || given === null ? null : column.mapToDriverValue(given)}`;
    fields[key] = sql`${expression}`.as(column.name);
  }
  // The select lists every column of `table` in its order, as the insert expects.
  return db.insert(table).select(db.select(fields).from(from).where(where).limit(1) as never);
}
