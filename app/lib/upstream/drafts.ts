import { drafts } from "../../../contract/endpoints.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** A member's drafts of works (contract/drafts/endpoints.ts). */
export const listDrafts = (api: ApiClient) => api.call(drafts.list);
export const getDraft = (api: ApiClient, id: number) => api.call(drafts.one, { params: { id } });
export const saveDraft = (api: ApiClient, body: BodyOf<typeof drafts.save>) => api.call(drafts.save, { body });
export const removeDraft = (api: ApiClient, id: number) => api.call(drafts.remove, { params: { id } });
export const listScheduled = (api: ApiClient) => api.call(drafts.scheduled);
