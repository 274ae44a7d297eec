import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { olderThan } from "./keyset.ts";
import { cardQuery, pageOf, type WorkListQuery, type WorkRow } from "./works.ts";
import { followedTagIds, withAnyTag } from "./curation.ts";

/**
 * `few`: up to this many followed people are read one by one from their own index, in one query (SQLite allows
 * 500 parts to a compound query). `window`: how many of the site's newest works the feed of someone who follows
 * more looks through first. Tests shrink them to reach every path on a small site.
 */
export const feedTuning = { few: 400, window: 5000 };

/**
 * The following feed. Walking all works newest first and keeping the followed people's is quick when they write
 * much of the site, and slow when they are few or quiet (a million rows for one silent friend). So: up to
 * `few` people are read each from their own index and merged; for more, the site's `window` newest
 * works are looked through first, and only when they hold less than a page is everyone read the one-by-one way,
 * `few` at a time.
 */
export async function listFollowedWorks(db: Kysely<DB>, q: WorkListQuery & { followerId: number }) {
  const [followed, tags] = await Promise.all([
    db
      .selectFrom("follows")
      .select("target_id")
      .where("user_id", "=", q.followerId)
      .execute()
      .then((rows) => rows.map((f) => f.target_id)),
    followedTagIds(db, q.followerId),
  ]);
  if (!followed.length && !tags.length) return [];
  // Narrowed further (a kind, a node, a tag): the plain walk, with every filter.
  if (q.nodeId || q.tagId || q.userId || q.type !== undefined) return pageOf(cardQuery(db), q).execute();
  const people = followed.length ? await peoplesWorks(db, q, followed) : [];
  if (!tags.length) return people;
  // Followed tags (issue 59): their newest after the cursor, merged with the people's by the same key.
  const tagged = await pageOf(cardQuery(db).where(withAnyTag(tags)), { ...q, followerId: undefined }).execute();
  const key = (r: WorkRow) => (q.order === "score" ? r.score : r.created_at);
  const byId = new Map([...people, ...tagged].map((r) => [r.id, r]));
  return [...byId.values()].sort((a, b) => key(b) - key(a) || b.id - a.id).slice(0, q.limit + 1);
}

async function peoplesWorks(db: Kysely<DB>, q: WorkListQuery & { followerId: number }, followed: number[]) {
  if (followed.length <= feedTuning.few) return oneByOne(db, q, followed);
  if (q.order === "created") {
    let edge = db
      .selectFrom("works")
      .select("created_at")
      .where("status", "=", WorkStatus.live)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(feedTuning.window)
      .limit(1);
    if (q.after) edge = edge.where(olderThan(q.after, "created_at", "id"));
    const start = await edge.executeTakeFirst();
    // Fewer works than the window remain: walking them is bounded already.
    if (!start) return pageOf(cardQuery(db), q).execute();
    const recent = await pageOf(cardQuery(db).where("w.created_at", ">=", start.created_at), q).execute();
    if (recent.length > q.limit) return recent;
  }
  return oneByOne(db, q, followed);
}

/** Each person's newest works from their own index, `few` people to a query, only the keys; then the cards. */
async function oneByOne(db: Kysely<DB>, q: WorkListQuery, followed: number[]) {
  const keys: { id: number; key: number }[] = [];
  for (let i = 0; i < followed.length; i += feedTuning.few)
    keys.push(...(await newestKeys(db, q, followed.slice(i, i + feedTuning.few))));
  const top = keys.sort((a, b) => b.key - a.key || b.id - a.id).slice(0, q.limit + 1);
  if (!top.length) return [];
  const rows = await cardQuery(db)
    .where(
      "w.id",
      "in",
      top.map((k) => k.id),
    )
    .execute();
  const order = new Map(top.map((k, i) => [k.id, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** The sort key and id of each person's newest works after the cursor, from their own index, merged. */
function newestKeys(db: Kysely<DB>, q: WorkListQuery, people: number[]) {
  const column = q.order === "score" ? "score" : "created_at";
  const each = people.map((userId) => {
    let one = db
      .selectFrom("works")
      .select(["id", `${column} as key`])
      .where("user_id", "=", userId)
      .where("status", "=", WorkStatus.live);
    if (q.after) one = one.where(olderThan(q.after, column, "id"));
    return db
      .selectFrom(
        one
          .orderBy(column, "desc")
          .orderBy("id", "desc")
          .limit(q.limit + 1)
          .as("one"),
      )
      .selectAll();
  });
  const merged = each.slice(1).reduce((all, one) => all.unionAll(one), each[0]);
  return db
    .selectFrom(merged.as("m"))
    .selectAll()
    .orderBy("m.key", "desc")
    .orderBy("m.id", "desc")
    .limit(q.limit + 1)
    .execute();
}
