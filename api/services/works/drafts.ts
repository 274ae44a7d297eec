import { z } from "zod";
import {
  countDrafts,
  deleteDraftRow,
  draftOfWork,
  findDraftRow,
  insertDraft,
  listDraftRows,
  updateDraft,
} from "../../db/queries/drafts.ts";
import { ApiError } from "../../lib/errors.ts";
import { draftFields, type draftSchema, type DraftField } from "../../../contract/drafts/schemas.ts";
import { draftLimits } from "../../../contract/shared/limits.ts";
import { kinds, type WorkTypeValue } from "../../../contract/shared/kinds.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { DraftSaved, DraftSummary, DraftView, ScheduledWork } from "../../../contract/drafts/views.ts";
import { scheduledOf } from "../../db/queries/schedule.ts";
import type { Deps } from "../deps.ts";
import { editableWork } from "./publish.ts";
import { excerpt } from "./works.ts";
import { transact } from "../transaction.ts";

type DraftInput = z.infer<typeof draftSchema>;

const notFound = () => new ApiError("notFound", "草稿不存在或已删除");

function summaryOf(row: {
  id: number;
  work_id: number;
  type: number;
  label: string;
  updated_at: number;
}): DraftSummary {
  return {
    draftId: row.id,
    workId: row.work_id || null,
    type: row.type as WorkTypeValue,
    label: row.label,
    savedAt: Number(row.updated_at),
  };
}

/**
 * Saves the publish form as typed, for its author alone: the draft named, else the one of the work being edited,
 * else a new one (at most draftLimits.perMember). Nothing is checked but sizes and whose it is: a draft becomes a
 * work only through publishing, where every rule applies.
 */
export async function saveDraft(deps: Deps, user: CurrentUserView, input: DraftInput): Promise<DraftSaved> {
  const type = Number(input.type);
  if (!kinds.some((k) => k.type === type)) throw new ApiError("validation", "作品类型无效");
  // A draft of an edit is of a work this member may edit.
  if (input.workId) await editableWork(deps, user, input.workId);
  const values = Object.fromEntries(draftFields.map((f) => [f, input[f]])) as Record<DraftField, string>;
  const row = {
    type,
    label: input.title || excerpt(input.content, 30) || "无标题草稿",
    body: JSON.stringify(values),
  };
  return transact(deps, async ({ trx, now }) => {
    const at = { ...row, at: now };
    const mine = input.draftId ?? (input.workId ? (await draftOfWork(trx, user.id, input.workId))?.id : undefined);
    if (mine) {
      if (!(await updateDraft(trx, user.id, mine, at))) throw notFound();
      return { draftId: mine, savedAt: now };
    }
    if ((await countDrafts(trx, user.id)) >= draftLimits.perMember)
      throw new ApiError("validation", `草稿最多保存${draftLimits.perMember}份，请先删除不需要的草稿`);
    const draftId = await insertDraft(trx, { ...at, user_id: user.id, work_id: input.workId ?? 0 });
    return { draftId, savedAt: now };
  });
}

export async function listScheduled(deps: Deps, userId: number): Promise<ScheduledWork[]> {
  return (await scheduledOf(deps.db, userId)).map((w) => ({
    artId: w.id,
    label: w.title || excerpt(w.content, 30) || "无标题",
    publishAt: Number(w.publish_at),
  }));
}

export async function listDrafts(deps: Deps, userId: number): Promise<DraftSummary[]> {
  return (await listDraftRows(deps.db, userId)).map(summaryOf);
}

export async function getDraft(deps: Deps, userId: number, id: number): Promise<DraftView> {
  const row = await findDraftRow(deps.db, userId, id);
  if (!row) throw notFound();
  const saved = JSON.parse(row.body) as Partial<Record<DraftField, unknown>>;
  const values = Object.fromEntries(
    draftFields.map((f) => [f, typeof saved[f] === "string" ? saved[f] : ""]),
  ) as Record<DraftField, string>;
  return { ...summaryOf(row), values };
}

export async function removeDraft(deps: Deps, userId: number, id: number) {
  if (!(await deleteDraftRow(deps.db, userId, id))) throw notFound();
  return { removed: true };
}
