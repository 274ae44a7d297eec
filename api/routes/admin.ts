import type { ApiCall } from "../serve/call.ts";
import { endpoints } from "../lib/endpoint.ts";
import { admin } from "../../contract/admin/endpoints.ts";
import { requireStaff } from "../lib/auth.ts";
import { artIdParam, parse, parseBody, parseQuery } from "../lib/validate.ts";
import { id } from "../../contract/shared/fields.ts";
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
} from "../../contract/admin/schemas.ts";
import { configSchema } from "../../contract/site/schemas.ts";
import { dashboard, siteStats } from "../services/admin/admin.ts";
import { adminPeople, adminPerson } from "../services/admin/admin-people.ts";
import { accessSettings, createInvites, invites, pages, saveAccess, savePages } from "../services/signin/access.ts";
import { auditLog } from "../services/admin/audit.ts";
import { discardJob, jobsOverview, retryJob, runJobNow } from "../services/admin/admin-jobs.ts";
import { jobActionSchema, jobIdSchema } from "../../contract/jobs/schemas.ts";
import { adminComments, moderateComments } from "../services/moderation/comment-moderation.ts";
import { updateConfig } from "../services/config.ts";
import { adminWorks, moderateWorks } from "../services/moderation/moderation.ts";
import { handleReport, reportQueue } from "../services/moderation/reports.ts";
import { lift, restrict, setAdmin } from "../services/moderation/restrictions.ts";
import { importStarterWords, saveWordList, wordList } from "../services/moderation/sensitive-words.ts";
import {
  adminNodes,
  adminTags,
  createNode,
  editNode,
  mergeTag,
  moveNode,
  renameTag,
  setNodeHidden,
} from "../services/browse/taxonomy.ts";

/** The id in a path, each refused by its own name. */
const ids = { user: id("用户编号"), node: id("节点编号"), tag: id("标签编号"), report: id("举报编号") };
const param = (c: ApiCall, schema: (typeof ids)[keyof typeof ids]) => parse(schema, c.params.id);

/** A failed job named in a form: its kind (the body) and its id (the path). */
const jobTarget = async (c: ApiCall) =>
  [(await parseBody(c, jobActionSchema)).name, parse(jobIdSchema, c.params.id)] as const;

/** requirements §6: the owner and admins only (401 for visitors, 403 for members), every route of the admin area. */
export const adminRoutes = endpoints()
  .guard("/admin", (c) => void requireStaff(c))
  .answer(admin.stats, async (c) => siteStats(c.deps))
  .answer(admin.dashboard, async (c) => dashboard(c.deps))
  .answer(admin.saveConfig, async (c) => updateConfig(c.deps, requireStaff(c), await parseBody(c, configSchema)))
  .answer(admin.access, async (c) => accessSettings(c.deps))
  .answer(admin.saveAccess, async (c) => saveAccess(c.deps, requireStaff(c), await parseBody(c, accessSchema)))
  .answer(admin.pages, async (c) => pages(c.deps))
  .answer(admin.savePages, async (c) => savePages(c.deps, requireStaff(c), await parseBody(c, pagesSchema)))
  .answer(admin.invites, async (c) => invites(c.deps))
  .answer(admin.createInvites, async (c) =>
    createInvites(c.deps, requireStaff(c), (await parseBody(c, invitesSchema)).count),
  )
  .answer(admin.people, async (c) => adminPeople(c.deps, parseQuery(c, adminUsersQuery)))
  .answer(admin.person, async (c) => adminPerson(c.deps, param(c, ids.user)))
  .answer(admin.setRoles, async (c) =>
    setAdmin(c.deps, requireStaff(c), param(c, ids.user), (await parseBody(c, rolesSchema)).admin),
  )
  .answer(admin.restrict, async (c) =>
    restrict(c.deps, requireStaff(c), param(c, ids.user), await parseBody(c, restrictSchema)),
  )
  .answer(admin.lift, async (c) =>
    lift(c.deps, requireStaff(c), param(c, ids.user), (await parseBody(c, liftSchema)).kind),
  )
  .answer(admin.works, async (c) => adminWorks(c.deps, parseQuery(c, adminWorksQuery)))
  .answer(admin.moderateWorks, async (c) => moderateWorks(c.deps, requireStaff(c), await parseBody(c, workBulkSchema)))
  .answer(admin.comments, async (c) => adminComments(c.deps, parseQuery(c, adminCommentsQuery)))
  .answer(admin.moderateComments, async (c) =>
    moderateComments(c.deps, requireStaff(c), await parseBody(c, commentBulkSchema)),
  )
  .answer(admin.nodes, async (c) => adminNodes(c.deps))
  .answer(admin.createNode, async (c) => createNode(c.deps, requireStaff(c), await parseBody(c, nodeSchema)))
  .answer(admin.editNode, async (c) =>
    editNode(c.deps, requireStaff(c), param(c, ids.node), await parseBody(c, nodeSchema)),
  )
  .answer(admin.moveNode, async (c) =>
    moveNode(c.deps, requireStaff(c), param(c, ids.node), (await parseBody(c, nodeMoveSchema)).direction),
  )
  .answer(admin.setNodeHidden, async (c) =>
    setNodeHidden(c.deps, requireStaff(c), param(c, ids.node), (await parseBody(c, nodeVisibilitySchema)).hidden),
  )
  .answer(admin.tags, async (c) => adminTags(c.deps, parseQuery(c, adminTagsQuery)))
  .answer(admin.renameTag, async (c) =>
    renameTag(c.deps, requireStaff(c), param(c, ids.tag), (await parseBody(c, tagRenameSchema)).name),
  )
  .answer(admin.mergeTag, async (c) =>
    mergeTag(c.deps, requireStaff(c), param(c, ids.tag), (await parseBody(c, tagMergeSchema)).into),
  )
  .answer(admin.reports, async (c) => reportQueue(c.deps, parseQuery(c, adminReportsQuery)))
  .answer(admin.handleReport, async (c) =>
    handleReport(c.deps, requireStaff(c), param(c, ids.report), await parseBody(c, reportHandleSchema)),
  )
  .answer(admin.words, async (c) => wordList(c.deps))
  .answer(admin.saveWords, async (c) => saveWordList(c.deps, requireStaff(c), await parseBody(c, wordsSchema)))
  .answer(admin.importStarterWords, async (c) => importStarterWords(c.deps, requireStaff(c)))
  .answer(admin.audit, async (c) => auditLog(c.deps, parseQuery(c, adminAuditQuery)))
  // 编辑推荐 from a work's own page: the same action as the works list's.
  .answer(admin.recommend, async (c) =>
    moderateWorks(c.deps, requireStaff(c), { ids: [artIdParam(c)], action: "recommend", reason: "" }),
  )
  .answer(admin.unrecommend, async (c) =>
    moderateWorks(c.deps, requireStaff(c), { ids: [artIdParam(c)], action: "unrecommend", reason: "" }),
  )
  .answer(admin.jobs, async (c) => jobsOverview(c.deps))
  .answer(admin.retryJob, async (c) => retryJob(c.deps, requireStaff(c), ...(await jobTarget(c))))
  .answer(admin.discardJob, async (c) => discardJob(c.deps, requireStaff(c), ...(await jobTarget(c))))
  .answer(admin.runJob, async (c) =>
    runJobNow(c.deps, requireStaff(c), (await parseBody(c, jobActionSchema)).name),
  ).all;
