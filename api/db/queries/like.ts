import { sql } from "kysely";

/** A LIKE pattern for the text anywhere in a column, LIKE's own characters taken literally. */
export function containing(text: string) {
  return sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}
