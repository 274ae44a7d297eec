import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import {
  addEntry,
  entriesBy,
  entryCount,
  findEntry,
  findEvent,
  findVote,
  castVote,
  lockEvent,
  openEventsTagged,
  removeEntry,
} from "../../db/queries/events.ts";
import { findLiveWork } from "../../db/queries/interactions.ts";
import { tagIdsOfWork } from "../../db/queries/publish.ts";
import { ApiError } from "../../lib/errors.ts";
import { eventLimits } from "../../../contract/shared/limits.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { memberHasStanding } from "../people/standing.ts";
import { transact, type Tx } from "../transaction.ts";
import { missingEvent, stateOf } from "./event-state.ts";

/** The event, if it takes entries and votes now. */
async function openEvent(db: Kysely<DB>, id: number, now: number) {
  await lockEvent(db, id);
  const e = await findEvent(db, id);
  if (!e) throw missingEvent();
  const state = stateOf(e, now);
  if (state === "upcoming") throw new ApiError("validation", "活动还没有开始");
  if (state !== "open") throw new ApiError("validation", "活动已经结束");
  return e;
}

const tooMany = () => new ApiError("validation", `每人最多参加${eventLimits.entriesPerMember}件作品`);

/** Enters one of the member's own live works (the button); an entry already made changes nothing. */
export async function enterEvent(deps: Deps, user: CurrentUserView, id: number, workId: number) {
  return transact(deps, async ({ trx, now }) => {
    await openEvent(trx, id, now);
    const work = await findLiveWork(trx, workId);
    if (!work) throw new ApiError("notFound", "作品不存在或已删除");
    if (work.user_id !== user.id) throw new ApiError("forbidden", "只能用自己的作品参加活动");
    const mine = await entriesBy(trx, id, user.id);
    if (!mine.includes(workId)) {
      if (mine.length >= eventLimits.entriesPerMember) throw tooMany();
      await addEntry(trx, { event_id: id, work_id: workId, user_id: user.id, at: now });
    }
    return { entryCount: await entryCount(trx, id) };
  });
}

/** Takes one's own entry back while the event is open; the votes for it go back to their members. */
export async function withdrawEntry(deps: Deps, user: CurrentUserView, id: number, workId: number) {
  return transact(deps, async ({ trx, now }) => {
    await openEvent(trx, id, now);
    const entry = await findEntry(trx, id, workId);
    if (!entry) throw new ApiError("notFound", "这件作品没有参加这个活动");
    if (entry.user_id !== user.id) throw new ApiError("forbidden", "只能撤回自己的参赛作品");
    await removeEntry(trx, id, workId);
    return { entryCount: await entryCount(trx, id) };
  });
}

/**
 * A member's one vote, moved when cast again. Never for one's own work; a member without standing (a fresh account,
 * contract/charts/charts.ts hasStanding) is counted in the votes shown but not in those that rank.
 */
export async function voteInEvent(deps: Deps, user: CurrentUserView, id: number, workId: number) {
  return transact(deps, async ({ trx, now }) => {
    await openEvent(trx, id, now);
    const entry = await findEntry(trx, id, workId);
    if (!entry || !(await findLiveWork(trx, workId))) throw new ApiError("notFound", "这件作品没有参加这个活动");
    if (entry.user_id === user.id) throw new ApiError("forbidden", "不能给自己的作品投票");
    const before = await findVote(trx, id, user.id);
    if (before?.work_id === workId) return { myVote: workId };
    const counted = (await memberHasStanding(trx, user.id, now)) ? 1 : 0;
    await castVote(trx, { eventId: id, userId: user.id, workId, counted, at: now }, before);
    return { myVote: workId };
  });
}

/**
 * Entering by tag: a work going live or edited with an open event's tag is entered, while its author has entries
 * left in that event (an entry withdrawn stays out until the tag is saved again).
 */
export async function enterTagged(tx: Tx, work: { id: number; user_id: number }) {
  const events = await openEventsTagged(tx.trx, await tagIdsOfWork(tx.trx, work.id), tx.now);
  for (const e of events) {
    await lockEvent(tx.trx, e.id);
    const mine = await entriesBy(tx.trx, e.id, work.user_id);
    if (mine.includes(work.id) || mine.length >= eventLimits.entriesPerMember) continue;
    await addEntry(tx.trx, { event_id: e.id, work_id: work.id, user_id: work.user_id, at: tx.now });
  }
}
