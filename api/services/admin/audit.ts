import { nameAndAvatar } from "../people/users.ts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { insertAudit, pageAudit, peopleNamed } from "../../db/queries/admin.ts";
import type { AuditAction } from "../../../contract/admin/moderation.ts";
import type { AuditEntry } from "../../../contract/admin/views.ts";
import type { Numbered } from "../../../contract/shared/page.ts";
import type { Deps } from "../deps.ts";
import { ADMIN_PAGE, dayRange, numbered } from "./admin-paging.ts";

export type AuditRecord = {
  actorId: number;
  action: AuditAction;
  targetKind: string;
  targetId: number;
  before?: unknown;
  after?: unknown;
  reason?: string;
};

const asText = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v)).slice(0, 4000);

/** Writes what an admin did, in the same transaction as the doing: no action without its record. */
export async function audit(trx: Kysely<DB>, now: number, r: AuditRecord) {
  await insertAudit(trx, {
    actor_id: r.actorId,
    action: r.action,
    target_kind: r.targetKind,
    target_id: r.targetId,
    before: asText(r.before),
    after: asText(r.after),
    reason: r.reason ?? "",
    created_at: now,
  });
}

export async function auditLog(
  deps: Deps,
  q: { actor: string; action?: string; from?: string; to?: string; page: number },
): Promise<Numbered<AuditEntry>> {
  const actorIds = q.actor ? await peopleNamed(deps.db, q.actor) : undefined;
  const { rows, total } = await pageAudit(
    deps.db,
    { actorIds, action: q.action, ...dayRange(q.from, q.to) },
    (q.page - 1) * ADMIN_PAGE,
    ADMIN_PAGE,
  );
  const results = rows.map((r) => ({
    id: r.id,
    actor: nameAndAvatar(r.actor_id, r),
    action: r.action as AuditAction,
    targetKind: r.target_kind,
    targetId: r.target_id,
    before: r.before,
    after: r.after,
    reason: r.reason,
    createdAt: r.created_at,
  }));
  return numbered(results, total, q.page);
}
