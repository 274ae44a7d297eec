import { SITE } from "../../lib/page-topics.ts";
import { dueScheduledWorks, goLiveAt } from "../../db/queries/schedule.ts";
import { fieldError } from "../../lib/errors.ts";
import { scheduleLimits } from "../../../contract/shared/limits.ts";
import type { Deps } from "../deps.ts";
import { countAcross } from "../moderation/moderation.ts";
import { scoreOf } from "../people/standing.ts";
import { payForPublishing } from "../scores.ts";
import { indexWorks } from "../search/search-index.ts";
import { transact, type Tx } from "../transaction.ts";
import { publishedCalls } from "../inbox/webhook-out.ts";
import { enterTagged } from "../curation/entries.ts";

/**
 * A work going out (published now, or its scheduled minute come): its tags, node and author count it, publishing
 * pays, search finds it, and webhooks that asked are told.
 */
export async function goLive(deps: Deps, tx: Tx, work: { id: number; node_id: number | null; user_id: number }) {
  await countAcross(tx, work, 1);
  await payForPublishing(tx, work.user_id, work.id);
  await indexWorks(tx.trx, deps.dialect, [work.id]);
  tx.webhooks.push(...publishedCalls(deps.signin.siteUrl, work));
  await enterTagged(tx, work);
}

/** A 定时发布 minute is at least a minute and at most thirty days ahead. */
export function checkPublishAt(deps: Deps, at: number) {
  const ahead = at - deps.now();
  if (ahead < scheduleLimits.minAheadMs || ahead > scheduleLimits.maxAheadMs)
    throw fieldError("validation", "publishAt", "定时发布时间需在1分钟后、30天之内");
}

/**
 * Sends out the scheduled works whose minute has come (the job `works.publish-due`, every minute). The row's own
 * change from scheduled to live decides which run sends each work, so each goes out (and counts and pays) once. A
 * work goes out dated its minute, so it stands where it belongs among the newest. Answers how many this call sent.
 */
export async function publishDue(deps: Deps, batch = 50): Promise<number> {
  let sent = 0;
  for (const w of await dueScheduledWorks(deps.db, deps.now(), batch)) {
    const mine = await transact(deps, async (tx) => {
      const score = await scoreOf(tx.trx, w.user_id, Number(w.publish_at), tx.now);
      if (!(await goLiveAt(tx.trx, w.id, Number(w.publish_at), score, tx.now))) return false;
      await goLive(deps, tx, w);
      return true;
    });
    if (mine) sent++;
  }
  // The lists everyone reads have new works: every process forgets its own.
  if (sent) {
    deps.listings.changed();
    await deps.pages.changed([SITE]);
  }
  return sent;
}
