import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { cursorOf, newestFirst, newestTaking, pageValues, type PageValues } from "./keyset.ts";
import { authorColumns } from "./users.ts";
import { prepared } from "../prepared.ts";

export type WorkOrder = "score" | "created";

/** Which works a list shows: by node, kind, tag, author, or the people someone follows. */
export type WorkFilter = {
  nodeId?: number;
  type?: number;
  tagId?: number;
  userId?: number;
  followerId?: number;
  /** Leaves out works pinned to their node's top (the node's page shows them above its list). */
  unpinned?: boolean;
};

export type WorkListQuery = WorkFilter & {
  order: WorkOrder;
  /** Only works by people this user follows. */
  followerId?: number;
  /** Keyset position: the last row's sort key and id. */
  after?: { key: number; id: number };
  limit: number;
};

/** Characters of the text a card reads: enough for its excerpt, never a whole 50,000-character body. */
const CARD_TEXT_HEAD = 600;

/** Works (`w`) with their author (`u`) and node (`n`, when they are in one). */
export function worksWithAuthorAndNode(db: Kysely<DB>) {
  return db
    .selectFrom("works as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .leftJoin("nodes as n", "n.id", "w.node_id");
}

/** A card's columns, whatever the work's state; lists go through cardQuery, which keeps to live works. */
function cardColumns(db: Kysely<DB>) {
  return worksWithAuthorAndNode(db).select([
    "w.id",
    "w.type",
    "w.title",
    "w.summary",
    sql<string>`substr(w.content, 1, ${sql.lit(CARD_TEXT_HEAD)})`.as("text_head"),
    "w.cover",
    "w.images",
    "w.url",
    "w.logo",
    "w.audio",
    "w.duration",
    "w.view_count",
    "w.like_count",
    "w.favorite_count",
    "w.comment_count",
    "w.score",
    "w.created_at",
    "w.updated_at",
    "w.user_id",
    "w.ai_label",
    "w.offer_original",
    "w.watermark",
    "w.watermark_opacity",
    "w.cover_x",
    "w.cover_y",
    "w.original_verified",
    sql<number>`case when w.source_url = '' then 0 else 1 end`.as("repost"),
    ...authorColumns,
    "n.id as node_id",
    "n.name as node_name",
  ]);
}

export function cardQuery(db: Kysely<DB>) {
  return cardColumns(db).where("w.status", "=", WorkStatus.live);
}

/** What may be done with a work (contract/works/rights.ts), beyond what its card says. */
const rightsColumns = ["w.license", "w.source_url", "w.source_author", "w.ai_floor", "w.noai"] as const;

export type WorkRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

const workById = prepared((db, v: { id: number }) =>
  cardColumns(db)
    .select([
      "w.content",
      "w.recommended_at",
      "w.recommend_reason",
      "w.tip_count",
      "w.tip_total",
      "w.status",
      "w.status_reason",
      "w.publish_at",
      ...rightsColumns,
    ])
    .where("w.id", "=", v.id),
);

/** One work as its page shows it, in any state (the caller decides who may see it): the card and the whole text. */
export async function findWork(db: Kysely<DB>, id: number) {
  return (await workById(db, { id }))[0];
}

export type CardQuery = ReturnType<typeof cardQuery>;
type CountQuery = ReturnType<typeof countQuery>;

/** Published works without the joins a card needs: what a count has to scan. */
function countQuery(db: Kysely<DB>) {
  return db
    .selectFrom("works as w")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("w.status", "=", WorkStatus.live);
}

function filtered<Q extends CardQuery | CountQuery>(query: Q, f: WorkFilter): Q {
  // Both builders read the same "w" columns; the casts keep one copy of the rules for both.
  let q = query as CountQuery;
  if (f.nodeId) q = q.where("w.node_id", "=", f.nodeId);
  if (f.unpinned) q = q.where("w.pinned_at", "=", 0);
  if (f.type !== undefined) q = q.where("w.type", "=", f.type);
  if (f.userId) q = q.where("w.user_id", "=", f.userId);
  if (f.tagId) {
    const tagId = f.tagId;
    q = q.where("w.id", "in", (eb) => eb.selectFrom("work_tags").select("work_id").where("tag_id", "=", tagId));
  }
  if (f.followerId) {
    const followerId = f.followerId;
    // The people they follow, and the tags (issue 59).
    q = q.where((eb) =>
      eb.or([
        eb("w.user_id", "in", eb.selectFrom("follows").select("target_id").where("user_id", "=", followerId)),
        eb(
          "w.id",
          "in",
          eb
            .selectFrom("work_tags as ft")
            .innerJoin("tag_follows as tf", "tf.tag_id", "ft.tag_id")
            .select("ft.work_id")
            .where("tf.user_id", "=", followerId),
        ),
      ]),
    );
  }
  return q as Q;
}

/** A list's values flattened, each filter present or not, which is its shape (`listShape`). */
type ListValues = Omit<WorkListQuery, "after" | "limit"> & PageValues;
const listShape = (q: ListValues) =>
  [
    q.order,
    !!q.unpinned,
    !!q.nodeId,
    q.type !== undefined,
    !!q.tagId,
    !!q.userId,
    !!q.followerId,
    q.afterKey !== undefined,
  ].join();
const workPage = prepared(
  (db, v: ListValues, q) =>
    pageTaking(
      cardQuery(db),
      {
        order: q.order,
        unpinned: q.unpinned,
        nodeId: q.nodeId ? v.nodeId : undefined,
        type: q.type !== undefined ? v.type : undefined,
        tagId: q.tagId ? v.tagId : undefined,
        userId: q.userId ? v.userId : undefined,
        followerId: q.followerId ? v.followerId : undefined,
        after: cursorOf(v, q),
      },
      v.take,
    ),
  listShape,
);

/** One page of published works, newest or best first, with one row more than asked to tell if more remain. */
export function listWorks(db: Kysely<DB>, { after, limit, ...q }: WorkListQuery) {
  return workPage(db, { ...q, ...pageValues(limit, after) });
}

/** The page `q` asks for out of a card query: its filters, then keyset order and limit. */
export function pageOf(query: CardQuery, q: WorkListQuery) {
  return pageTaking(query, q, q.limit + 1);
}

function pageTaking(query: CardQuery, q: Omit<WorkListQuery, "limit">, take: number) {
  const column = q.order === "score" ? "w.score" : "w.created_at";
  return newestTaking(filtered(query, q), { key: column, id: "w.id", after: q.after, take });
}

const stateById = prepared((db, v: { id: number }) =>
  db.selectFrom("works").select(["id", "user_id", "status"]).where("id", "=", v.id),
);

/** Who owns a work and what state it is in: what deciding who may see it needs. */
export async function workState(db: Kysely<DB>, id: number) {
  return (await stateById(db, { id }))[0];
}

/** A node's pinned works, the most recently pinned first. */
export function pinnedWorks(db: Kysely<DB>, nodeId: number, limit: number) {
  return cardQuery(db)
    .where("w.node_id", "=", nodeId)
    .where("w.pinned_at", ">", 0)
    .orderBy("w.pinned_at", "desc")
    .limit(limit)
    .execute();
}

const tagsById = prepared((db, v: { workId: number }) =>
  db
    .selectFrom("work_tags as wt")
    .innerJoin("tags as t", "t.id", "wt.tag_id")
    .select(["t.id", "t.name"])
    .where("wt.work_id", "=", v.workId)
    .orderBy("t.name"),
);

export function tagsOfWork(db: Kysely<DB>, workId: number) {
  return tagsById(db, { workId });
}

export async function countWorks(db: Kysely<DB>, since = 0) {
  const row = await db
    .selectFrom("works")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", WorkStatus.live)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The works a person liked or favorited, latest first, keyset-paged by the time each was marked. */
export function listMarkedWorks(
  db: Kysely<DB>,
  mark: "likes" | "favorites",
  userId: number,
  after: { key: number; id: number } | undefined,
  limit: number,
) {
  // Likes and favorites have the same columns: one query reads either.
  const table = mark as "likes";
  const query = cardQuery(db)
    .innerJoin(`${table} as m`, "m.work_id", "w.id")
    .select("m.created_at as marked_at")
    .where("m.user_id", "=", userId);
  return newestFirst(query, { key: "m.created_at", id: "w.id", after, limit }).execute();
}

/** A numbered page of works, newest first, and how many there are in all. */
export async function pageWorks(db: Kysely<DB>, f: WorkFilter, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    filtered(cardQuery(db), f)
      .orderBy("w.created_at", "desc")
      .orderBy("w.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    filtered(countQuery(db), f).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Recent works by score, the pool that New Horizons picks from. */
export function recentPool(db: Kysely<DB>, since: number, limit: number) {
  return cardQuery(db)
    .where("w.created_at", ">=", since)
    .orderBy("w.score", "desc")
    .orderBy("w.id", "desc")
    .limit(limit)
    .execute();
}
