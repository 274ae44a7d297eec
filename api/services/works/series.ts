import type { z } from "zod";
import {
  addEntry,
  countSeries,
  deleteSeries,
  findSeries,
  insertSeries,
  seriesCards,
  seriesCovers,
  seriesEntries,
  seriesOfUser,
  seriesOfWork,
  setPosition,
  takeEntry,
  updateSeries,
} from "../../db/queries/series.ts";
import { findLiveWork } from "../../db/queries/interactions.ts";
import { findUserById } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { seriesLimits } from "../../../contract/shared/limits.ts";
import { allowance } from "../../../contract/scores/growth.ts";
import type { seriesMoveSchema, seriesSchema } from "../../../contract/series/schemas.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { SeriesAround, SeriesSummary, SeriesView } from "../../../contract/series/views.ts";
import type { Deps } from "../deps.ts";
import { screen } from "../moderation/sensitive-words.ts";
import { transact } from "../transaction.ts";
import { cardsFor, excerpt, toCard } from "./works.ts";
import { nameAndAvatar } from "../people/users.ts";

type SeriesInput = z.infer<typeof seriesSchema>;
type SeriesRow = NonNullable<Awaited<ReturnType<typeof findSeries>>>;

const missing = () => new ApiError("notFound", "合集不存在或已删除");

/** The member's own series, or refused: nobody else may change it. */
async function ownSeries(deps: Deps, user: CurrentUserView, id: number): Promise<SeriesRow> {
  const row = await findSeries(deps.db, id);
  if (!row) throw missing();
  if (row.user_id !== user.id) throw new ApiError("forbidden", "只能修改自己的合集");
  return row;
}

const summaryOf = (r: SeriesRow, cover: SeriesSummary["cover"]): SeriesSummary => ({
  seriesId: r.id,
  title: r.title,
  description: r.description,
  cover,
  workCount: r.work_count,
  updatedAt: Number(r.updated_at),
});

async function summaries(deps: Deps, rows: SeriesRow[]): Promise<SeriesSummary[]> {
  const covers = await seriesCovers(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r, i) => summaryOf(r, covers[i] ? toCard(covers[i], false).cover : null));
}

export async function listSeriesOf(deps: Deps, userId: number): Promise<SeriesSummary[]> {
  return summaries(deps, await seriesOfUser(deps.db, userId));
}

export async function getSeries(deps: Deps, id: number, viewerId?: number): Promise<SeriesView> {
  const row = await findSeries(deps.db, id);
  if (!row) throw missing();
  const owner = await findUserById(deps.db, row.user_id);
  if (!owner) throw missing();
  const works = await cardsFor(deps, await seriesCards(deps.db, id, seriesLimits.works), viewerId);
  // Its cover is its first work's that has one: the cards read already say which.
  return {
    ...summaryOf(row, works.find((w) => w.cover)?.cover ?? null),
    user: nameAndAvatar(owner.id, owner),
    works,
  };
}

async function screened(deps: Deps, input: SeriesInput) {
  return (await screen(deps, { title: input.title, description: input.description })).fields;
}

export async function createSeries(deps: Deps, user: CurrentUserView, input: SeriesInput) {
  const fields = await screened(deps, input);
  return transact(deps, async ({ trx, now }) => {
    // How many a member may keep grows with their level (contract/scores/growth.ts privileges).
    const allowed = allowance("series", user.score);
    if ((await countSeries(trx, user.id)) >= allowed)
      throw new ApiError(
        "validation",
        allowed < seriesLimits.perMember
          ? `你的等级最多可建${allowed}个合集，升级后可以建更多`
          : `合集最多${allowed}个，请先整理已有的合集`,
      );
    return { seriesId: await insertSeries(trx, { user_id: user.id, ...fields, at: now }) };
  });
}

export async function editSeries(deps: Deps, user: CurrentUserView, id: number, input: SeriesInput) {
  await ownSeries(deps, user, id);
  const fields = await screened(deps, input);
  await updateSeries(deps.db, id, { ...fields, updated_at: deps.now() });
  return { seriesId: id };
}

export async function removeSeries(deps: Deps, user: CurrentUserView, id: number) {
  await ownSeries(deps, user, id);
  await transact(deps, ({ trx }) => deleteSeries(trx, id));
  return { removed: true };
}

/** Adds one of the member's own live works at the end of their series (once; a full series refuses). */
export async function addToSeries(deps: Deps, user: CurrentUserView, id: number, workId: number) {
  const row = await ownSeries(deps, user, id);
  const work = await findLiveWork(deps.db, workId);
  if (!work) throw new ApiError("notFound", "作品不存在或已删除");
  if (work.user_id !== user.id) throw new ApiError("forbidden", "只能把自己的作品加入合集");
  return transact(deps, async ({ trx, now }) => {
    if (row.work_count >= seriesLimits.works)
      throw new ApiError("validation", `一个合集最多${seriesLimits.works}件作品`);
    const added = await addEntry(trx, id, workId, now);
    return { workCount: row.work_count + (added ? 1 : 0) };
  });
}

export async function takeFromSeries(deps: Deps, user: CurrentUserView, id: number, workId: number) {
  const row = await ownSeries(deps, user, id);
  const taken = await transact(deps, ({ trx, now }) => takeEntry(trx, id, workId, now));
  return { workCount: row.work_count - (taken ? 1 : 0) };
}

/** Swaps a work with its neighbour before (-1) or after (1) it. */
export async function moveInSeries(
  deps: Deps,
  user: CurrentUserView,
  id: number,
  input: z.infer<typeof seriesMoveSchema>,
) {
  await ownSeries(deps, user, id);
  return transact(deps, async ({ trx }) => {
    const entries = await seriesEntries(trx, id);
    const at = entries.findIndex((e) => e.work_id === input.workId);
    if (at < 0) throw new ApiError("notFound", "这件作品不在合集里");
    const other = entries[at + input.by];
    if (!other) return { moved: false };
    await setPosition(trx, id, input.workId, other.position);
    await setPosition(trx, id, other.work_id, entries[at].position);
    return { moved: true };
  });
}

/** Each series the work is in, with the live works before and after it there. */
export async function seriesAround(deps: Deps, workId: number): Promise<SeriesAround[]> {
  const out: SeriesAround[] = [];
  for (const s of await seriesOfWork(deps.db, workId)) {
    const live = (await seriesEntries(deps.db, s.id)).filter((e) => e.status === WorkStatus.live);
    const at = live.findIndex((e) => e.work_id === workId);
    if (at < 0) continue;
    const ref = (e: (typeof live)[number] | undefined) =>
      e ? { artId: e.work_id, title: e.title || excerpt(e.content, 30) || "无标题" } : null;
    out.push({
      seriesId: s.id,
      title: s.title,
      position: at + 1,
      workCount: live.length,
      prev: ref(live[at - 1]),
      next: ref(live[at + 1]),
    });
  }
  return out;
}
