import { sql, type Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * What the fourth review asked for (issue 53): the site's AI questions of a day, counted once for the whole site so
 * the owner's daily cap holds however many members ask; and a repost's source on this site, so a repost follows its
 * source's choice about AI even after the source's author changes it; and whether a picture's work is watermarked,
 * so only its marked display sizes are served, by any address. Nickname keys are folded again for the old printed
 * forms (靑 → 青) now read as their common ones: a later look-alike of an earlier name is numbered, as 0012 did.
 * Search reads words of the arts the segmenter lacked (人像) and leaves a two-character word that straddles its
 * neighbours (上海 in 爱上海边) to the characters, so the index is emptied for catchUpSearch to write again, as 0024.
 */
const OLD_FORMS =
  "靑青 淸清 槪概 黒黑 戸户 戶户 呂吕 尙尚 値值 兪俞 吿告 偸偷 愼慎 顚颠 塡填 冐冒 敍叙 敘叙 姉姊 羣群 竝并 巣巢 曽曾 緖绪";
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("ai_site_usage")
    // The China Standard Time day (api/lib/china-time.ts chinaDay).
    .addColumn("day", "integer", (c) => c.primaryKey())
    .addColumn("questions", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("works")
    .addColumn("source_work_id", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("uploads")
    .addColumn("watermarked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Pictures of works marked before now: their unmarked sizes were served; from now on they are not.
  const marked = await sql<{ images: string }>`select images from works where watermark <> ''`.execute(db);
  const urls = marked.rows.flatMap((w) => {
    try {
      return (JSON.parse(w.images) as { url: string }[]).map((i) => i.url);
    } catch {
      return [];
    }
  });
  for (let i = 0; i < urls.length; i += 500) {
    const some = urls.slice(i, i + 500);
    await sql`update uploads set watermarked = 1, withheld = 1 where url in (${sql.join(some)})`.execute(db);
  }
  await refoldNicknames(db);
  await emptySearchIndex(db, dialect);
}

async function emptySearchIndex(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === "postgres") {
    await sql`truncate work_search`.execute(db);
    return;
  }
  await sql`drop table work_search`.execute(db);
  await sql`create virtual table work_search using fts5(title, meta, body, chars, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
}

async function refoldNicknames(db: Kysely<unknown>) {
  const forms = new Map(OLD_FORMS.split(" ").map((p) => [...p] as [string, string]));
  const fold = (key: string) => [...key].map((c) => forms.get(c) ?? c).join("");
  const rows = await sql<{ id: number; nickname: string; nickname_key: string }>`
    select id, nickname, nickname_key from users order by id`.execute(db);
  // The first of look-alikes keeps its name; a later one is numbered. Later ones are written first, so a key is free
  // by the time the first takes it.
  const seen = new Set<string>();
  const later: { id: number; key: string; nickname: string }[] = [];
  const first: { id: number; key: string; nickname: string }[] = [];
  for (const r of rows.rows) {
    const key = fold(r.nickname_key);
    if (!seen.has(key)) {
      seen.add(key);
      if (key !== r.nickname_key) first.push({ id: r.id, key, nickname: r.nickname });
    } else later.push({ id: r.id, key: `${key}${r.id}`, nickname: `${r.nickname}${r.id}` });
  }
  for (const u of [...later, ...first])
    await sql`update users set nickname_key = ${u.key}, nickname = ${u.nickname} where id = ${u.id}`.execute(db);
}
