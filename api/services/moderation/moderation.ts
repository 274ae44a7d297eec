import { nameAndAvatar } from "../people/users.ts";
import { findAnyWork, pageAdminWorks, type AdminWorkRowData } from "../../db/queries/moderation.ts";
import { peopleNamed } from "../../db/queries/admin.ts";
import { moveTallies } from "../../db/queries/charts.ts";
import { carryLikesReceived } from "../../db/queries/people.ts";
import { adjustWorkCount, moveWorkStatus, nodeExists, tagIdsOfWork, updateWorkRow } from "../../db/queries/publish.ts";
import { ApiError } from "../../lib/errors.ts";
import { contentStates } from "../../../contract/admin/moderation.ts";
import type { WorkAction } from "../../../contract/admin/schemas.ts";
import type { AdminWorkRow, BulkResult } from "../../../contract/admin/views.ts";
import { WorkStatus, type ContentStatus, type WorkTypeValue } from "../../../contract/shared/kinds.ts";
import type { Numbered } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { rewards } from "../../../contract/scores/growth.ts";
import { ADMIN_PAGE, dayRange, numbered } from "../admin/admin-paging.ts";
import { audit } from "../admin/audit.ts";
import type { Deps } from "../deps.ts";
import { eachOnItsOwn } from "./bulk.ts";
import { notify } from "../inbox/inbox.ts";
import { transact, type Tx } from "../transaction.ts";
import { publishedCalls } from "../inbox/webhook-out.ts";
import { award, payForPublishing, takeBackPublishing } from "../scores.ts";
import { assertMayModerate } from "./restrictions.ts";
import { indexWorks } from "../search/search-index.ts";

export function adminWorkRow(r: AdminWorkRowData): AdminWorkRow {
  return {
    artId: r.id,
    type: r.type as WorkTypeValue,
    title: r.title || r.text_head.replace(/\s+/g, " ").trim().slice(0, 40) || "无标题",
    author: nameAndAvatar(r.user_id, r),
    node: r.node_id && r.node_name !== null ? { nodeId: r.node_id, name: r.node_name } : null,
    status: r.status as ContentStatus,
    statusReason: r.status_reason,
    recommended: r.recommended_at > 0,
    pinned: r.pinned_at > 0,
    likeCount: r.like_count,
    commentCount: r.comment_count,
    createdAt: r.created_at,
  };
}

export async function adminWorks(
  deps: Deps,
  q: {
    type?: number;
    nodeId?: number;
    author: string;
    state?: string;
    ai?: number;
    license?: string;
    from?: string;
    to?: string;
    page: number;
  },
): Promise<Numbered<AdminWorkRow>> {
  const authorIds = q.author ? await peopleNamed(deps.db, q.author) : undefined;
  const status = contentStates.find((s) => s.key === q.state)?.status;
  const { rows, total } = await pageAdminWorks(
    deps.db,
    { type: q.type, nodeId: q.nodeId, authorIds, status, ai: q.ai, license: q.license, ...dayRange(q.from, q.to) },
    (q.page - 1) * ADMIN_PAGE,
    ADMIN_PAGE,
  );
  return numbered(rows.map(adminWorkRow), total, q.page);
}

type Work = NonNullable<Awaited<ReturnType<typeof findAnyWork>>>;

/** A work's counters (its tags, node and author count live works) follow it across the live line. */
export async function countAcross(tx: Tx, work: Pick<Work, "id" | "node_id" | "user_id">, delta: 1 | -1) {
  await adjustWorkCount(tx.trx, "tags", await tagIdsOfWork(tx.trx, work.id), delta);
  if (work.node_id) await adjustWorkCount(tx.trx, "nodes", [work.node_id], delta);
  await adjustWorkCount(tx.trx, "users", [work.user_id], delta);
  await carryLikesReceived(tx.trx, work.id, delta);
}

async function changeStatus(tx: Tx, work: Work, to: ContentStatus, reason: string) {
  const wasLive = work.status === WorkStatus.live;
  const isLive = to === WorkStatus.live;
  const values = { status: to, status_reason: isLive ? "" : reason, updated_at: tx.now };
  if (!(await moveWorkStatus(tx.trx, work.id, work.status, values)))
    throw new ApiError("validation", "作品状态刚被其他操作改变，请刷新后再试");
  if (wasLive !== isLive) await countAcross(tx, work, isLive ? 1 : -1);
}

const skip = (message: string) => {
  throw new ApiError("validation", message);
};

/** One action on one work, inside its transaction; a reason goes to the author with a hide or a removal. */
async function act(
  deps: Deps,
  tx: Tx,
  staff: CurrentUserView,
  work: Work,
  a: { action: WorkAction; nodeId?: number; reason: string },
) {
  const live = work.status === WorkStatus.live;
  let before: unknown = "";
  let after: unknown = "";
  switch (a.action) {
    case "recommend":
    case "unrecommend": {
      if (!live) skip("只能推荐正常显示的作品");
      const on = a.action === "recommend";
      // 编辑精选: picked again, it keeps its first place in the listing and takes the new reason.
      const pickedAt = on ? work.recommended_at || tx.now : 0;
      await updateWorkRow(tx.trx, work.id, { recommended_at: pickedAt, recommend_reason: on ? a.reason : "" });
      after = on ? a.reason : "";
      if (on) {
        await notify(tx, {
          userId: work.user_id,
          actorId: staff.id,
          kind: "recommend",
          workId: work.id,
          detail: a.reason,
          dedupe: `recommend:${work.id}`,
        });
        await award(tx, {
          userId: work.user_id,
          reason: "recommended",
          ref: `work:${work.id}`,
          delta: rewards.recommended,
        });
      }
      break;
    }
    case "pin":
    case "unpin":
      if (!work.node_id) skip("作品不在任何节点中，无法置顶");
      await updateWorkRow(tx.trx, work.id, { pinned_at: a.action === "pin" ? tx.now : 0 });
      after = work.node_name ?? "";
      break;
    case "move": {
      if (work.node_id === a.nodeId) skip("作品已在该节点中");
      before = work.node_name ?? "";
      await updateWorkRow(tx.trx, work.id, { node_id: a.nodeId!, pinned_at: 0 });
      await moveTallies(tx.trx, work.id, a.nodeId!);
      if (live) {
        if (work.node_id) await adjustWorkCount(tx.trx, "nodes", [work.node_id], -1);
        await adjustWorkCount(tx.trx, "nodes", [a.nodeId!], 1);
      }
      after = String(a.nodeId);
      break;
    }
    case "hide":
      assertMayModerate(staff, { id: work.user_id, roles: work.author_roles });
      if (work.status === WorkStatus.hidden || work.status === WorkStatus.deleted) skip("作品已隐藏或已删除");
      await changeStatus(tx, work, WorkStatus.hidden, a.reason);
      await notify(tx, {
        userId: work.user_id,
        actorId: 0,
        kind: "hidden",
        workId: work.id,
        detail: a.reason,
        dedupe: `hidden:${work.id}:${tx.now}`,
      });
      break;
    case "restore":
      if (live) skip("作品已是正常状态");
      before = work.status;
      await changeStatus(tx, work, WorkStatus.live, "");
      // Held for review, it was never paid for nor told of; payOnce keeps a restored removal from paying twice.
      if (work.status === WorkStatus.review) {
        await payForPublishing(tx, work.user_id, work.id);
        tx.webhooks.push(...publishedCalls(deps.signin.siteUrl, work));
      }
      await notify(tx, {
        userId: work.user_id,
        actorId: 0,
        kind: "restored",
        workId: work.id,
        dedupe: `restored:${work.id}:${tx.now}`,
      });
      break;
    case "delete":
      assertMayModerate(staff, { id: work.user_id, roles: work.author_roles });
      if (work.status === WorkStatus.deleted) skip("作品已删除");
      await changeStatus(tx, work, WorkStatus.deleted, a.reason);
      await takeBackPublishing(tx, work.user_id, work.id);
      await notify(tx, {
        userId: work.user_id,
        actorId: 0,
        kind: "removed",
        workId: work.id,
        detail: a.reason,
        dedupe: `removed:${work.id}`,
      });
      break;
  }
  await indexWorks(tx.trx, deps.dialect, [work.id]);
  await audit(tx.trx, tx.now, {
    actorId: staff.id,
    action: `work.${a.action}`,
    targetKind: "work",
    targetId: work.id,
    before,
    after,
    reason: a.reason,
  });
}

/**
 * An action on a selection: each work in a transaction of its own, so one that cannot take it (already hidden,
 * say) is reported and the rest go on. An unknown id is reported too; nothing is changed for it.
 */
export async function moderateWorks(
  deps: Deps,
  staff: CurrentUserView,
  input: { ids: number[]; action: WorkAction; nodeId?: number; reason: string },
): Promise<BulkResult> {
  if (input.action === "move" && !(await nodeExists(deps.db, input.nodeId!)))
    throw new ApiError("notFound", "节点不存在");
  return eachOnItsOwn(
    input.ids,
    (id) => findAnyWork(deps.db, id),
    (work) => transact(deps, (tx) => act(deps, tx, staff, work, input)),
    "作品不存在或已删除",
  );
}
