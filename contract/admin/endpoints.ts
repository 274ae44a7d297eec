import { get, post } from "../shared/endpoint.ts";
import type {
  AccessView,
  AdminCommentRow,
  AdminNodeView,
  AdminUserDetail,
  AdminUserRow,
  AdminWorkRow,
  AuditEntry,
  BulkResult,
  DashboardView,
  InviteView,
  PagesView,
  ReportView,
  WordListView,
} from "./views.ts";
import type { RestrictionKind } from "./moderation.ts";
import type { JobsOverviewView } from "../jobs/jobs.ts";
import type { Numbered } from "../shared/page.ts";
import type { Role } from "../people/views.ts";
import type { SiteConfig, SiteStats, TagView } from "../site/views.ts";

/** The admin area (requirements §6): the owner and admins only, every endpoint (api/routes/admin.ts). */
export const admin = {
  stats: get<SiteStats>()("/admin/stats"),
  dashboard: get<DashboardView>()("/admin/dashboard"),
  saveConfig: post<SiteConfig>()("/admin/config"),
  access: get<AccessView>()("/admin/access"),
  saveAccess: post<AccessView>()("/admin/access"),
  pages: get<PagesView>()("/admin/pages"),
  savePages: post<PagesView>()("/admin/pages"),
  invites: get<InviteView[]>()("/admin/invites"),
  createInvites: post<string[]>()("/admin/invites"),
  people: get<Numbered<AdminUserRow>>()("/admin/users"),
  person: get<AdminUserDetail>()("/admin/users/:id"),
  setRoles: post<{ roles: Role[] }>()("/admin/users/:id/roles"),
  restrict: post<{ until: number }>()("/admin/users/:id/restrict"),
  lift: post<{ lifted: RestrictionKind }>()("/admin/users/:id/lift"),
  works: get<Numbered<AdminWorkRow>>()("/admin/works"),
  moderateWorks: post<BulkResult>()("/admin/works"),
  comments: get<Numbered<AdminCommentRow>>()("/admin/comments"),
  moderateComments: post<BulkResult>()("/admin/comments"),
  nodes: get<AdminNodeView[]>()("/admin/nodes"),
  createNode: post<{ nodeId: number }>()("/admin/nodes"),
  editNode: post<{ nodeId: number }>()("/admin/nodes/:id"),
  moveNode: post<{ nodeId: number }>()("/admin/nodes/:id/move"),
  setNodeHidden: post<{ hidden: boolean }>()("/admin/nodes/:id/visibility"),
  tags: get<Numbered<TagView>>()("/admin/tags"),
  renameTag: post<{ tagId: number; name: string }>()("/admin/tags/:id/rename"),
  mergeTag: post<{ tagId: number }>()("/admin/tags/:id/merge"),
  reports: get<Numbered<ReportView>>()("/admin/reports"),
  handleReport: post<{ outcome: string }>()("/admin/reports/:id"),
  words: get<WordListView>()("/admin/words"),
  saveWords: post<WordListView>()("/admin/words"),
  /** Merges the site's starter list into the lists as they stand (a word already listed stays where it is). */
  importStarterWords: post<WordListView>()("/admin/words/starter"),
  audit: get<Numbered<AuditEntry>>()("/admin/audit"),
  /** 编辑推荐 from a work's own page: the same action as the works list's. */
  recommend: post<BulkResult>()("/admin/art/recommend/:id"),
  unrecommend: post<BulkResult>()("/admin/art/unrecommend/:id"),
  /** 任务: the queues, the failed jobs and the mail log (issue 55). */
  jobs: get<JobsOverviewView>()("/admin/jobs"),
  retryJob: post<{ done: boolean }>()("/admin/jobs/:id/retry"),
  discardJob: post<{ done: boolean }>()("/admin/jobs/:id/discard"),
  runJob: post<{ queued: boolean }>()("/admin/jobs/run"),
};
