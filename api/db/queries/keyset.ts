import { sql, type Expression, type SqlBool } from "kysely";

/** A keyset cursor: the sort key and id of the last row a page showed. */
export type After = { key: number; id: number };

/**
 * Rows after the cursor in newest-first order: an older key, or the same key and a smaller id (ties broken by id,
 * so no row is shown twice or skipped). Written as a row comparison, which both engines read as one range of the
 * composite (…, key, id) indexes; the `key < … or (key = … and id < …)` spelling of the same rule made SQLite
 * walk every live work and PostgreSQL sort them.
 */
export function olderThan(after: After, keyColumn: string, idColumn: string): Expression<SqlBool> {
  return sql<SqlBool>`((${sql.ref(keyColumn)}, ${sql.ref(idColumn)}) < (${after.key}, ${after.id}))`;
}

/** What newestFirst needs of a select query; every Kysely select builder has it. */
interface Pageable<Q> {
  where(expression: Expression<SqlBool>): Q;
  orderBy(expression: Expression<unknown>, direction: "desc"): Q;
  limit(limit: number): Q;
}

/** The page after the cursor, newest first, with one row more than asked: that row only tells that more remain. */
export function newestFirst<Q extends Pageable<Q>>(
  query: Q,
  order: { key: string; id: string; after?: After; limit: number },
): Q {
  return newestTaking(query, { ...order, take: order.limit + 1 });
}

/** A prepared page's values: the rows to take (the limit plus one) and its cursor flattened, when it has one. */
export type PageValues = { take: number; afterKey?: number; afterId?: number; unreadOnly?: boolean };

/** A page's limit and cursor as a prepared page takes them: the rows to take, the cursor flattened. */
export const pageValues = (limit: number, after: After | undefined) => ({
  take: limit + 1,
  afterKey: after?.key,
  afterId: after?.id,
});

/** The cursor of a prepared page, made of its values; whether there is one is the call's (its shape). */
export const cursorOf = (v: PageValues, call: PageValues): After | undefined =>
  call.afterKey !== undefined ? { key: v.afterKey!, id: v.afterId! } : undefined;

/** A page's shape: unread only or not, from the start or after a cursor. */
export const pageShape = (v: PageValues) => `${!!v.unreadOnly},${v.afterKey !== undefined}`;

/** The same, taking exactly `take` rows (a prepared query is given the page's limit plus one as a value). */
export function newestTaking<Q extends Pageable<Q>>(
  query: Q,
  order: { key: string; id: string; after?: After; take: number },
): Q {
  const paged = order.after ? query.where(olderThan(order.after, order.key, order.id)) : query;
  return paged.orderBy(sql.ref(order.key), "desc").orderBy(sql.ref(order.id), "desc").limit(order.take);
}
