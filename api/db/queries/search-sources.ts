import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { worksWithAuthorAndNode } from "./works.ts";

// What the search index is written from: live works with their author's names, their node and their tags.

/** What the index reads of live works: by id, or (`after`) the next batch in id order for a rebuild. */
export async function searchSources(db: Kysely<DB>, by: { ids: number[] } | { after: number; limit: number }) {
  let query = worksWithAuthorAndNode(db)
    .select([
      "w.id",
      "w.type",
      "w.node_id",
      "w.created_at",
      "w.title",
      "w.summary",
      "w.content",
      "w.ai_label",
      "u.nickname",
      "u.username",
      "n.name as node_name",
    ])
    .where("w.status", "=", WorkStatus.live)
    .orderBy("w.id");
  if ("ids" in by) {
    if (!by.ids.length) return [];
    query = query.where("w.id", "in", by.ids);
  } else query = query.where("w.id", ">", by.after).limit(by.limit);
  return query.execute();
}

export type SearchSource = Awaited<ReturnType<typeof searchSources>>[number];

/** The tags of several works at once, by work. */
export async function tagsOfWorks(db: Kysely<DB>, ids: number[]) {
  const byWork = new Map<number, { id: number; name: string }[]>();
  if (!ids.length) return byWork;
  const rows = await db
    .selectFrom("work_tags as wt")
    .innerJoin("tags as t", "t.id", "wt.tag_id")
    .select(["wt.work_id", "t.id", "t.name"])
    .where("wt.work_id", "in", ids)
    .orderBy("t.name")
    .execute();
  for (const r of rows) {
    let list = byWork.get(r.work_id);
    if (!list) byWork.set(r.work_id, (list = []));
    list.push({ id: r.id, name: r.name });
  }
  return byWork;
}

/** The ids of a person's live works (to index them again when their nickname changes). */
export async function liveWorkIdsOf(db: Kysely<DB>, userId: number) {
  return (
    await db
      .selectFrom("works")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "=", WorkStatus.live)
      .execute()
  ).map((r) => r.id);
}
