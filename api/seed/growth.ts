import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Tx } from "../services/transaction.ts";
import { afterMark } from "../services/works/interactions.ts";
import { afterFollow } from "../services/people/people.ts";
import { afterComment } from "../services/works/comments.ts";
import { payForPublishing, signInToday } from "../services/scores.ts";
import { insertMessage } from "../db/queries/messages.ts";
import { startOfChinaDay } from "../lib/china-time.ts";
import { WorkStatus } from "../../contract/shared/kinds.ts";
import type { prng } from "./art.ts";

type Rng = ReturnType<typeof prng>;
const DAY = 86_400_000;

/**
 * The demo's history, told again through the same rules as a live site: every work, like, follow and comment, in
 * the order they happened, pays and notifies as it would have (so balances equal their ledgers). Members signed in
 * on some of the last days; the owner gets a welcome message beside two new followers, so the bell is not empty
 * on a first visit. What is older than two days has been read.
 */
export async function seedGrowth(db: Kysely<DB>, r: Rng, people: number[], ownerId: number | null, now: number) {
  type Event = { at: number; run: (tx: Tx) => Promise<unknown> };
  const events: Event[] = [];
  const works = await db
    .selectFrom("works")
    .select(["id", "user_id", "created_at"])
    .where("status", "=", WorkStatus.live)
    .execute();
  const authorOf = new Map(works.map((w) => [w.id, w.user_id]));
  for (const w of works) events.push({ at: w.created_at, run: (tx) => payForPublishing(tx, w.user_id, w.id) });
  for (const l of await db.selectFrom("likes").selectAll().execute())
    events.push({
      at: l.created_at,
      run: (tx) => afterMark(tx, "like", { id: l.work_id, user_id: authorOf.get(l.work_id)! }, l.user_id),
    });
  for (const f of await db.selectFrom("follows").selectAll().execute())
    events.push({ at: f.created_at, run: (tx) => afterFollow(tx, f.user_id, f.target_id) });
  for (const c of await db.selectFrom("comments").selectAll().execute())
    events.push({
      at: c.created_at,
      run: (tx) =>
        afterComment(tx, {
          id: c.id,
          userId: c.user_id,
          work: { id: c.work_id, user_id: authorOf.get(c.work_id)! },
          replyToUser: c.reply_to_user_id,
          content: c.content,
        }),
    });
  for (const userId of people) {
    const days = r.int(0, 9);
    // Each past day's sign-in between 08:00 and 22:00 of that day in China: "now minus d days minus some hours"
    // fell into the day before just after midnight, two sign-ins on one day, and the first start failed.
    for (let d = days; d >= 1; d--)
      events.push({
        at: startOfChinaDay(now - d * DAY) + r.int(8, 22) * 3_600_000,
        run: (tx) => signInToday(tx, userId),
      });
  }
  if (ownerId) {
    const first = people[0];
    events.push({
      at: now - 3_600_000,
      run: (tx) =>
        insertMessage(tx.trx, {
          senderId: first,
          recipientId: ownerId,
          content: "站长好！欢迎来到艺社。这里的消息、通知和每日签到都能用了，试试给我回一条私信吧。",
          at: tx.now,
        }),
    });
  }
  events.sort((a, b) => a.at - b.at);
  await db.transaction().execute(async (trx) => {
    for (const e of events) await e.run({ trx, now: e.at, touched: new Set(), webhooks: [] });
    await trx
      .updateTable("notifications")
      .set((eb) => ({ read_at: eb("created_at", "+", 3_600_000) }))
      .where("created_at", "<", now - 2 * DAY)
      .execute();
  });
}
