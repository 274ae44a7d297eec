import { Hono, type Context } from "hono";
import type { ApiEnv } from "../context.ts";
import { requireStaff } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
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
} from "../../contract/admin.ts";
import { configSchema } from "../../contract/schemas.ts";
import { dashboard, siteStats } from "../services/admin.ts";
import { adminPeople, adminPerson } from "../services/admin-people.ts";
import { accessSettings, createInvites, invites, pages, saveAccess, savePages } from "../services/access.ts";
import { auditLog } from "../services/audit.ts";
import { adminComments, moderateComments } from "../services/comment-moderation.ts";
import { updateConfig } from "../services/config.ts";
import { adminWorks, moderateWorks } from "../services/moderation.ts";
import { handleReport, reportQueue } from "../services/reports.ts";
import { lift, restrict, setAdmin } from "../services/restrictions.ts";
import { saveWordList, wordList } from "../services/sensitive-words.ts";
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

/** spec §6: the owner and admins only (401 for visitors, 403 for members), every route of the admin area. */
export const adminRoutes = new Hono<ApiEnv>()
  .use(async (c, next) => {
    requireStaff(c);
    await next();
  })
  .get("/stats", async (c) => ok(c, await siteStats(c.get("deps"))))
  .get("/dashboard", async (c) => ok(c, await dashboard(c.get("deps"))))
  .post("/config", async (c) =>
    ok(c, await updateConfig(c.get("deps"), requireStaff(c), await parseBody(c, configSchema))),
  )
  .get("/access", async (c) => ok(c, await accessSettings(c.get("deps"))))
  .post("/access", async (c) =>
    ok(c, await saveAccess(c.get("deps"), requireStaff(c), await parseBody(c, accessSchema))),
  )
  .get("/pages", async (c) => ok(c, await pages(c.get("deps"))))
  .post("/pages", async (c) => ok(c, await savePages(c.get("deps"), requireStaff(c), await parseBody(c, pagesSchema))))
  .get("/invites", async (c) => ok(c, await invites(c.get("deps"))))
  .post("/invites", async (c) =>
    ok(c, await createInvites(c.get("deps"), requireStaff(c), (await parseBody(c, invitesSchema)).count)),
  )
  .get("/users", async (c) => ok(c, await adminPeople(c.get("deps"), parseQuery(c, adminUsersQuery))))
  .get("/users/:id", async (c) => ok(c, await adminPerson(c.get("deps"), param(c, ids.user))))
  .post("/users/:id/roles", async (c) =>
    ok(c, await setAdmin(c.get("deps"), requireStaff(c), param(c, ids.user), (await parseBody(c, rolesSchema)).admin)),
  )
  .post("/users/:id/restrict", async (c) =>
    ok(c, await restrict(c.get("deps"), requireStaff(c), param(c, ids.user), await parseBody(c, restrictSchema))),
  )
  .post("/users/:id/lift", async (c) =>
    ok(c, await lift(c.get("deps"), requireStaff(c), param(c, ids.user), (await parseBody(c, liftSchema)).kind)),
  )
  .get("/works", async (c) => ok(c, await adminWorks(c.get("deps"), parseQuery(c, adminWorksQuery))))
  .post("/works", async (c) =>
    ok(c, await moderateWorks(c.get("deps"), requireStaff(c), await parseBody(c, workBulkSchema))),
  )
  .get("/comments", async (c) => ok(c, await adminComments(c.get("deps"), parseQuery(c, adminCommentsQuery))))
  .post("/comments", async (c) =>
    ok(c, await moderateComments(c.get("deps"), requireStaff(c), await parseBody(c, commentBulkSchema))),
  )
  .get("/nodes", async (c) => ok(c, await adminNodes(c.get("deps"))))
  .post("/nodes", async (c) => ok(c, await createNode(c.get("deps"), requireStaff(c), await parseBody(c, nodeSchema))))
  .post("/nodes/:id", async (c) =>
    ok(c, await editNode(c.get("deps"), requireStaff(c), param(c, ids.node), await parseBody(c, nodeSchema))),
  )
  .post("/nodes/:id/move", async (c) =>
    ok(
      c,
      await moveNode(
        c.get("deps"),
        requireStaff(c),
        param(c, ids.node),
        (await parseBody(c, nodeMoveSchema)).direction,
      ),
    ),
  )
  .post("/nodes/:id/visibility", async (c) =>
    ok(
      c,
      await setNodeHidden(
        c.get("deps"),
        requireStaff(c),
        param(c, ids.node),
        (await parseBody(c, nodeVisibilitySchema)).hidden,
      ),
    ),
  )
  .get("/tags", async (c) => ok(c, await adminTags(c.get("deps"), parseQuery(c, adminTagsQuery))))
  .post("/tags/:id/rename", async (c) =>
    ok(
      c,
      await renameTag(c.get("deps"), requireStaff(c), param(c, ids.tag), (await parseBody(c, tagRenameSchema)).name),
    ),
  )
  .post("/tags/:id/merge", async (c) =>
    ok(c, await mergeTag(c.get("deps"), requireStaff(c), param(c, ids.tag), (await parseBody(c, tagMergeSchema)).into)),
  )
  .get("/reports", async (c) => ok(c, await reportQueue(c.get("deps"), parseQuery(c, adminReportsQuery))))
  .post("/reports/:id", async (c) =>
    ok(
      c,
      await handleReport(c.get("deps"), requireStaff(c), param(c, ids.report), await parseBody(c, reportHandleSchema)),
    ),
  )
  .get("/words", async (c) => ok(c, await wordList(c.get("deps"))))
  .post("/words", async (c) =>
    ok(c, await saveWordList(c.get("deps"), requireStaff(c), await parseBody(c, wordsSchema))),
  )
  .get("/audit", async (c) => ok(c, await auditLog(c.get("deps"), parseQuery(c, adminAuditQuery))))
  // 编辑推荐 from a work's own page: the same action as the works list's.
  .post("/art/recommend/:id", async (c) =>
    ok(
      c,
      await moderateWorks(c.get("deps"), requireStaff(c), { ids: [artIdParam(c)], action: "recommend", reason: "" }),
    ),
  )
  .post("/art/unrecommend/:id", async (c) =>
    ok(
      c,
      await moderateWorks(c.get("deps"), requireStaff(c), { ids: [artIdParam(c)], action: "unrecommend", reason: "" }),
    ),
  );
