import { admin, search, site, works } from "../../../contract/endpoints.ts";
import type { PagesView } from "../../../contract/admin/views.ts";
import type { ApiClient, BodyOf } from "../api.server.ts";

/** Site settings, nodes, tags, search and the admin figures (contract/site/endpoints.ts, works.ts, admin.ts). */
export const getConfig = (api: ApiClient) => api.call(site.config);
export const getInfoPage = (api: ApiClient, name: keyof PagesView) => api.call(site.infoPage, { params: { name } });
export const getNodes = (api: ApiClient) => api.call(works.nodes);
export const getTag = (api: ApiClient, tagId: string) => api.call(site.tag, { params: { id: tagId } });
export const pageTags = (api: ApiClient, page: string | number) => api.call(site.tags, { query: { page } });
export const searchWorks = (api: ApiClient, body: BodyOf<typeof search.works>) => api.call(search.works, { body });
export const searchPeople = (api: ApiClient, body: BodyOf<typeof search.people>) => api.call(search.people, { body });
export const searchSuggestions = (api: ApiClient, q: string) => api.call(search.suggest, { query: { q } });
export const getStats = (api: ApiClient) => api.call(admin.stats);
export const saveConfig = (api: ApiClient, body: BodyOf<typeof admin.saveConfig>) =>
  api.call(admin.saveConfig, { body });
export const unsubscribeFromDigest = (api: ApiClient, query: { u: string; k: string }) =>
  api.call(site.unsubscribe, { query });
export const fileReport = (api: ApiClient, body: BodyOf<typeof site.report>) => api.call(site.report, { body });
