import { nameAndAvatar } from "../people/users.ts";
import { findPerson, listSignins, searchPeople, type PersonRow } from "../../db/queries/admin.ts";
import { pageAdminComments, pageAdminWorks } from "../../db/queries/moderation.ts";
import { listEntries } from "../../db/queries/scores.ts";
import { ApiError } from "../../lib/errors.ts";
import type { AdminUserDetail, AdminUserRow } from "../../../contract/admin/views.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import { parseRoles } from "../../../contract/shared/roles.ts";
import type { Numbered } from "../../../contract/shared/page.ts";
import { ADMIN_PAGE, numbered } from "./admin-paging.ts";
import { adminCommentRow } from "../moderation/comment-moderation.ts";
import type { Deps } from "../deps.ts";
import { adminWorkRow } from "../moderation/moderation.ts";

export function adminUserRow(r: PersonRow, now: number): AdminUserRow {
  return {
    ...nameAndAvatar(r.id, r),
    email: r.email,
    phone: r.phone,
    roles: parseRoles(r.roles),
    muted: r.muted_until > now ? { until: r.muted_until, reason: r.mute_reason } : null,
    banned:
      r.status !== UserStatus.active && (r.banned_until === 0 || r.banned_until > now)
        ? { until: r.banned_until, reason: r.ban_reason }
        : null,
    workCount: r.work_count,
    score: r.score,
    createdAt: r.created_at,
  };
}

/** People by nickname, username, e-mail or phone (any part of them), newest first. */
export async function adminPeople(deps: Deps, q: { q: string; page: number }): Promise<Numbered<AdminUserRow>> {
  const { rows, total } = await searchPeople(deps.db, q.q, (q.page - 1) * ADMIN_PAGE, ADMIN_PAGE);
  const now = deps.now();
  return numbered(
    rows.map((r) => adminUserRow(r, now)),
    total,
    q.page,
  );
}

/** One person as an admin sees them: their newest works and comments in any state, sign-ins and score ledger. */
export async function adminPerson(deps: Deps, id: number): Promise<AdminUserDetail> {
  const row = await findPerson(deps.db, id);
  if (!row) throw new ApiError("notFound", "用户不存在");
  const [works, comments, signins, ledger] = await Promise.all([
    pageAdminWorks(deps.db, { authorIds: [id] }, 0, 20),
    pageAdminComments(deps.db, { authorIds: [id] }, 0, 20),
    listSignins(deps.db, id, 20),
    listEntries(deps.db, id, { limit: 30 }),
  ]);
  return {
    ...adminUserRow(row, deps.now()),
    description: row.description,
    works: works.rows.map(adminWorkRow),
    comments: comments.rows.map(adminCommentRow),
    signins: signins.map((s) => ({ at: s.created_at, ip: s.ip, client: s.client, way: s.way })),
    ledger: ledger.map((e) => ({
      delta: e.delta,
      balance: e.balance,
      reason: e.reason,
      ref: e.ref,
      createdAt: e.created_at,
    })),
  };
}
