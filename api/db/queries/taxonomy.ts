import { containing } from "./like.ts";
import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { DB, NodeTable } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";

export function findNode(db: Kysely<DB>, id: number) {
  return db.selectFrom("nodes").selectAll().where("id", "=", id).executeTakeFirst();
}

export function nodeNamed(db: Kysely<DB>, name: string) {
  return db
    .selectFrom("nodes")
    .select("id")
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
}

export async function insertNode(db: Kysely<DB>, row: Insertable<NodeTable>) {
  const r = await db.insertInto("nodes").values(row).returning("id").executeTakeFirstOrThrow();
  return r.id;
}

export async function updateNode(db: Kysely<DB>, id: number, set: Updateable<NodeTable>) {
  await db.updateTable("nodes").set(set).where("id", "=", id).execute();
}

export async function lastSortNo(db: Kysely<DB>) {
  const r = await db
    .selectFrom("nodes")
    .select((eb) => eb.fn.max("sort_no").as("m"))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

export async function workIdsOfNode(db: Kysely<DB>, nodeId: number) {
  return (await db.selectFrom("works").select("id").where("node_id", "=", nodeId).execute()).map((r) => r.id);
}

export async function workIdsOfTag(db: Kysely<DB>, tagId: number) {
  return (await db.selectFrom("work_tags").select("work_id").where("tag_id", "=", tagId).execute()).map(
    (r) => r.work_id,
  );
}

export function searchTags(db: Kysely<DB>, q: string, offset: number, limit: number) {
  let query = db.selectFrom("tags");
  if (q) query = query.where("name_key", "like", containing(q.toLowerCase()));
  return Promise.all([
    query
      .select(["id", "name", "work_count"])
      .orderBy("work_count", "desc")
      .orderBy("id")
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]).then(([rows, c]) => ({ rows, total: Number(c.n) }));
}

export function tagByKey(db: Kysely<DB>, key: string) {
  return db.selectFrom("tags").select(["id", "name"]).where("name_key", "=", key).executeTakeFirst();
}

export async function renameTag(db: Kysely<DB>, id: number, name: string) {
  await db.updateTable("tags").set({ name, name_key: name.toLowerCase() }).where("id", "=", id).execute();
}

/** Moves every work (and every taste) of `from` to `into`, then drops `from`; `into`'s count is recounted. */
export async function mergeTagRows(db: Kysely<DB>, from: number, into: number) {
  await db
    .insertInto("work_tags")
    .columns(["work_id", "tag_id"])
    .expression((eb) =>
      eb
        .selectFrom("work_tags as a")
        .select(["a.work_id", sql.lit(into).as("tag_id")])
        .where("a.tag_id", "=", from)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("work_tags as b")
                .select("b.work_id")
                .whereRef("b.work_id", "=", "a.work_id")
                .where("b.tag_id", "=", into),
            ),
          ),
        ),
    )
    .execute();
  await db.deleteFrom("work_tags").where("tag_id", "=", from).execute();
  await db
    .updateTable("tastes")
    .set({ target_id: into })
    .where("target", "=", "tag")
    .where("target_id", "=", from)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("tastes as t2")
            .select("t2.user_id")
            .whereRef("t2.user_id", "=", "tastes.user_id")
            .where("t2.target", "=", "tag")
            .where("t2.target_id", "=", into),
        ),
      ),
    )
    .execute();
  await db.deleteFrom("tastes").where("target", "=", "tag").where("target_id", "=", from).execute();
  await db.deleteFrom("tags").where("id", "=", from).execute();
  await db
    .updateTable("tags")
    .set({
      work_count: sql<number>`(select count(*) from work_tags wt join works w on w.id = wt.work_id where wt.tag_id = ${into} and w.status = ${WorkStatus.live})`,
    })
    .where("id", "=", into)
    .execute();
}
