import type { Kysely } from "kysely";
import {
  addMark,
  bumpCounter,
  findLiveWork,
  readCounts,
  removeMark,
  setScore,
  type Mark,
} from "../db/queries/interactions.ts";
import type { DB } from "../db/schema.ts";
import { ApiError } from "../lib/errors.ts";
import type { Deps } from "./deps.ts";
import { rankScore } from "./ranking.ts";

export type LikeState = { liked: boolean; likeCount: number };
export type FavoriteState = { favorited: boolean; favoriteCount: number };

/**
 * Changes one counter of a work in the same transaction as the fact it counts, then re-ranks the work. The unique
 * key on (user, work) makes a repeat change nothing, so counts stay exact under concurrent requests.
 */
export async function changeCounter(
  trx: Kysely<DB>,
  workId: number,
  column: "like_count" | "favorite_count" | "comment_count",
  delta: number,
) {
  const c = await bumpCounter(trx, workId, column, delta);
  await setScore(
    trx,
    workId,
    rankScore({ likes: c.like_count, favorites: c.favorite_count, comments: c.comment_count }, c.created_at),
  );
  return c;
}

async function requireWork(trx: Kysely<DB>, workId: number) {
  const work = await findLiveWork(trx, workId);
  if (!work) throw new ApiError("notFound", "作品不存在或已删除");
  return work;
}

/** Sets or clears a like or favorite and answers the work's count of them. */
async function mark(
  deps: Deps,
  table: Mark,
  column: "like_count" | "favorite_count",
  userId: number,
  workId: number,
  on: boolean,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    await requireWork(trx, workId);
    const changed = on
      ? await addMark(trx, table, userId, workId, deps.now())
      : await removeMark(trx, table, userId, workId);
    const counts = changed ? await changeCounter(trx, workId, column, on ? 1 : -1) : await readCounts(trx, workId);
    return counts[column];
  });
}

export async function likeWork(deps: Deps, userId: number, workId: number, like: boolean): Promise<LikeState> {
  return { liked: like, likeCount: await mark(deps, "likes", "like_count", userId, workId, like) };
}

export async function favoriteWork(
  deps: Deps,
  userId: number,
  workId: number,
  favorite: boolean,
): Promise<FavoriteState> {
  return {
    favorited: favorite,
    favoriteCount: await mark(deps, "favorites", "favorite_count", userId, workId, favorite),
  };
}
