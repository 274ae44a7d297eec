import { endpoints } from "../lib/endpoint.ts";
import type { HandlerCall } from "../serve/call.ts";
import { admin } from "../../contract/admin/endpoints.ts";
import { requireStaff } from "../lib/auth.ts";
import { dashboard, siteStats } from "../services/admin/admin.ts";
import { adminPeople, adminPerson } from "../services/admin/admin-people.ts";
import { accessSettings, createInvites, invites, pages, saveAccess, savePages } from "../services/signin/access.ts";
import { auditLog } from "../services/admin/audit.ts";
import { discardJob, jobsOverview, retryJob, runJobNow } from "../services/admin/admin-jobs.ts";
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

/** A failed job named in a form: its kind (the body) and its id (the path). */
const jobTarget = (c: HandlerCall<typeof admin.retryJob | typeof admin.discardJob>) =>
  [c.input.body.name, c.input.params.id] as const;

/** requirements §6: the owner and admins only (401 for visitors, 403 for members), every route of the admin area. */
export const adminRoutes = endpoints()
  .guard("/admin", (c) => void requireStaff(c))
  .answer(admin.stats, async (c) => siteStats(c.deps))
  .answer(admin.dashboard, async (c) => dashboard(c.deps))
  .answer(admin.saveConfig, async (c) => updateConfig(c.deps, requireStaff(c), c.input.body))
  .answer(admin.access, async (c) => accessSettings(c.deps))
  .answer(admin.saveAccess, async (c) => saveAccess(c.deps, requireStaff(c), c.input.body))
  .answer(admin.pages, async (c) => pages(c.deps))
  .answer(admin.savePages, async (c) => savePages(c.deps, requireStaff(c), c.input.body))
  .answer(admin.invites, async (c) => invites(c.deps))
  .answer(admin.createInvites, async (c) => createInvites(c.deps, requireStaff(c), c.input.body.count))
  .answer(admin.people, async (c) => adminPeople(c.deps, c.input.query))
  .answer(admin.person, async (c) => adminPerson(c.deps, c.input.params.id))
  .answer(admin.setRoles, async (c) => setAdmin(c.deps, requireStaff(c), c.input.params.id, c.input.body.admin))
  .answer(admin.restrict, async (c) => restrict(c.deps, requireStaff(c), c.input.params.id, c.input.body))
  .answer(admin.lift, async (c) => lift(c.deps, requireStaff(c), c.input.params.id, c.input.body.kind))
  .answer(admin.works, async (c) => adminWorks(c.deps, c.input.query))
  .answer(admin.moderateWorks, async (c) => moderateWorks(c.deps, requireStaff(c), c.input.body))
  .answer(admin.comments, async (c) => adminComments(c.deps, c.input.query))
  .answer(admin.moderateComments, async (c) => moderateComments(c.deps, requireStaff(c), c.input.body))
  .answer(admin.nodes, async (c) => adminNodes(c.deps))
  .answer(admin.createNode, async (c) => createNode(c.deps, requireStaff(c), c.input.body))
  .answer(admin.editNode, async (c) => editNode(c.deps, requireStaff(c), c.input.params.id, c.input.body))
  .answer(admin.moveNode, async (c) => moveNode(c.deps, requireStaff(c), c.input.params.id, c.input.body.direction))
  .answer(admin.setNodeHidden, async (c) =>
    setNodeHidden(c.deps, requireStaff(c), c.input.params.id, c.input.body.hidden),
  )
  .answer(admin.tags, async (c) => adminTags(c.deps, c.input.query))
  .answer(admin.renameTag, async (c) => renameTag(c.deps, requireStaff(c), c.input.params.id, c.input.body.name))
  .answer(admin.mergeTag, async (c) => mergeTag(c.deps, requireStaff(c), c.input.params.id, c.input.body.into))
  .answer(admin.reports, async (c) => reportQueue(c.deps, c.input.query))
  .answer(admin.handleReport, async (c) => handleReport(c.deps, requireStaff(c), c.input.params.id, c.input.body))
  .answer(admin.words, async (c) => wordList(c.deps))
  .answer(admin.saveWords, async (c) => saveWordList(c.deps, requireStaff(c), c.input.body))
  .answer(admin.importStarterWords, async (c) => importStarterWords(c.deps, requireStaff(c)))
  .answer(admin.audit, async (c) => auditLog(c.deps, c.input.query))
  // 编辑推荐 from a work's own page: the same action as the works list's.
  .answer(admin.recommend, async (c) =>
    moderateWorks(c.deps, requireStaff(c), {
      ids: [c.input.params.id],
      action: "recommend",
      reason: c.input.body.reason,
    }),
  )
  .answer(admin.unrecommend, async (c) =>
    moderateWorks(c.deps, requireStaff(c), { ids: [c.input.params.id], action: "unrecommend", reason: "" }),
  )
  .answer(admin.jobs, async (c) => jobsOverview(c.deps))
  .answer(admin.retryJob, async (c) => retryJob(c.deps, requireStaff(c), ...jobTarget(c)))
  .answer(admin.discardJob, async (c) => discardJob(c.deps, requireStaff(c), ...jobTarget(c)))
  .answer(admin.runJob, async (c) => runJobNow(c.deps, requireStaff(c), c.input.body.name)).all;
