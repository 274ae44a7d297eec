import type { Context } from "hono";
import { endpoints } from "../lib/endpoint.ts";
import { admin } from "../../contract/endpoints/admin.ts";
import { requireStaff } from "../lib/auth.ts";
import { artIdParam, parse, parseBody, parseQuery } from "../lib/validate.ts";
import { id } from "../../contract/fields.ts";
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
} from "../../contract/schemas/admin.ts";
import { configSchema } from "../../contract/schemas/site.ts";
import { dashboard, siteStats } from "../services/admin.ts";
import { adminPeople, adminPerson } from "../services/admin-people.ts";
import { accessSettings, createInvites, invites, pages, saveAccess, savePages } from "../services/access.ts";
import { auditLog } from "../services/audit.ts";
import { discardJob, jobsOverview, retryJob, runJobNow } from "../services/admin-jobs.ts";
import { jobActionSchema, jobIdSchema } from "../../contract/schemas/jobs.ts";
import { adminComments, moderateComments } from "../services/comment-moderation.ts";
import { updateConfig } from "../services/config.ts";
import { adminWorks, moderateWorks } from "../services/moderation.ts";
import { handleReport, reportQueue } from "../services/reports.ts";
import { lift, restrict, setAdmin } from "../services/restrictions.ts";
import { importStarterWords, saveWordList, wordList } from "../services/sensitive-words.ts";
import {
  adminNodes,
  adminTags,
  createNode,
  editNode,
  mergeTag,
  moveNode,
  renameTag,
  setNodeHidden,
} from "../services/taxonomy.ts";

/** The id in a path, each refused by its own name. */
const ids = { user: id("用户编号"), node: id("节点编号"), tag: id("标签编号"), report: id("举报编号") };
const param = (c: Context, schema: (typeof ids)[keyof typeof ids]) => parse(schema, c.req.param("id"));

/** A failed job named in a form: its kind (the body) and its id (the path). */
const jobTarget = async (c: Context) =>
  [(await parseBody(c, jobActionSchema)).name, parse(jobIdSchema, c.req.param("id"))] as const;

/** requirements §6: the owner and admins only (401 for visitors, 403 for members), every route of the admin area. */
export const adminRoutes = endpoints()
  .use("/admin", async (c, next) => {
    requireStaff(c);
    await next();
  })
  .answer(admin.stats, async (c) => siteStats(c.get("deps")))
  .answer(admin.dashboard, async (c) => dashboard(c.get("deps")))
  .answer(admin.saveConfig, async (c) => updateConfig(c.get("deps"), requireStaff(c), await parseBody(c, configSchema)))
  .answer(admin.access, async (c) => accessSettings(c.get("deps")))
  .answer(admin.saveAccess, async (c) => saveAccess(c.get("deps"), requireStaff(c), await parseBody(c, accessSchema)))
  .answer(admin.pages, async (c) => pages(c.get("deps")))
  .answer(admin.savePages, async (c) => savePages(c.get("deps"), requireStaff(c), await parseBody(c, pagesSchema)))
  .answer(admin.invites, async (c) => invites(c.get("deps")))
  .answer(admin.createInvites, async (c) =>
    createInvites(c.get("deps"), requireStaff(c), (await parseBody(c, invitesSchema)).count),
  )
  .answer(admin.people, async (c) => adminPeople(c.get("deps"), parseQuery(c, adminUsersQuery)))
  .answer(admin.person, async (c) => adminPerson(c.get("deps"), param(c, ids.user)))
  .answer(admin.setRoles, async (c) =>
    setAdmin(c.get("deps"), requireStaff(c), param(c, ids.user), (await parseBody(c, rolesSchema)).admin),
  )
  .answer(admin.restrict, async (c) =>
    restrict(c.get("deps"), requireStaff(c), param(c, ids.user), await parseBody(c, restrictSchema)),
  )
  .answer(admin.lift, async (c) =>
    lift(c.get("deps"), requireStaff(c), param(c, ids.user), (await parseBody(c, liftSchema)).kind),
  )
  .answer(admin.works, async (c) => adminWorks(c.get("deps"), parseQuery(c, adminWorksQuery)))
  .answer(admin.moderateWorks, async (c) =>
    moderateWorks(c.get("deps"), requireStaff(c), await parseBody(c, workBulkSchema)),
  )
  .answer(admin.comments, async (c) => adminComments(c.get("deps"), parseQuery(c, adminCommentsQuery)))
  .answer(admin.moderateComments, async (c) =>
    moderateComments(c.get("deps"), requireStaff(c), await parseBody(c, commentBulkSchema)),
  )
  .answer(admin.nodes, async (c) => adminNodes(c.get("deps")))
  .answer(admin.createNode, async (c) => createNode(c.get("deps"), requireStaff(c), await parseBody(c, nodeSchema)))
  .answer(admin.editNode, async (c) =>
    editNode(c.get("deps"), requireStaff(c), param(c, ids.node), await parseBody(c, nodeSchema)),
  )
  .answer(admin.moveNode, async (c) =>
    moveNode(c.get("deps"), requireStaff(c), param(c, ids.node), (await parseBody(c, nodeMoveSchema)).direction),
  )
  .answer(admin.setNodeHidden, async (c) =>
    setNodeHidden(
      c.get("deps"),
      requireStaff(c),
      param(c, ids.node),
      (await parseBody(c, nodeVisibilitySchema)).hidden,
    ),
  )
  .answer(admin.tags, async (c) => adminTags(c.get("deps"), parseQuery(c, adminTagsQuery)))
  .answer(admin.renameTag, async (c) =>
    renameTag(c.get("deps"), requireStaff(c), param(c, ids.tag), (await parseBody(c, tagRenameSchema)).name),
  )
  .answer(admin.mergeTag, async (c) =>
    mergeTag(c.get("deps"), requireStaff(c), param(c, ids.tag), (await parseBody(c, tagMergeSchema)).into),
  )
  .answer(admin.reports, async (c) => reportQueue(c.get("deps"), parseQuery(c, adminReportsQuery)))
  .answer(admin.handleReport, async (c) =>
    handleReport(c.get("deps"), requireStaff(c), param(c, ids.report), await parseBody(c, reportHandleSchema)),
  )
  .answer(admin.words, async (c) => wordList(c.get("deps")))
  .answer(admin.saveWords, async (c) => saveWordList(c.get("deps"), requireStaff(c), await parseBody(c, wordsSchema)))
  .answer(admin.importStarterWords, async (c) => importStarterWords(c.get("deps"), requireStaff(c)))
  .answer(admin.audit, async (c) => auditLog(c.get("deps"), parseQuery(c, adminAuditQuery)))
  // 编辑推荐 from a work's own page: the same action as the works list's.
  .answer(admin.recommend, async (c) =>
    moderateWorks(c.get("deps"), requireStaff(c), { ids: [artIdParam(c)], action: "recommend", reason: "" }),
  )
  .answer(admin.unrecommend, async (c) =>
    moderateWorks(c.get("deps"), requireStaff(c), { ids: [artIdParam(c)], action: "unrecommend", reason: "" }),
  )
  .answer(admin.jobs, async (c) => jobsOverview(c.get("deps")))
  .answer(admin.retryJob, async (c) => retryJob(c.get("deps"), requireStaff(c), ...(await jobTarget(c))))
  .answer(admin.discardJob, async (c) => discardJob(c.get("deps"), requireStaff(c), ...(await jobTarget(c))))
  .answer(admin.runJob, async (c) =>
    runJobNow(c.get("deps"), requireStaff(c), (await parseBody(c, jobActionSchema)).name),
  ).app;
