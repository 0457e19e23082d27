import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** `column` contains `text`, ignoring case; "%" and "_" in the text match only themselves. */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
}
