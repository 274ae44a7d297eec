import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { DB } from "../schema.ts";
import type { ReportTable } from "../schema-community.ts";
import { ReportStatus } from "../../../contract/admin/moderation.ts";

export async function insertReport(db: Kysely<DB>, row: Insertable<ReportTable>): Promise<boolean> {
  const rows = await db
    .insertInto("reports")
    .values(row)
    .onConflict((oc) => oc.columns(["reporter_id", "target", "target_id", "url"]).doNothing())
    .returning("id")
    .execute();
  return rows.length > 0;
}

function reportsQuery(db: Kysely<DB>) {
  return (
    db
      .selectFrom("reports as r")
      // A visitor's page report has no reporter.
      .leftJoin("users as u", "u.id", "r.reporter_id")
      .leftJoin("users as h", "h.id", "r.handled_by")
      .leftJoin("works as w", (j) => j.onRef("w.id", "=", "r.target_id").on("r.target", "=", "work"))
      .leftJoin("comments as c", (j) => j.onRef("c.id", "=", "r.target_id").on("r.target", "=", "comment"))
      .leftJoin("users as t", (j) => j.onRef("t.id", "=", "r.target_id").on("r.target", "=", "user"))
      .select([
        "r.id",
        "r.target",
        "r.target_id",
        "r.url",
        "r.reason",
        "r.detail",
        "r.original_url",
        "r.status",
        "r.outcome",
        "r.handled_at",
        "r.created_at",
        "r.reporter_id",
        "u.username",
        "u.nickname",
        "u.avatar",
        "u.small_avatar",
        "r.handled_by",
        "h.username as handler_username",
        "h.nickname as handler_nickname",
        "w.title as work_title",
        sql<string | null>`substr(w.content, 1, 60)`.as("work_head"),
        "w.user_id as work_user_id",
        "c.content as comment_content",
        "c.work_id as comment_work_id",
        "c.user_id as comment_user_id",
        "t.nickname as target_nickname",
      ])
  );
}

export async function pageReports(db: Kysely<DB>, open: boolean | undefined, offset: number, limit: number) {
  let q = reportsQuery(db);
  let count = db.selectFrom("reports as r").select((eb) => eb.fn.countAll<number>().as("n"));
  if (open !== undefined) {
    q = q.where("r.status", open ? "=" : "<>", ReportStatus.open);
    count = count.where("r.status", open ? "=" : "<>", ReportStatus.open);
  }
  const [rows, total] = await Promise.all([
    q.orderBy("r.id", "desc").offset(offset).limit(limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type ReportRow = Awaited<ReturnType<typeof pageReports>>["rows"][number];

export function findReport(db: Kysely<DB>, id: number) {
  return reportsQuery(db).where("r.id", "=", id).executeTakeFirst();
}

/** Open reports of the same thing: one decision answers them all. */
export function openReportsOf(db: Kysely<DB>, target: string, targetId: number, url: string) {
  return db
    .selectFrom("reports")
    .select(["id", "reporter_id"])
    .where("target", "=", target)
    .where("target_id", "=", targetId)
    .where("url", "=", url)
    .where("status", "=", ReportStatus.open)
    .execute();
}

export async function updateReports(db: Kysely<DB>, ids: number[], set: Updateable<ReportTable>) {
  if (ids.length) await db.updateTable("reports").set(set).where("id", "in", ids).execute();
}

export async function countOpenReports(db: Kysely<DB>) {
  const row = await db
    .selectFrom("reports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", ReportStatus.open)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
