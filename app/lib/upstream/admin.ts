import { admin } from "../../../contract/admin/endpoints.ts";
import type { ApiClient, Query } from "../api.server.ts";

/** The admin area's reads (contract/admin/endpoints.ts); its writes go through admin.server.ts adminPost. */
export const getDashboard = (api: ApiClient) => api.call(admin.dashboard);
export const findPeople = (api: ApiClient, query: Query) => api.call(admin.people, { query });
export const getPerson = (api: ApiClient, id: string) => api.call(admin.person, { params: { id } });
export const findWorks = (api: ApiClient, query: Query) => api.call(admin.works, { query });
export const findComments = (api: ApiClient, query: Query) => api.call(admin.comments, { query });
export const getAdminNodes = (api: ApiClient) => api.call(admin.nodes);
export const findTags = (api: ApiClient, query: Query) => api.call(admin.tags, { query });
export const getReports = (api: ApiClient, query: Query) => api.call(admin.reports, { query });
export const getWords = (api: ApiClient) => api.call(admin.words);
export const getAccess = (api: ApiClient) => api.call(admin.access);
export const getInvites = (api: ApiClient) => api.call(admin.invites);
export const getPages = (api: ApiClient) => api.call(admin.pages);
export const getJobs = (api: ApiClient) => api.call(admin.jobs);
export const getAudit = (api: ApiClient, query: Query) => api.call(admin.audit, { query });
