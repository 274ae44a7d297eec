import type { z } from "zod";
import {
  commissionFiles,
  commissionMessages,
  findCommission,
  insertCommission,
  insertCommissionMessage,
  listCommissions,
  startedSince,
  touchCommission,
  waitingOf,
  type CommissionRow,
} from "../../db/queries/commissions.ts";
import { blockStanding } from "../../db/queries/messages.ts";
import { findUserById, holdMember } from "../../db/queries/users.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { startOfChinaDay } from "../../lib/china-time.ts";
import { commissionLimits } from "../../../contract/shared/limits.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import type { commissionMessageSchema, commissionSchema } from "../../../contract/commissions/schemas.ts";
import { stepsFor, type CommissionState, type Party } from "../../../contract/commissions/states.ts";
import type { CommissionMessageView, CommissionSummary, CommissionView } from "../../../contract/commissions/views.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { screen } from "../moderation/sensitive-words.ts";
import { assertMayPost } from "../moderation/restrictions.ts";
import { notify } from "../inbox/inbox.ts";
import { transact, type Tx } from "../transaction.ts";
import { decodeCursor, keysetPage } from "../paging.ts";

/**
 * 约稿 (issue 59): a client asks a creator who takes commissions (可接稿) for a work: a brief, a budget in 元 (words
 * only; no money passes through the site), a day and references. The creator answers, works, delivers pictures that
 * only the two can open; the client asks for changes or closes it. One private thread carries their words and each
 * step; the other party is told of every step (steps.ts).
 */
const missing = () => new ApiError("notFound", "约稿不存在");

/** The commission and the viewer's part in it; anyone else is told it does not exist. */
export async function asParty(deps: Deps, user: CurrentUserView, id: number) {
  const row = await findCommission(deps.db, id);
  if (!row) throw missing();
  const party: Party | null = row.client_id === user.id ? "client" : row.creator_id === user.id ? "creator" : null;
  if (!party) throw missing();
  return { row, party };
}

const person = (id: number, nickname: string, username: string, small: string, avatar: string) => ({
  id,
  nickname,
  username,
  smallAvatar: small || avatar,
});

function summaryOf(r: CommissionRow): CommissionSummary {
  return {
    commissionId: r.id,
    title: r.title,
    state: r.state as CommissionState,
    client: person(r.client_id, r.client_nickname, r.client_username, r.client_small_avatar, r.client_avatar),
    creator: person(r.creator_id, r.creator_nickname, r.creator_username, r.creator_small_avatar, r.creator_avatar),
    budget: r.budget,
    deadline: Number(r.deadline),
    updatedAt: Number(r.updated_at),
  };
}

export async function createCommission(deps: Deps, user: CurrentUserView, input: z.infer<typeof commissionSchema>) {
  assertMayPost(deps, user);
  if (input.creatorId === user.id) throw new ApiError("validation", "不能向自己约稿");
  if (input.deadline && input.deadline < startOfChinaDay(deps.now()))
    throw fieldError("validation", "deadline", "期望交稿日期不能早于今天");
  const creator = await findUserById(deps.db, input.creatorId);
  if (!creator || creator.status !== UserStatus.active) throw new ApiError("notFound", "用户不存在");
  if (creator.commission !== "open") throw new ApiError("validation", "对方暂不接稿");
  if ((await blockStanding(deps.db, user.id, creator.id)).blockedBy)
    throw new ApiError("forbidden", "对方不接受你的约稿");
  const fields = (await screen(deps, { title: input.title, brief: input.brief, budget: input.budget })).fields;
  return transact(deps, async (tx) => {
    await holdMember(tx.trx, user.id);
    if ((await startedSince(tx.trx, user.id, startOfChinaDay(tx.now))) >= commissionLimits.perDay)
      throw new ApiError("validation", `每天最多发起${commissionLimits.perDay}个约稿，明天再来吧`);
    if ((await waitingOf(tx.trx, user.id)) >= commissionLimits.waitingPerClient)
      throw new ApiError(
        "validation",
        `你已有${commissionLimits.waitingPerClient}个约稿在等待回复，请等对方回复后再发起新的约稿`,
      );
    const id = await insertCommission(tx.trx, {
      client_id: user.id,
      creator_id: creator.id,
      title: fields.title,
      brief: fields.brief,
      budget: fields.budget,
      deadline: input.deadline,
      refs: JSON.stringify(input.refs),
      state: "pending",
      created_at: tx.now,
      updated_at: tx.now,
    });
    await tell(tx, { id, title: fields.title }, creator.id, user.id, "ask");
    return { commissionId: id };
  });
}

/** Tells the other party of a step (notification kind `commission`: detail "id:step:title", worded by the web). */
export async function tell(
  tx: Tx,
  c: { id: number; title: string },
  userId: number,
  actorId: number,
  step: string,
  once: string | number = tx.now,
) {
  await notify(tx, {
    userId,
    actorId,
    kind: "commission",
    detail: `${c.id}:${step}:${c.title}`,
    dedupe: `commission:${c.id}:${step}:${once}`,
  });
}

export async function listMine(
  deps: Deps,
  user: CurrentUserView,
  q: { role: "received" | "sent"; cursor?: string },
): Promise<Page<CommissionSummary>> {
  const limit = commissionLimits.perPage;
  const rows = await listCommissions(deps.db, { userId: user.id, role: q.role, after: decodeCursor(q.cursor), limit });
  const { page, hasMore, cursor } = keysetPage(rows, limit, (r) => Number(r.updated_at));
  return { results: page.map(summaryOf), hasMore, cursor };
}

const THREAD_MAX = 500;

export async function getCommission(deps: Deps, user: CurrentUserView, id: number): Promise<CommissionView> {
  const { row, party } = await asParty(deps, user, id);
  const [messages, files] = await Promise.all([
    commissionMessages(deps.db, id, THREAD_MAX),
    commissionFiles(deps.db, id),
  ]);
  return {
    ...summaryOf(row),
    brief: row.brief,
    refs: JSON.parse(row.refs) as string[],
    createdAt: Number(row.created_at),
    viewer: party,
    steps: stepsFor(party, row.state as CommissionState),
    files: files.map((f) => ({ n: f.position, width: f.width, height: f.height })),
    messages: messages.map((m): CommissionMessageView => ({
      messageId: m.id,
      userId: m.user_id,
      content: m.content,
      createdAt: Number(m.created_at),
    })),
  };
}

/** A party's words in the thread, while it is open or after (a closed one may still be thanked for). */
export async function sayInCommission(
  deps: Deps,
  user: CurrentUserView,
  id: number,
  input: z.infer<typeof commissionMessageSchema>,
): Promise<CommissionMessageView> {
  assertMayPost(deps, user);
  const { row, party } = await asParty(deps, user, id);
  const other = party === "client" ? row.creator_id : row.client_id;
  if ((await blockStanding(deps.db, user.id, other)).blockedBy) throw new ApiError("forbidden", "对方已不接收你的消息");
  const { content } = (await screen(deps, { content: input.content })).fields;
  return transact(deps, async (tx) => {
    const messageId = await insertCommissionMessage(tx.trx, {
      commission_id: id,
      user_id: user.id,
      content,
      created_at: tx.now,
    });
    await touchCommission(tx.trx, id, tx.now);
    // Told once a China day per commission, however many lines: the thread holds them, the bell need not.
    await tell(tx, { id, title: row.title }, other, user.id, "message", `${user.id}:${startOfChinaDay(tx.now)}`);
    return { messageId, userId: user.id, content, createdAt: tx.now };
  });
}
