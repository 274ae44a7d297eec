import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { UserStatus, WorkStatus } from "../../../contract/shared/kinds.ts";

/** Where each kind's addresses come from: its table, the rows listed, and the column that says when one changed. */
const sources = {
  works: { table: "works", live: WorkStatus.live, changed: "updated_at" },
  people: { table: "users", live: UserStatus.active, changed: "updated_at" },
  tags: { table: "tags", live: null, changed: "created_at" },
  nodes: { table: "nodes", live: null, changed: "created_at" },
} as const;
export type SitemapSource = keyof typeof sources;

/** Each file of a kind (ids in blocks of `size`) with its newest change: one pass over an index. */
export async function sitemapPages(db: Kysely<DB>, kind: SitemapSource, size: number) {
  const s = sources[kind];
  const rows = await sql<{ page: number; lastmod: number }>`
    select ${sql.raw("id")} / ${sql.lit(size)} as page, max(${sql.ref(s.changed)}) as lastmod
    from ${sql.table(s.table)}
    ${s.live === null ? sql`` : sql`where status = ${sql.lit(s.live)}`}
    group by 1 order by 1`.execute(db);
  return rows.rows.map((r) => ({ page: Number(r.page), lastmod: Number(r.lastmod) }));
}

/** The rows of one file: ids from page·size, in order, with when each changed. */
export async function sitemapEntries(db: Kysely<DB>, kind: SitemapSource, page: number, size: number) {
  const s = sources[kind];
  const rows = await sql<{ id: number; lastmod: number }>`
    select id, ${sql.ref(s.changed)} as lastmod
    from ${sql.table(s.table)}
    where id >= ${page * size} and id < ${(page + 1) * size}
    ${s.live === null ? sql`` : sql`and status = ${sql.lit(s.live)}`}
    order by id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), lastmod: Number(r.lastmod) }));
}
