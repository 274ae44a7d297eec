import type {
  Numbered,
  NodeView,
  PeopleSearchResult,
  SearchResult,
  SearchSuggestions,
  SiteConfig,
  SiteStats,
  TagView,
} from "../../../contract/types.ts";
import type { InfoPageView, PagesView } from "../../../contract/admin-views.ts";
import type { ApiClient, Body } from "../api.server.ts";

/** Site settings, nodes, tags, search and the admin figures (api/routes/config.ts, art.ts, tag.ts, search.ts, admin.ts). */
export const getConfig = (api: ApiClient) => api.get<SiteConfig>("/config/configs");
export const getInfoPage = (api: ApiClient, name: keyof PagesView) => api.get<InfoPageView>(`/config/page/${name}`);
export const getNodes = (api: ApiClient) => api.get<NodeView[]>("/art/nodes");
export const getTag = (api: ApiClient, tagId: string) => api.get<TagView>(`/tag/${tagId}`);
export const pageTags = (api: ApiClient, page: string | number) => api.get<Numbered<TagView>>("/tag/list", { page });
export const searchWorks = (api: ApiClient, body: Body) => api.post<SearchResult>("/search/art", body);
export const searchPeople = (api: ApiClient, body: Body) => api.post<PeopleSearchResult>("/search/user", body);
export const searchSuggestions = (api: ApiClient, q: string) => api.get<SearchSuggestions>("/search/suggest", { q });
export const getStats = (api: ApiClient) => api.get<SiteStats>("/admin/stats");
export const saveConfig = (api: ApiClient, body: Body) => api.post<SiteConfig>("/admin/config", body);
export const fileReport = (api: ApiClient, body: Body) => api.post<{ reported: boolean }>("/report", body);
