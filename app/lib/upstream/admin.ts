import type {
  AdminUserDetail,
  AdminUserRow,
  AdminWorkRow,
  DashboardView,
  ReportView,
  WordListView,
} from "../../../contract/admin-views.ts";
import type { Numbered } from "../../../contract/types.ts";
import type { ApiClient, Query } from "../api.server.ts";

/** The admin area's reads (api/routes/admin.ts); its writes go through admin.server.ts adminPost. */
export const getDashboard = (api: ApiClient) => api.get<DashboardView>("/admin/dashboard");
export const findPeople = (api: ApiClient, q: Query) => api.get<Numbered<AdminUserRow>>("/admin/users", q);
export const getPerson = (api: ApiClient, id: string) => api.get<AdminUserDetail>(`/admin/users/${id}`);
export const findWorks = (api: ApiClient, q: Query) => api.get<Numbered<AdminWorkRow>>("/admin/works", q);
export const getReports = (api: ApiClient, q: Query) => api.get<Numbered<ReportView>>("/admin/reports", q);
export const getWords = (api: ApiClient) => api.get<WordListView>("/admin/words");
