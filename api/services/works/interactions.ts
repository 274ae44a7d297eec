import type { Kysely } from "kysely";
import { takeFromAllFolders } from "../../db/queries/folders.ts";
import {
  addMark,
  bumpCounter,
  findLiveWork,
  readCounts,
  removeMark,
  type Mark,
} from "../../db/queries/interactions.ts";
import { countLikeReceived } from "../../db/queries/people.ts";
import type { DB } from "../../db/schema.ts";
import { ApiError } from "../../lib/errors.ts";
import type { Deps } from "../deps.ts";
import { notify } from "../inbox/inbox.ts";
import { transact, type Tx } from "../transaction.ts";
import { rewardFor } from "../scores.ts";
import { castVote } from "../browse/charts.ts";

import type { FavoriteState, LikeState } from "../../../contract/works/endpoints.ts";

/**
 * Changes one counter of a work in the same transaction as the fact it counts. The unique key on (user, work) makes
 * a repeat change nothing, so counts stay exact under concurrent requests. The ranking follows the marks that count
 * (services/browse/charts.ts castVote re-ranks), not these counters, which include marks without standing.
 */
export async function changeCounter(
  trx: Kysely<DB>,
  workId: number,
  column: "like_count" | "favorite_count" | "comment_count",
  delta: number,
) {
  return bumpCounter(trx, workId, column, delta);
}

async function requireWork(trx: Kysely<DB>, workId: number) {
  const work = await findLiveWork(trx, workId);
  if (!work) throw new ApiError("notFound", "作品不存在或已删除");
  return work;
}

/**
 * Sets or clears a like or favorite and answers the work's count of them. The first time someone marks a work,
 * its author hears of it and is paid (both once per person and work: a like, unlike, like loop tells and pays once).
 */
async function mark(
  deps: Deps,
  table: Mark,
  column: "like_count" | "favorite_count",
  userId: number,
  workId: number,
  on: boolean,
): Promise<number> {
  return transact(deps, (tx) => markIn(tx, table, column, userId, workId, on));
}

/** The same, inside a transaction of the caller's (a work put in a favorite folder is favorited with it). */
export async function markIn(
  tx: Tx,
  table: Mark,
  column: "like_count" | "favorite_count",
  userId: number,
  workId: number,
  on: boolean,
): Promise<number> {
  const kind = table === "likes" ? "like" : "favorite";
  const work = await requireWork(tx.trx, workId);
  const changed = on
    ? await addMark(tx.trx, table, userId, workId, tx.now)
    : await removeMark(tx.trx, table, userId, workId);
  const counts = changed ? await changeCounter(tx.trx, workId, column, on ? 1 : -1) : await readCounts(tx.trx, workId);
  if (changed && table === "likes") await countLikeReceived(tx.trx, workId, on ? 1 : -1);
  if (changed && on) await afterMark(tx, kind, { id: workId, user_id: work.user_id }, userId);
  if (changed && !on) await castVote(tx, { workId, authorId: work.user_id, userId, kind }, false);
  // An unfavorited work leaves the member's folders with it.
  if (changed && !on && table === "favorites") await takeFromAllFolders(tx.trx, userId, workId, tx.now);
  return counts[column];
}

/**
 * What a like or favorite sets off: its author hears of it and is paid, once per person and work, and the charts
 * count it (contract/charts/charts.ts).
 */
export async function afterMark(
  tx: Tx,
  kind: "like" | "favorite",
  work: { id: number; user_id: number },
  userId: number,
) {
  const event = `${kind}:${work.id}:${userId}`;
  await notify(tx, { userId: work.user_id, actorId: userId, kind, workId: work.id, dedupe: event });
  await rewardFor(tx, { userId: work.user_id, actorId: userId, reason: kind, ref: event });
  await castVote(tx, { workId: work.id, authorId: work.user_id, userId, kind }, true);
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
