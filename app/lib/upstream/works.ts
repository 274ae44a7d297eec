import { admin, works } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf, Query } from "../api.server.ts";
import { packedCards } from "../work.ts";

/** The works API, as the web calls it (contract/works/endpoints.ts). */
export const listWorks = async (api: ApiClient, query: Query) => packedCards(await api.call(works.list, { query }));
export const pageWorks = async (api: ApiClient, query: Query) => packedCards(await api.call(works.pages, { query }));
export const getWork = (api: ApiClient, id: number) => api.call(works.detail, { params: { id } });
/** 喜欢的人: who liked a work, latest first. */
export const listLikers = (api: ApiClient, id: number, cursor?: string) =>
  api.call(works.likers, { params: { id }, query: { cursor } });
/** Opening a work's page: counts one view and answers the work. */
export const viewWork = (api: ApiClient, id: number) => api.call(works.view, { params: { id } });
/** The work for its edit form (author or staff only). */
export const getEditableWork = (api: ApiClient, id: number | string) => api.call(works.editable, { params: { id } });
export const createWork = (api: ApiClient, body: BodyOf<typeof works.create>) => api.call(works.create, { body });
export const updateWork = (api: ApiClient, id: number, body: BodyOf<typeof works.update>) =>
  api.call(works.update, { params: { id }, body });
export const deleteWork = (api: ApiClient, id: number) => api.call(works.delete, { params: { id } });
export const recommendWork = (api: ApiClient, id: number, on: boolean, reason = "") =>
  on
    ? api.call(admin.recommend, { params: { id }, body: { reason } })
    : api.call(admin.unrecommend, { params: { id } });

export type Toggle = "like" | "unlike" | "favorite" | "unfavorite";
/** Like, unlike, favorite or unfavorite a work. */
export const toggleWork = (api: ApiClient, toggle: Toggle, id: number) => api.call(works[toggle], { params: { id } });
