import { get, post } from "../shared/endpoint.ts";
import { id } from "../shared/fields.ts";
import { configSchema } from "../site/schemas.ts";
import { jobActionSchema, jobIdSchema } from "../jobs/schemas.ts";
import { workParams } from "../works/schemas.ts";
import { pickSchema } from "../curation/schemas.ts";
import {
  accessSchema,
  adminAuditQuery,
  adminCommentsQuery,
  adminReportsQuery,
  adminTagsQuery,
  adminUsersQuery,
  adminWorksQuery,
  commentBulkSchema,
  invitesSchema,
  liftSchema,
  nodeMoveSchema,
  nodeSchema,
  nodeVisibilitySchema,
  pagesSchema,
  reportHandleSchema,
  restrictSchema,
  rolesSchema,
  tagMergeSchema,
  tagRenameSchema,
  wordsSchema,
  workBulkSchema,
} from "./schemas.ts";

/** The id in a path, each refused by its own name. */
const user = { id: id("用户编号") };
const node = { id: id("节点编号") };
const tag = { id: id("标签编号") };
const report = { id: id("举报编号") };
const job = { id: jobIdSchema };
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
  stats: get<SiteStats>()("/admin/stats", { summary: "站点统计" }),
  dashboard: get<DashboardView>()("/admin/dashboard", { summary: "管理首页" }),
  saveConfig: post<SiteConfig>()("/admin/config", { summary: "保存站点设置", body: configSchema }),
  access: get<AccessView>()("/admin/access", { summary: "注册与访问设置" }),
  saveAccess: post<AccessView>()("/admin/access", { summary: "保存注册与访问设置", body: accessSchema }),
  pages: get<PagesView>()("/admin/pages", { summary: "关于与协议页" }),
  savePages: post<PagesView>()("/admin/pages", { summary: "保存关于与协议页", body: pagesSchema }),
  invites: get<InviteView[]>()("/admin/invites", { summary: "邀请码" }),
  createInvites: post<string[]>()("/admin/invites", { summary: "生成邀请码", body: invitesSchema }),
  people: get<Numbered<AdminUserRow>>()("/admin/users", { summary: "用户管理列表", query: adminUsersQuery }),
  person: get<AdminUserDetail>()("/admin/users/:id", { summary: "用户详情（管理）", params: user }),
  setRoles: post<{ roles: Role[] }>()("/admin/users/:id/roles", {
    summary: "设置管理员",
    params: user,
    body: rolesSchema,
  }),
  restrict: post<{ until: number }>()("/admin/users/:id/restrict", {
    summary: "禁言或封禁",
    params: user,
    body: restrictSchema,
  }),
  lift: post<{ lifted: RestrictionKind }>()("/admin/users/:id/lift", {
    summary: "解除禁言或封禁",
    params: user,
    body: liftSchema,
  }),
  works: get<Numbered<AdminWorkRow>>()("/admin/works", { summary: "作品管理列表", query: adminWorksQuery }),
  moderateWorks: post<BulkResult>()("/admin/works", { summary: "批量处理作品", body: workBulkSchema }),
  comments: get<Numbered<AdminCommentRow>>()("/admin/comments", { summary: "评论管理列表", query: adminCommentsQuery }),
  moderateComments: post<BulkResult>()("/admin/comments", { summary: "批量处理评论", body: commentBulkSchema }),
  nodes: get<AdminNodeView[]>()("/admin/nodes", { summary: "节点管理" }),
  createNode: post<{ nodeId: number }>()("/admin/nodes", { summary: "新建节点", body: nodeSchema }),
  editNode: post<{ nodeId: number }>()("/admin/nodes/:id", { summary: "修改节点", params: node, body: nodeSchema }),
  moveNode: post<{ nodeId: number }>()("/admin/nodes/:id/move", {
    summary: "调整节点顺序",
    params: node,
    body: nodeMoveSchema,
  }),
  setNodeHidden: post<{ hidden: boolean }>()("/admin/nodes/:id/visibility", {
    summary: "隐藏或显示节点",
    params: node,
    body: nodeVisibilitySchema,
  }),
  tags: get<Numbered<TagView>>()("/admin/tags", { summary: "标签管理列表", query: adminTagsQuery }),
  renameTag: post<{ tagId: number; name: string }>()("/admin/tags/:id/rename", {
    summary: "重命名标签",
    params: tag,
    body: tagRenameSchema,
  }),
  mergeTag: post<{ tagId: number }>()("/admin/tags/:id/merge", {
    summary: "合并标签",
    params: tag,
    body: tagMergeSchema,
  }),
  reports: get<Numbered<ReportView>>()("/admin/reports", { summary: "举报列表", query: adminReportsQuery }),
  handleReport: post<{ outcome: string }>()("/admin/reports/:id", {
    summary: "处理举报",
    params: report,
    body: reportHandleSchema,
  }),
  words: get<WordListView>()("/admin/words", { summary: "敏感词" }),
  saveWords: post<WordListView>()("/admin/words", { summary: "保存敏感词", body: wordsSchema }),
  /** Merges the site's starter list into the lists as they stand (a word already listed stays where it is). */
  importStarterWords: post<WordListView>()("/admin/words/starter", { summary: "导入内置敏感词" }),
  audit: get<Numbered<AuditEntry>>()("/admin/audit", { summary: "操作日志", query: adminAuditQuery }),
  /** 编辑精选 from a work's own page, with its reason: the same action as the works list's. */
  recommend: post<BulkResult>()("/admin/art/recommend/:id", {
    summary: "选入编辑精选",
    params: workParams,
    body: pickSchema,
  }),
  unrecommend: post<BulkResult>()("/admin/art/unrecommend/:id", { summary: "移出编辑精选", params: workParams }),
  /** 任务: the queues, the failed jobs and the mail log (issue 55). */
  jobs: get<JobsOverviewView>()("/admin/jobs", { summary: "任务队列与邮件记录" }),
  retryJob: post<{ done: boolean }>()("/admin/jobs/:id/retry", {
    summary: "重试失败的任务",
    params: job,
    body: jobActionSchema,
  }),
  discardJob: post<{ done: boolean }>()("/admin/jobs/:id/discard", {
    summary: "丢弃失败的任务",
    params: job,
    body: jobActionSchema,
  }),
  runJob: post<{ queued: boolean }>()("/admin/jobs/run", { summary: "立即运行一项定时任务", body: jobActionSchema }),
};
