import { updateWorkRow } from "../../db/queries/publish.ts";
import type { ReportAction } from "../../../contract/admin/moderation.ts";
import { notify } from "../inbox/inbox.ts";
import type { Tx } from "../transaction.ts";

/**
 * 版权申诉 (issue 59): a copyright report on a work, with the original it claims. Both sides hear of it: the claimant
 * as every reporter does (reports.ts), the work's author when it is filed and when it is decided. A work taken down
 * loses its verified 原创 mark (an edit after an admin restores it checks its pictures again).
 */
export async function tellClaimed(tx: Tx, c: { authorId: number; workId: number; claimantId: number }) {
  await notify(tx, {
    userId: c.authorId,
    actorId: 0,
    kind: "claim",
    workId: c.workId,
    detail: "收到一份版权申诉，管理员核实后会告诉你结果",
    dedupe: `claim:${c.workId}:${c.claimantId}`,
  });
}

export async function tellClaimDecided(
  tx: Tx,
  c: { authorId: number; workId: number; reportId: number; action: ReportAction },
) {
  // Hidden, its author is told so with the reason (moderation.ts); dismissed, the author hears it here.
  if (c.action === "hide") await updateWorkRow(tx.trx, c.workId, { original_verified: 0 });
  else
    await notify(tx, {
      userId: c.authorId,
      actorId: 0,
      kind: "claim",
      workId: c.workId,
      detail: c.action === "dismiss" ? "的版权申诉经核实已驳回" : "的版权申诉已处理",
      dedupe: `claim-decided:${c.reportId}`,
    });
}
