import { get, post } from "../shared/endpoint.ts";
import { id } from "../shared/fields.ts";
import { draftSchema } from "./schemas.ts";

const params = { id: id("草稿") };
import type { DraftSaved, DraftSummary, DraftView, ScheduledWork } from "./views.ts";

/**
 * A member's drafts of works (api/routes/drafts.ts), seen by nobody else. Saving touches no work list, so it is
 * declared to read: the form saves every few seconds while typing, and the shared lists stay.
 */
export const drafts = {
  list: get<DraftSummary[]>()("/drafts", { summary: "我的草稿" }),
  /** The member's works waiting for their 定时发布 minute, the soonest first. */
  scheduled: get<ScheduledWork[]>()("/drafts/scheduled", { summary: "等待定时发布的作品" }),
  one: get<DraftView>()("/drafts/:id", { summary: "一份草稿", params }),
  save: post<DraftSaved>()("/drafts/save", { summary: "保存草稿", reads: true, body: draftSchema }),
  remove: post<{ removed: boolean }>()("/drafts/:id/delete", { summary: "删除草稿", reads: true, params }),
};
