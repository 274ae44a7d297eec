import type { Numbered, Page, WorkCardView, WorkDetailView } from "../../../contract/types.ts";
import type { ApiClient, Body, Query } from "../api.server.ts";
import { shownPage } from "../work.ts";

/** The works API, as the web calls it (api/routes/art.ts, api/routes/works.ts). */
export const listWorks = async (api: ApiClient, query: Query) =>
  shownPage(await api.get<Page<WorkCardView>>("/art/list", query));
export const pageWorks = async (api: ApiClient, query: Query) =>
  shownPage(await api.get<Numbered<WorkCardView>>("/art/pages", query));
export const getWork = (api: ApiClient, id: number) => api.get<WorkDetailView>(`/art/${id}`);
/** Opening a work's page: counts one view and answers the work. */
export const viewWork = (api: ApiClient, id: number) => api.post<WorkDetailView>(`/art/view/${id}`);
/** The work for its edit form (author or staff only). */
export const getEditableWork = (api: ApiClient, id: number | string) => api.get<WorkDetailView>(`/art/edit/${id}`);
export const createWork = (api: ApiClient, body: Body) => api.post<{ artId: number }>("/art/create", body);
export const updateWork = (api: ApiClient, id: number, body: Body) =>
  api.post<{ artId: number }>(`/art/update/${id}`, body);
export const deleteWork = (api: ApiClient, id: number) => api.post(`/art/delete/${id}`);
export const recommendWork = (api: ApiClient, id: number, on: boolean) =>
  api.post<{ recommended: boolean }>(`/admin/art/${on ? "recommend" : "unrecommend"}/${id}`);

export type Toggle = "like" | "unlike" | "favorite" | "unfavorite";
/** Like, unlike, favorite or unfavorite a work. */
export const toggleWork = (api: ApiClient, toggle: Toggle, id: number) => api.post(`/art/${toggle}/${id}`);
