import {
  CHART_HISTORY_DAYS,
  CHART_SIZE,
  chartBurst,
  chartWeights,
  type ChartPeriod,
  type ChartVoteKind,
} from "../../../contract/charts/charts.ts";
import type { ChartView } from "../../../contract/charts/views.ts";
import {
  bumpTallies,
  chartRows,
  countVotesSince,
  findVote,
  insertVote,
  nodeOfWork,
  setVoteLive,
} from "../../db/queries/charts.ts";
import { liveCommentsBy } from "../../db/queries/comments.ts";
import { nodeOpen } from "../../db/queries/publish.ts";
import type { WorkRow } from "../../db/queries/works.ts";
import { chinaDate, chinaDay } from "../../lib/china-time.ts";
import { ApiError } from "../../lib/errors.ts";
import type { Deps } from "../deps.ts";
import type { Tx } from "../transaction.ts";
import { cardsFor } from "../works/works.ts";
import { memberHasStanding, rescoreWork } from "../people/standing.ts";

/** Charts (排行榜, contract/charts/charts.ts): tallied as members mark works, read as the top of one index range. */

const DAY_MS = 86_400_000;
const kindCode: Record<ChartVoteKind, number> = { like: 1, favorite: 2, comment: 3 };

/** The first and last China day (days since the epoch) of the period of its kind holding `day`. */
export function periodOf(period: ChartPeriod, day: number): { first: number; last: number } {
  if (period === "day") return { first: day, last: day };
  // Weeks start on Monday; day 4 of the epoch (1970-01-05) was one.
  if (period === "week") {
    const first = day - ((day + 3) % 7);
    return { first, last: first + 6 };
  }
  const date = new Date(day * DAY_MS);
  const [y, m] = [date.getUTCFullYear(), date.getUTCMonth()];
  return { first: Date.UTC(y, m, 1) / DAY_MS, last: Date.UTC(y, m + 1, 1) / DAY_MS - 1 };
}

/** Each period's first day, for the periods holding `day`: where a vote given that day is tallied. */
export const periodsHolding = (day: number) =>
  [
    { period: "day", start: day },
    { period: "week", start: periodOf("week", day).first },
    { period: "month", start: periodOf("month", day).first },
  ] as const;

async function tally(tx: Tx, workId: number, day: number, delta: number) {
  await bumpTallies(tx.trx, workId, await nodeOfWork(tx.trx, workId), periodsHolding(day), delta);
}

/**
 * A member's like, favorite or comment on a work given (on) or withdrawn, in the caller's transaction. Only the first
 * counts, on the day it came: withdrawing takes it from that day's periods and giving it again puts it back there, so
 * a like, unlike, like loop never moves a work up. The author's own count for nothing; a burst, or a member without
 * standing, is kept uncounted. A counted vote's change ranks the work again for 推荐.
 */
export async function castVote(
  tx: Tx,
  v: { workId: number; authorId: number; userId: number; kind: ChartVoteKind },
  on: boolean,
) {
  if (v.userId === v.authorId) return;
  const key = { workId: v.workId, userId: v.userId, kind: kindCode[v.kind] };
  const weight = chartWeights[v.kind];
  const was = await findVote(tx.trx, key);
  if (on && !was) {
    const recent = await countVotesSince(tx.trx, v.userId, tx.now - chartBurst.minutes * 60_000);
    // A burst, or a member without standing yet (contract/charts/charts.ts markStanding): kept, not counted.
    const counted = recent < chartBurst.votes && (await memberHasStanding(tx.trx, v.userId, tx.now));
    const day = chinaDay(tx.now);
    if ((await insertVote(tx.trx, { ...key, day, at: tx.now, counted })) && counted) {
      await tally(tx, v.workId, day, weight);
      await rescoreWork(tx.trx, v.workId, tx.now);
    }
    return;
  }
  if (!was || !!was.live === on) return;
  if ((await setVoteLive(tx.trx, key, on)) && was.counted) {
    await tally(tx, v.workId, was.day, on ? weight : -weight);
    await rescoreWork(tx.trx, v.workId, tx.now);
  }
}

/** A member's comment vote follows whether they still have a live comment on the work. */
export async function syncCommentVote(tx: Tx, work: { id: number; user_id: number }, userId: number) {
  const on = (await liveCommentsBy(tx.trx, work.id, userId)) > 0;
  await castVote(tx, { workId: work.id, authorId: work.user_id, userId, kind: "comment" }, on);
}

type ChartRow = WorkRow & { chart_score: number };

/** A chart as the page shows it: the period holding `date` (today by default), every node or one. */
export async function readChart(
  deps: Deps,
  q: { period: ChartPeriod; nodeId?: number; date?: string },
  viewerId?: number,
): Promise<ChartView> {
  const today = chinaDay(deps.now());
  const day = q.date ? dayOf(q.date, today) : today;
  if (q.nodeId && !(await nodeOpen(deps.db, q.nodeId))) throw new ApiError("notFound", "节点不存在");
  const { first, last } = periodOf(q.period, day);
  const nodeId = q.nodeId ?? null;
  // Everyone's chart is the same: kept with the listings, forgotten at the next write like them.
  const key = JSON.stringify(["chart", q.period, first, nodeId]);
  const rows = (await deps.listings.rows(key, () =>
    chartRows(deps.db, { period: q.period, start: first, nodeId, limit: CHART_SIZE }),
  )) as ChartRow[];
  const cards = await cardsFor(deps, rows, viewerId);
  const before = periodOf(q.period, first - 1).first;
  return {
    period: q.period,
    first: chinaDate(first),
    last: chinaDate(last),
    current: last >= today,
    prev: before >= today - CHART_HISTORY_DAYS ? chinaDate(before) : null,
    next: last + 1 <= today ? chinaDate(last + 1) : null,
    nodeId,
    entries: rows.map((r, i) => ({ rank: i + 1, score: Number(r.chart_score), work: cards[i] })),
  };
}

/** A date's China day, refused with why when it names no day, a day to come or one too long ago. */
function dayOf(date: string, today: number): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date)
    throw new ApiError("validation", "没有这一天，请检查日期");
  const day = ms / DAY_MS;
  if (day > today) throw new ApiError("validation", "这一天还没有到，排行榜只看今天和以前");
  if (day < today - CHART_HISTORY_DAYS) throw new ApiError("validation", `排行榜只保留最近 ${CHART_HISTORY_DAYS} 天`);
  return day;
}
