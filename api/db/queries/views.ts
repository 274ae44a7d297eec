import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

const VIEW_IDS_MAX = 500; // in one `in (...)`: far below either engine's limit on bound values

/**
 * Adds the views counted in memory to their works in one transaction, a statement per count (nearly every work read
 * between two flushes gains one, so 400 works are one update, not 400 round trips), ids ascending: the order every
 * writer locks rows in. `written` runs inside it, after the last update, before the commit.
 */
export async function addViews(
  db: Kysely<DB>,
  views: Map<number, number>,
  written: () => void | Promise<void> = () => {},
) {
  const byCount = new Map<number, number[]>();
  for (const [id, n] of views) {
    const ids = byCount.get(n);
    if (ids) ids.push(id);
    else byCount.set(n, [id]);
  }
  await db.transaction().execute(async (trx) => {
    for (const [n, ids] of byCount) {
      ids.sort((a, b) => a - b);
      for (let i = 0; i < ids.length; i += VIEW_IDS_MAX)
        await trx
          .updateTable("works")
          .set((eb) => ({ view_count: eb("view_count", "+", n) }))
          .where("id", "in", ids.slice(i, i + VIEW_IDS_MAX))
          .execute();
    }
    await written();
  });
}
