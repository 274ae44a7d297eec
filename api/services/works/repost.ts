import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { LicenseKey } from "../../../contract/works/rights.ts";

/**
 * A repost's rights come from its source, never from the reposter (issue 53): a repost cannot make a work the author
 * kept from AI readable by one, by naming the author and ticking 允许. A work of this site (an address of SITE_URL's
 * host, /art/:id) lends the repost its licence and its choice about AI, and the AI's query follows the source as it
 * stands later (db/queries/ai.ts worksForAi). A work elsewhere is kept from AI: its source's terms cannot be read here.
 */
export type RepostSource = { workId: number; license: LicenseKey; noai: boolean } | null;

/** The id of the work on this site that `url` names, or 0. */
export function localWorkId(url: string, siteUrl: string): number {
  try {
    const u = new URL(url);
    if (u.host !== new URL(siteUrl).host || u.username || u.password) return 0;
    const m = /^\/art\/([1-9]\d{0,9})\/?$/.exec(u.pathname);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * The work on this site a repost stands on. A repost of a repost stands on the first one's source (every repost keeps
 * its root, so one step reaches it): otherwise a chain would carry a source's words past a later withdrawal.
 */
export async function repostSource(db: Kysely<DB>, url: string, siteUrl: string): Promise<RepostSource> {
  const id = localWorkId(url, siteUrl);
  if (!id) return null;
  const row = await rightsOf(db, id);
  if (!row) return null;
  const root = row.source_work_id ? await rightsOf(db, row.source_work_id) : row;
  if (!root) return null;
  // A repost of a work elsewhere, reposted again: kept from AI as its source is.
  const outside = !row.source_work_id && row.source_url !== "";
  return { workId: root.id, license: root.license as LicenseKey, noai: outside || root.noai === 1 };
}

const rightsOf = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom("works")
    .select(["id", "license", "noai", "source_url", "source_work_id"])
    .where("id", "=", id)
    .executeTakeFirst();

/** The columns a repost takes from its source: the source's licence and AI choice, or kept from AI when outside. */
export function repostColumns(source: RepostSource, ownNoai: boolean) {
  if (!source) return { source_work_id: 0, noai: 1 };
  return { source_work_id: source.workId, license: source.license, noai: source.noai || ownNoai ? 1 : 0 };
}
