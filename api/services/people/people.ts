import {
  activeCreators,
  addFollow,
  bumpFollowCounts,
  followedIds,
  listFollowers,
  listLikers,
  removeFollow,
  worksByNode,
  type PersonRow,
} from "../../db/queries/people.ts";
import { portfolioOf } from "../works/portfolio.ts";
import { findUserById } from "../../db/queries/users.ts";
import { findLiveWork } from "../../db/queries/interactions.ts";
import { tasteOf } from "../../db/queries/taste.ts";
import { listMarkedWorks } from "../../db/queries/works.ts";
import { habitNodes } from "../../db/queries/habits.ts";
import { ApiError } from "../../lib/errors.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { FollowState, PersonView, ProfileView, SuggestedPersonView } from "../../../contract/people/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { WorkCardView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { nameAndAvatar, personBasics, toUserView } from "./users.ts";
import { notify } from "../inbox/inbox.ts";
import { transact, type Tx } from "../transaction.ts";
import { rewardFor } from "../scores.ts";
import { cardsFor, PAGE_SIZE } from "../works/works.ts";
import { decodeCursor, keysetPage } from "../paging.ts";

/** Who counts as active: the authors of the site's latest works. */
const RECENT_WORKS = 1000;

async function activeUser(deps: Deps, id: number) {
  const row = await findUserById(deps.db, id);
  if (!row || row.status !== UserStatus.active) throw new ApiError("notFound", "用户不存在");
  return row;
}

/** Follows or unfollows; a repeat changes nothing, and both counters move in the transaction that changed it. */
export async function setFollow(deps: Deps, userId: number, targetId: number, on: boolean): Promise<FollowState> {
  if (userId === targetId) throw new ApiError("validation", "不能关注自己");
  await activeUser(deps, targetId);
  return transact(deps, async (tx) => {
    const { trx } = tx;
    const changed = on ? await addFollow(trx, userId, targetId, tx.now) : await removeFollow(trx, userId, targetId);
    const fansCount = changed
      ? await bumpFollowCounts(trx, userId, targetId, on ? 1 : -1)
      : ((await findUserById(trx, targetId))?.fans_count ?? 0);
    if (changed && on) await afterFollow(tx, userId, targetId);
    return { followed: on, fansCount };
  });
}

/** A new follower is told to the person followed and pays them, once per follower. */
export async function afterFollow(tx: Tx, userId: number, targetId: number) {
  if (await notify(tx, { userId: targetId, actorId: userId, kind: "follow", dedupe: `follow:${userId}` }))
    tx.webhooks.push({ event: "follower.new", userId: targetId, data: { followerId: userId } });
  await rewardFor(tx, { userId: targetId, actorId: userId, reason: "fan", ref: `fan:${userId}` });
}

export async function isFollowing(deps: Deps, viewerId: number, targetId: number): Promise<boolean> {
  return (await followedIds(deps.db, viewerId, [targetId])).has(targetId);
}

export async function profileOf(deps: Deps, userId: number, viewerId?: number): Promise<ProfileView> {
  const row = await activeUser(deps, userId);
  const followed = viewerId && viewerId !== userId ? await isFollowing(deps, viewerId, userId) : false;
  return {
    ...toUserView(row),
    likeReceivedCount: row.like_received_count,
    followed,
    isSelf: viewerId === userId,
    favoritesPublic: row.favorites_public === 1,
    portfolio: portfolioOf(row),
  };
}

/** Rows of people as views, marked followed or not for the viewer (one query for the lot). */
export async function peopleViews(deps: Deps, rows: Omit<PersonRow, "followed_at">[], viewerId?: number) {
  const followed = viewerId
    ? await followedIds(
        deps.db,
        viewerId,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  return rows.map((r) => personView(r, followed.has(r.id)));
}

function personView(r: Omit<PersonRow, "followed_at">, followed: boolean): PersonView {
  return {
    ...personBasics(r),
    workCount: r.work_count,
    fansCount: r.fans_count,
    followed,
  };
}

/** A person's followers, or (`whom`) the people they follow, latest first. */
export async function followList(
  deps: Deps,
  userId: number,
  whom: boolean,
  cursor: string | undefined,
  viewerId?: number,
): Promise<Page<PersonView>> {
  await activeUser(deps, userId);
  const rows = await listFollowers(deps.db, userId, { whom, after: decodeCursor(cursor), limit: PAGE_SIZE });
  const { page, hasMore, cursor: next } = keysetPage(rows, PAGE_SIZE, (r) => r.followed_at);
  return { results: await peopleViews(deps, page, viewerId), cursor: next, hasMore };
}

/** 喜欢的人: who liked a live work, latest first, each with whether the viewer follows them. */
export async function likersOf(
  deps: Deps,
  workId: number,
  cursor: string | undefined,
  viewerId?: number,
): Promise<Page<PersonView>> {
  if (!(await findLiveWork(deps.db, workId))) throw new ApiError("notFound", "作品不存在或已删除");
  const rows = await listLikers(deps.db, workId, { after: decodeCursor(cursor), limit: PAGE_SIZE });
  const { page, hasMore, cursor: next } = keysetPage(rows, PAGE_SIZE, (r) => r.liked_at);
  return { results: await peopleViews(deps, page, viewerId), cursor: next, hasMore };
}

/**
 * What a person liked (public) or favorited (only to themselves, or to anyone when they made it public), latest
 * first.
 */
export async function markedWorksOf(
  deps: Deps,
  mark: "likes" | "favorites",
  userId: number,
  cursor: string | undefined,
  viewer?: CurrentUserView,
): Promise<Page<WorkCardView>> {
  const owner = await activeUser(deps, userId);
  if (mark === "favorites" && viewer?.id !== userId && owner.favorites_public !== 1)
    throw new ApiError("forbidden", "TA的收藏未公开");
  const rows = await listMarkedWorks(deps.db, mark, userId, decodeCursor(cursor), PAGE_SIZE);
  const { page, hasMore, cursor: next } = keysetPage(rows, PAGE_SIZE, (r) => r.marked_at);
  return { results: await cardsFor(deps, page, viewer?.id), cursor: next, hasMore };
}

/** Active creators change slowly: each process asks the database for them at most once a minute. */
const CANDIDATES_TTL_MS = 60_000;
const candidateCache = new WeakMap<Deps, { at: number; pool: Promise<Candidates> }>();
type Candidates = { people: Omit<PersonRow, "followed_at">[]; byNode: Map<number, Map<number, number>> };

function candidates(deps: Deps): Promise<Candidates> {
  const now = deps.now();
  const cached = candidateCache.get(deps);
  if (cached && now - cached.at < CANDIDATES_TTL_MS) return cached.pool;
  const pool = (async () => {
    const people = await activeCreators(deps.db, RECENT_WORKS, 120);
    return {
      people,
      byNode: await worksByNode(
        deps.db,
        people.map((p) => p.id),
      ),
    };
  })();
  pool.catch(() => candidateCache.delete(deps));
  candidateCache.set(deps, { at: now, pool });
  return pool;
}

/**
 * Who to follow: authors of the site's latest works whom the viewer does not follow yet; those with the most works
 * in the nodes the viewer publishes in, likes or loves come first, then the most followed.
 */
export async function suggestPeople(
  deps: Deps,
  viewerId: number | undefined,
  limit = 6,
): Promise<SuggestedPersonView[]> {
  const pool = await candidates(deps);
  if (!viewerId) return pool.people.slice(0, limit).map(suggested);
  const [nodes, followed] = await Promise.all([
    familiarNodes(deps, viewerId),
    followedIds(
      deps.db,
      viewerId,
      pool.people.map((p) => p.id),
    ),
  ]);
  const shared = (id: number) => nodes.reduce((n, node) => n + (pool.byNode.get(id)?.get(node) ?? 0), 0);
  const ranked = pool.people
    .filter((p) => p.id !== viewerId && !followed.has(p.id))
    .map((c, i) => ({ c, i, n: shared(c.id) }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.c);
  // Whom the viewer follows was asked above: every suggestion is someone they do not follow yet.
  return ranked.map(suggested);
}

/** A suggestion as the strip draws it: no introduction, one avatar; never someone the viewer follows. */
function suggested(r: Omit<PersonRow, "followed_at">): SuggestedPersonView {
  return { ...nameAndAvatar(r.id, r), workCount: r.work_count, fansCount: r.fans_count, followed: false };
}

/** The nodes a person publishes in or likes most, and those they love. */
async function familiarNodes(deps: Deps, userId: number): Promise<number[]> {
  const [habits, taste] = await Promise.all([habitNodes(deps.db, userId), tasteOf(deps.db, userId)]);
  const loved = taste.filter((t) => t.target === "node" && t.weight > 0).map((t) => t.target_id);
  return [...new Set([...habits, ...loved])];
}
