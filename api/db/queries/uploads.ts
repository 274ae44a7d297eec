import type { Insertable, Kysely } from "kysely";
import type { DB, UploadTable } from "../schema.ts";

export async function insertUpload(db: Kysely<DB>, row: Insertable<UploadTable>): Promise<number> {
  return (await db.insertInto("uploads").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

/** The uploads among these URLs that belong to this user (so a work cannot claim someone else's files). */
export function ownedUploads(db: Kysely<DB>, userId: number, urls: string[]) {
  if (!urls.length) return Promise.resolve([]);
  return db.selectFrom("uploads").selectAll().where("user_id", "=", userId).where("url", "in", urls).execute();
}
