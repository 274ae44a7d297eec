import { sql, type Kysely } from "kysely";
import type { Dialect } from "../index.ts";

// The key as this migration wrote it, frozen here: a migration never runs today's application code.
const SPACE = /[\s\p{Z}\u3164\u115F\u1160\uFFA0]+/gu;
const nicknameKey = (nickname: string) => nickname.normalize("NFKC").toLowerCase().replace(SPACE, "");

/**
 * Nicknames become unique by their key (contract/people/identity.ts); earlier duplicates keep their name with the account
 * number appended. The rate_limits table is the store rate-limiter-flexible expects, made here so that migrations
 * stay the only code that changes the schema.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("nickname_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const users = await sql<{ id: number; nickname: string }>`select id, nickname from users order by id`.execute(db);
  const taken = new Set<string>();
  for (const u of users.rows) {
    let nickname = u.nickname;
    let key = nicknameKey(nickname);
    if (!key || taken.has(key)) {
      nickname = `${u.nickname}${u.id}`;
      key = nicknameKey(nickname);
    }
    taken.add(key);
    await sql`update users set nickname = ${nickname}, nickname_key = ${key} where id = ${u.id}`.execute(db);
  }
  await db.schema.createIndex("users_nickname_key").on("users").column("nickname_key").unique().execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", dialect === "postgres" ? "varchar(255)" : "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}
