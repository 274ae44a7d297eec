import type {
  AccessView,
  AdminCommentRow,
  AdminNodeView,
  AdminUserDetail,
  AdminUserRow,
  AdminWorkRow,
  AuditEntry,
  DashboardView,
  InviteView,
  PagesView,
  ReportView,
  WordListView,
} from "../../../contract/admin-views.ts";
import type { Numbered, TagView } from "../../../contract/types.ts";
import type { ApiClient, Query } from "../api.server.ts";

/** The admin area's reads (api/routes/admin.ts); its writes go through admin.server.ts adminPost. */
export const getDashboard = (api: ApiClient) => api.get<DashboardView>("/admin/dashboard");
export const findPeople = (api: ApiClient, q: Query) => api.get<Numbered<AdminUserRow>>("/admin/users", q);
export const getPerson = (api: ApiClient, id: string) => api.get<AdminUserDetail>(`/admin/users/${id}`);
export const findWorks = (api: ApiClient, q: Query) => api.get<Numbered<AdminWorkRow>>("/admin/works", q);
export const findComments = (api: ApiClient, q: Query) => api.get<Numbered<AdminCommentRow>>("/admin/comments", q);
export const getAdminNodes = (api: ApiClient) => api.get<AdminNodeView[]>("/admin/nodes");
export const findTags = (api: ApiClient, q: Query) => api.get<Numbered<TagView>>("/admin/tags", q);
export const getReports = (api: ApiClient, q: Query) => api.get<Numbered<ReportView>>("/admin/reports", q);
export const getWords = (api: ApiClient) => api.get<WordListView>("/admin/words");
export const getAccess = (api: ApiClient) => api.get<AccessView>("/admin/access");
export const getInvites = (api: ApiClient) => api.get<InviteView[]>("/admin/invites");
export const getPages = (api: ApiClient) => api.get<PagesView>("/admin/pages");
export const getAudit = (api: ApiClient, q: Query) => api.get<Numbered<AuditEntry>>("/admin/audit", q);
