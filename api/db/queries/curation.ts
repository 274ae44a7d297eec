import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { newestFirst, type After } from "./keyset.ts";
import { cardQuery } from "./works.ts";

/** 编辑精选: live picked works, the latest picked first, with the reason (index works_picked). */
export function listPicks(db: Kysely<DB>, after: After | undefined, limit: number) {
  return newestFirst(
    cardQuery(db).select(["w.recommended_at", "w.recommend_reason"]).where("w.recommended_at", ">", 0),
    { key: "w.recommended_at", id: "w.id", after, limit },
  ).execute();
}

export function followedTagIds(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("tag_follows")
    .select("tag_id")
    .where("user_id", "=", userId)
    .execute()
    .then((rows) => rows.map((r) => r.tag_id));
}

/** True when the row was added (a second follow changes nothing). */
export async function addTagFollow(db: Kysely<DB>, userId: number, tagId: number, at: number) {
  const r = await db
    .insertInto("tag_follows")
    .values({ user_id: userId, tag_id: tagId, created_at: at })
    .onConflict((oc) => oc.columns(["user_id", "tag_id"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeTagFollow(db: Kysely<DB>, userId: number, tagId: number) {
  await db.deleteFrom("tag_follows").where("user_id", "=", userId).where("tag_id", "=", tagId).execute();
}

export async function tagFollowFacts(db: Kysely<DB>, tagId: number, userId: number | undefined) {
  const [count, mine] = await Promise.all([
    db
      .selectFrom("tag_follows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tag_id", "=", tagId)
      .executeTakeFirstOrThrow(),
    userId
      ? db
          .selectFrom("tag_follows")
          .select("tag_id")
          .where("user_id", "=", userId)
          .where("tag_id", "=", tagId)
          .executeTakeFirst()
      : undefined,
  ]);
  return { followerCount: Number(count.n), followed: !!mine };
}

export async function countTagFollows(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom("tag_follows")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's followed tags, the latest followed first. */
export function tagsFollowedBy(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom("tag_follows as f")
    .innerJoin("tags as t", "t.id", "f.tag_id")
    .select(["t.id", "t.name", "t.work_count", "f.created_at"])
    .where("f.user_id", "=", userId)
    .orderBy("f.created_at", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .execute();
}

/** Works carrying any of these tags (`w.id in …`): what a followed tag adds to the following feed. */
export const withAnyTag = (tagIds: number[]) =>
  sql<boolean>`w.id in (select work_id from work_tags where tag_id in (${sql.join(tagIds)}))`;
