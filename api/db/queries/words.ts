import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export function listWords(db: Kysely<DB>) {
  return db.selectFrom("sensitive_words").select(["word", "action"]).orderBy("id").execute();
}

export async function replaceWords(
  db: Kysely<DB>,
  rows: { word: string; word_key: string; action: string }[],
  at: number,
) {
  await db.deleteFrom("sensitive_words").execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("sensitive_words")
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, created_at: at })))
      .execute();
}
