import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

/** The authors of these works, by work (a stored page's `art:N` also stands on its author's pages). */
export async function authorsOfWorks(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom("works").select("user_id").where("id", "in", ids).execute();
  return rows.map((r) => r.user_id);
}

/** The works these comments are on, whatever their state (a deleted comment still names its work). */
export async function worksOfComments(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom("comments").select("work_id").where("id", "in", ids).execute();
  return rows.map((r) => r.work_id);
}
