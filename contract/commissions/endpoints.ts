import { get, post, raw } from "../shared/endpoint.ts";
import { id } from "../shared/fields.ts";
import type { Page } from "../shared/page.ts";
import {
  commissionFileParams,
  commissionFileQuery,
  commissionListQuery,
  commissionMessageSchema,
  commissionSchema,
  commissionStepSchema,
  tipSchema,
} from "./schemas.ts";
import type { CommissionMessageView, CommissionSummary, CommissionView, TipsView } from "./views.ts";

const params = { id: id("约稿") };

/** 约稿 (api/routes/commissions.ts): only its two parties ever read or change a commission. */
export const commissions = {
  create: post<{ commissionId: number }>()("/commissions/create", { summary: "向创作者约稿", body: commissionSchema }),
  list: get<Page<CommissionSummary>>()("/commissions", { summary: "我收到或发出的约稿", query: commissionListQuery }),
  one: get<CommissionView>()("/commissions/:id", { summary: "约稿详情", params }),
  step: post<{ state: string }>()("/commissions/:id/step", {
    summary: "推进约稿（接受、交付、确认完成等）",
    params,
    body: commissionStepSchema,
  }),
  say: post<CommissionMessageView>()("/commissions/:id/message", {
    summary: "在约稿中留言",
    params,
    body: commissionMessageSchema,
  }),
  /** A delivered picture, to the two parties only (`?size=640|full`). */
  file: raw("/commissions/:id/files/:n", {
    summary: "约稿交付的图片",
    params: commissionFileParams,
    query: commissionFileQuery,
  }),
};

/** 打赏: points from a member to a work's author. */
export const tips = {
  give: post<TipsView & { balance: number }>()("/art/:id/tip", {
    summary: "打赏作品的作者",
    params: { id: id("作品") },
    body: tipSchema,
  }),
};
