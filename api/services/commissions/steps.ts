import type { z } from "zod";
import {
  commissionFiles,
  insertCommissionMessage,
  moveCommission,
  ownImageUploads,
  setCommissionFiles,
} from "../../db/queries/commissions.ts";
import { ApiError, fieldError } from "../../lib/errors.ts";
import { keyOfPath } from "../../lib/storage.ts";
import type { commissionStepSchema } from "../../../contract/commissions/schemas.ts";
import { commissionSteps, stepsFor, type CommissionState } from "../../../contract/commissions/states.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { screen } from "../moderation/sensitive-words.ts";
import { transact } from "../transaction.ts";
import { asParty, tell } from "./commissions.ts";

/**
 * A step of a commission (contract/commissions/states.ts): only its party, only from its states, once (the row moves
 * from the state it was read in, or the step is refused). 交付 names the creator's own uploaded pictures, which from
 * then on are served only to the two (uploads.private). The step, with its note, goes into the thread.
 */
export async function takeStep(
  deps: Deps,
  user: CurrentUserView,
  id: number,
  input: z.infer<typeof commissionStepSchema>,
) {
  const { row, party } = await asParty(deps, user, id);
  const state = row.state as CommissionState;
  const step = commissionSteps[input.step];
  if (!stepsFor(party, state).includes(input.step))
    throw new ApiError("validation", `约稿${stateWord(state)}，不能${step.label}`);
  const note = input.note ? (await screen(deps, { note: input.note })).fields.note : "";
  let uploads: number[] = [];
  if (input.step === "deliver") {
    if (!input.files.length) throw fieldError("validation", "files", "请上传要交付的图片");
    const own = await ownImageUploads(deps.db, row.creator_id, input.files);
    const byUrl = new Map(own.map((u) => [u.url, u.id]));
    if (input.files.some((f) => !byUrl.has(f))) throw fieldError("validation", "files", "只能交付你自己上传的图片");
    uploads = [...new Set(input.files.map((f) => byUrl.get(f)!))];
  }
  return transact(deps, async (tx) => {
    if (!(await moveCommission(tx.trx, id, state, step.to, tx.now)))
      throw new ApiError("validation", "约稿刚被对方更新，请刷新后再试");
    if (input.step === "deliver") await setCommissionFiles(tx.trx, id, uploads, tx.now);
    const said = await insertCommissionMessage(tx.trx, {
      commission_id: id,
      user_id: 0,
      content: `${party === "client" ? "约稿方" : "创作者"}${step.label}${note ? `：${note}` : ""}`,
      created_at: tx.now,
    });
    const other = party === "client" ? row.creator_id : row.client_id;
    await tell(tx, { id, title: row.title }, other, user.id, input.step, said);
    return { state: step.to };
  });
}

const stateWords: Record<CommissionState, string> = {
  pending: "还在等待回复",
  accepted: "已被接受",
  declined: "已被婉拒",
  in_progress: "正在进行",
  delivered: "已交付",
  completed: "已完成",
  cancelled: "已取消",
};
const stateWord = (s: CommissionState) => stateWords[s];

/**
 * A delivered picture's bytes, to the two parties only: its display copy (640) or the picture itself. Private, so
 * never kept by a shared cache.
 */
export async function deliveredFile(deps: Deps, user: CurrentUserView, id: number, n: number, size: "640" | "full") {
  await asParty(deps, user, id);
  const file = (await commissionFiles(deps.db, id)).find((f) => f.position === n);
  if (!file) throw new ApiError("notFound", "图片不存在");
  const variants = JSON.parse(file.variants || "{}") as Record<string, string>;
  const url = size === "full" ? file.url : (variants["640"] ?? file.url);
  const key = keyOfPath(url);
  const bytes = key ? await deps.storage.read(key) : null;
  if (!bytes || !key) throw new ApiError("notFound", "图片不存在");
  return { key, bytes };
}
