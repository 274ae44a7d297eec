import { sql, type Expression, type SqlBool } from "kysely";

/** A keyset cursor: the sort key and id of the last row a page showed. */
export type After = { key: number; id: number };

/**
 * Rows after the cursor in newest-first order: an older key, or the same key and a smaller id (ties broken by id,
 * so no row is shown twice or skipped). The same `or`/`and` shape the composite indexes serve.
 */
export function olderThan(after: After, keyColumn: string, idColumn: string): Expression<SqlBool> {
  const key = sql.ref(keyColumn);
  const id = sql.ref(idColumn);
  return sql<SqlBool>`(${key} < ${after.key} or (${key} = ${after.key} and ${id} < ${after.id}))`;
}
