import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export function listNodes(db: Kysely<DB>) {
  return db.selectFrom("nodes").selectAll().orderBy("sort_no").orderBy("id").execute();
}

export async function countNodes(db: Kysely<DB>) {
  const row = await db
    .selectFrom("nodes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
