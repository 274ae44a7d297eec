import { findLiveWork } from "../../db/queries/interactions.ts";
import { givenSince, insertTip, recordSpend, spendPoints } from "../../db/queries/tips.ts";
import { startOfChinaDay } from "../../lib/china-time.ts";
import { ApiError } from "../../lib/errors.ts";
import { tipLimits } from "../../../contract/shared/limits.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { notify } from "../inbox/inbox.ts";
import { award } from "../scores.ts";
import { transact } from "../transaction.ts";

/**
 * 打赏 (issue 59): a member gives some of their points to a live work's author, never their own, at most
 * `tipLimits.perDay` a China day. The points move, they are not made: the giver's balance falls by what the author's
 * rises, both in the ledger, in one transaction that holds the giver's row first (two tips at once are counted one
 * after the other, so neither the balance nor the day's limit is overdrawn).
 */
export async function tipWork(deps: Deps, user: CurrentUserView, workId: number, amount: number) {
  const work = await findLiveWork(deps.db, workId);
  if (!work) throw new ApiError("notFound", "作品不存在或已删除");
  if (work.user_id === user.id) throw new ApiError("validation", "不能打赏自己的作品");
  return transact(deps, async (tx) => {
    const balance = await spendPoints(tx.trx, user.id, amount);
    if (balance === null) throw new ApiError("validation", "积分不足");
    const today = await givenSince(tx.trx, user.id, startOfChinaDay(tx.now));
    if (today + amount > tipLimits.perDay)
      throw new ApiError(
        "validation",
        today >= tipLimits.perDay
          ? `今天的打赏已达上限（每天${tipLimits.perDay}积分），明天再来吧`
          : `今天还能打赏${tipLimits.perDay - today}积分`,
      );
    const tip = await insertTip(tx.trx, {
      work_id: workId,
      from_id: user.id,
      to_id: work.user_id,
      amount,
      created_at: tx.now,
    });
    const ref = `tip:${tip.id}`;
    await recordSpend(tx.trx, { userId: user.id, amount, balance, reason: "tipGiven", ref, at: tx.now });
    await award(tx, { userId: work.user_id, reason: "tipReceived", ref, delta: amount });
    await notify(tx, {
      userId: work.user_id,
      actorId: user.id,
      kind: "tip",
      workId,
      detail: String(amount),
      dedupe: ref,
    });
    return { count: tip.count, total: tip.total, balance };
  });
}
