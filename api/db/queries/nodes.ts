import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/** The nodes in the site's order; hidden ones only for the admin area. */
export function listNodes(db: Kysely<DB>, opts: { withHidden?: boolean } = {}) {
  let q = db.selectFrom("nodes").selectAll();
  if (!opts.withHidden) q = q.where("hidden", "=", 0);
  return q.orderBy("sort_no").orderBy("id").execute();
}

export async function countNodes(db: Kysely<DB>) {
  const row = await db
    .selectFrom("nodes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
