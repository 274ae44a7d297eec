import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export function findTag(db: Kysely<DB>, id: number) {
  return db.selectFrom("tags").select(["id", "name", "work_count"]).where("id", "=", id).executeTakeFirst();
}

/** Tags by how many works carry them, then by name; empty tags are left out. */
export async function pageTags(db: Kysely<DB>, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("tags")
      .select(["id", "name", "work_count"])
      .where("work_count", ">", 0)
      .orderBy("work_count", "desc")
      .orderBy("name")
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("work_count", ">", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
