import type { Kysely } from "kysely";
import { hasStanding } from "../../../contract/charts/charts.ts";
import { isStaff, parseRoles } from "../../../contract/shared/roles.ts";
import { setScore } from "../../db/queries/interactions.ts";
import { countedMarks, scoringFacts, standingFacts } from "../../db/queries/standing.ts";
import type { DB } from "../../db/schema.ts";
import { rankScore } from "../browse/ranking.ts";

/**
 * Standing (issue 53): whether a member's marks weigh on charts, 推荐 and points. Twelve accounts a minute old put a
 * new work at the top of 日榜 and paid its author 72 points; an account without standing now marks, and is counted on
 * the page, but moves nothing (contract/charts/charts.ts markStanding).
 */
export async function memberHasStanding(db: Kysely<DB>, userId: number, now: number): Promise<boolean> {
  const u = await standingFacts(db, userId);
  if (!u) return false;
  return hasStanding(
    {
      createdAt: Number(u.created_at),
      verified: u.email_verified === 1 || !!u.phone,
      staff: isStaff({ roles: parseRoles(u.roles) }),
    },
    now,
  );
}

/** A decay period (ten times the love) behind for a work whose author has no standing yet. */
const NEWCOMER_HANDICAP = 1;

/** A work's 推荐 score from the marks that count, handicapped while its author has no standing. */
export async function scoreOf(db: Kysely<DB>, authorId: number, liveAt: number, now: number, workId?: number) {
  const marks = workId ? await countedMarks(db, workId) : { likes: 0, favorites: 0, comments: 0 };
  const handicap = (await memberHasStanding(db, authorId, now)) ? 0 : NEWCOMER_HANDICAP;
  return rankScore(marks, liveAt) - handicap;
}

/** Ranks a work again after a mark on it counted or stopped counting. */
export async function rescoreWork(db: Kysely<DB>, workId: number, now: number) {
  const w = await scoringFacts(db, workId);
  if (w) await setScore(db, workId, await scoreOf(db, w.user_id, Number(w.created_at), now, workId));
}
