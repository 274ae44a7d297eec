import { curation, events } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";
import { pack } from "../../speed/packed.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { PickView } from "../../../contract/curation/views.ts";

/** 编辑精选, followed tags and 活动, as the web calls them (contract/curation/endpoints.ts). */
export const listPicks = async (api: ApiClient, query: { cursor?: string; limit?: number } = {}) =>
  packedPicks(await api.call(curation.picks, { query }));
/** Packed as a page of cards is (app/speed/packed.ts): a listing of them is mostly cards. */
const packedPicks = (page: Page<PickView>) => ({ ...page, results: pack(page.results) });
export type PickPage = ReturnType<typeof packedPicks>;

export const setTagFollow = (api: ApiClient, tagId: number, on: boolean) =>
  api.call(on ? curation.followTag : curation.unfollowTag, { body: { tagId } });
export const getTagFollowState = (api: ApiClient, tagId: number) =>
  api.call(curation.tagFollowState, { query: { tagId } });
export const listFollowedTags = (api: ApiClient, userId: number) =>
  api.call(curation.followedTags, { params: { userId } });

export const listEvents = (api: ApiClient) => api.call(events.list);
export const getEvent = (api: ApiClient, id: number) => api.call(events.one, { params: { id } });
export const enterEvent = (api: ApiClient, id: number, workId: number) =>
  api.call(events.enter, { params: { id }, body: { workId } });
export const withdrawEntry = (api: ApiClient, id: number, workId: number) =>
  api.call(events.withdraw, { params: { id }, body: { workId } });
export const voteInEvent = (api: ApiClient, id: number, workId: number) =>
  api.call(events.vote, { params: { id }, body: { workId } });
export const createEvent = (api: ApiClient, body: BodyOf<typeof events.create>) => api.call(events.create, { body });
export const updateEvent = (api: ApiClient, id: number, body: BodyOf<typeof events.update>) =>
  api.call(events.update, { params: { id }, body });
export const announceEvent = (api: ApiClient, id: number, body: BodyOf<typeof events.announce>) =>
  api.call(events.announce, { params: { id }, body });
