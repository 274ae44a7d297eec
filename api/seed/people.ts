import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { nameKeys } from "../db/queries/users.ts";

/**
 * Adds `count` members who cannot sign in (their password hash is no hash): authors for a big site's works, and
 * people to follow in tests. Answers their ids.
 */
export async function seedPeople(db: Kysely<DB>, count: number, now: number): Promise<number[]> {
  const first = Number(
    (
      await db
        .selectFrom("users")
        .select((eb) => eb.fn.max("id").as("m"))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const ids: number[] = [];
  for (let done = 0; done < count; done += 500) {
    const rows = Array.from({ length: Math.min(500, count - done) }, (_, i) => {
      const n = first + done + i + 1;
      return {
        username: `member${n}`,
        nickname: `会员${n}`,
        ...nameKeys(`会员${n}`),
        password_hash: "-",
        created_at: now,
        updated_at: now,
      };
    });
    ids.push(...(await db.insertInto("users").values(rows).returning("id").execute()).map((r) => r.id));
  }
  return ids;
}
