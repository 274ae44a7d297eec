import { get, post } from "../shared/endpoint.ts";
import { id } from "../shared/fields.ts";
import type { Page } from "../shared/page.ts";
import { announceSchema, entrySchema, eventSchema, pickQuery, tagTarget } from "./schemas.ts";
import type { EventSummary, EventView, FollowedTagView, PickView, TagFollowState } from "./views.ts";

const params = { id: id("活动") };

/** 编辑精选 and followed tags (api/routes/curation.ts); the admins pick through admin.recommend. */
export const curation = {
  /** `limit`: the home page's shelf asks for its few. */
  picks: get<Page<PickView>>()("/picks", { summary: "编辑精选", query: pickQuery }),
  followTag: post<TagFollowState>()("/tags/follow", { summary: "关注标签", body: tagTarget }),
  unfollowTag: post<TagFollowState>()("/tags/unfollow", { summary: "取消关注标签", body: tagTarget }),
  tagFollowState: get<TagFollowState>()("/tags/follow-state", { summary: "是否已关注标签", query: tagTarget }),
  followedTags: get<FollowedTagView[]>()("/tags/followed/:userId", {
    summary: "某人关注的标签",
    params: { userId: id("用户") },
  }),
};

/** 活动 (api/routes/events.ts): anyone reads them; members enter and vote; admins make them and name winners. */
export const events = {
  list: get<EventSummary[]>()("/events", { summary: "活动列表" }),
  one: get<EventView>()("/events/:id", { summary: "活动详情", params }),
  enter: post<{ entryCount: number }>()("/events/:id/enter", { summary: "参加活动", params, body: entrySchema }),
  withdraw: post<{ entryCount: number }>()("/events/:id/withdraw", {
    summary: "撤回参赛作品",
    params,
    body: entrySchema,
  }),
  vote: post<{ myVote: number }>()("/events/:id/vote", { summary: "为参赛作品投票", params, body: entrySchema }),
  create: post<{ eventId: number }>()("/admin/events/create", { summary: "新建活动", body: eventSchema }),
  update: post<{ eventId: number }>()("/admin/events/:id/update", { summary: "修改活动", params, body: eventSchema }),
  announce: post<{ winners: number }>()("/admin/events/:id/announce", {
    summary: "公布活动结果",
    params,
    body: announceSchema,
  }),
};
