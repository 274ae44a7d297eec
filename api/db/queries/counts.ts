import type { Kysely } from "kysely";
import { WorkStatus } from "../../../contract/kinds.ts";
import type { DB } from "../schema.ts";

/** Sets every denormalized counter from the facts it counts. */
export async function recount(db: Kysely<DB>) {
  await db
    .updateTable("users")
    .set((eb) => ({
      work_count: eb
        .selectFrom("works")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("works.user_id", "=", "users.id")
        .where("works.status", "=", WorkStatus.live),
      follow_count: eb
        .selectFrom("follows")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("follows.user_id", "=", "users.id"),
      fans_count: eb
        .selectFrom("follows")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("follows.target_id", "=", "users.id"),
    }))
    .execute();
  await db
    .updateTable("nodes")
    .set((eb) => ({
      work_count: eb
        .selectFrom("works")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("works.node_id", "=", "nodes.id")
        .where("works.status", "=", WorkStatus.live),
    }))
    .execute();
  await db
    .updateTable("tags")
    .set((eb) => ({
      work_count: eb
        .selectFrom("work_tags")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("work_tags.tag_id", "=", "tags.id"),
    }))
    .execute();
}
