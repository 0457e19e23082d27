// Every list's search becomes SQL here, and only here: the text is LIKE-escaped and the pattern
// kept within D1's limit, which refuses LIKE patterns over 50 bytes ("LIKE or GLOB pattern too
// complex") and would fail the page. SQLite's LIKE ignores case for ASCII letters.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** D1's SQLITE_LIMIT_LIKE_PATTERN_LENGTH, counted in UTF-8 bytes, escapes and wildcards included. */
export const MAX_LIKE_PATTERN_BYTES = 50;

const encoder = new TextEncoder();

/**
 * `text` as a LIKE pattern in which "%", "_" and "\" match only themselves. A pattern over the
 * limit loses characters from the end until it fits, so a long search finds more, never fails.
 */
export function likePattern(text: string, match: "prefix" | "contains"): string {
  const characters = [...text].map((character) => (/[\\%_]/.test(character) ? `\\${character}` : character));
  for (let kept = characters.length; ; kept -= 1) {
    const escaped = characters.slice(0, kept).join("");
    const pattern = match === "prefix" ? `${escaped}%` : `%${escaped}%`;
    if (encoder.encode(pattern).length <= MAX_LIKE_PATTERN_BYTES) return pattern;
  }
}

/** `column` starts with `text`. */
export function startsWithText(column: SQLWrapper, text: string): SQL {
  return sql`${column} LIKE ${likePattern(text, "prefix")} ESCAPE '\\'`;
}

/** `column` contains `text`. */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`${column} LIKE ${likePattern(text, "contains")} ESCAPE '\\'`;
}

/**
 * `column` of an FTS5 table with the trigram tokenizer contains `text`, exactly as containsText
 * says. FTS5 looks a LIKE up in its index only without an ESCAPE clause, where "%" and "_" are
 * wildcards: that LIKE finds candidates (a few too many when the text holds one), the escaped
 * one keeps those that truly contain it. Text without three characters in a row that are not
 * wildcards reads the whole FTS table, never another.
 */
export function indexedContainsText(column: SQLWrapper, text: string): SQL {
  const exact = likePattern(text, "contains");
  const candidates = exact.replace(/\\(.)/gu, "$1");
  return sql`(${column} LIKE ${candidates} AND ${column} LIKE ${exact} ESCAPE '\\')`;
}

/** Above every character: a text starting with a prefix sorts below the prefix followed by it. */
const HIGHEST_CHARACTER = "\u{10FFFF}";

/**
 * `column` starts with `text`, compared as stored (case counts), as a range that the column's
 * index serves, where LIKE (which ignores case) could not use it.
 */
export function startsWithRange(column: SQLWrapper, text: string): SQL {
  return sql`(${column} >= ${text} AND ${column} < ${text + HIGHEST_CHARACTER})`;
}
