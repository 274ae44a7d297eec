import { sql, type Insertable, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import type { PictureMatchTable } from "../schema-originals.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import type { PicturePrint } from "../../lib/picture-print.ts";

export async function insertPrint(db: Kysely<DB>, uploadId: number, userId: number, print: PicturePrint, at: number) {
  const [b0, b1, b2, b3] = print.bands;
  await db
    .insertInto("picture_prints")
    .values({ upload_id: uploadId, user_id: userId, hash: print.hash, b0, b1, b2, b3, created_at: at })
    .onConflict((oc) => oc.column("upload_id").doNothing())
    .execute();
}

/** The prints of these pictures, by address (a picture without one is blank, or came before prints were taken). */
export function printsOf(db: Kysely<DB>, urls: string[]) {
  return db
    .selectFrom("uploads as u")
    .innerJoin("picture_prints as p", "p.upload_id", "u.id")
    .select(["u.url", "p.upload_id", "p.hash", "p.b0", "p.b1", "p.b2", "p.b3"])
    .where("u.url", "in", urls.length ? urls : [""])
    .execute();
}

/** Pictures uploaded before this one that share a band with its print: the near ones are among them. */
export function sharingABand(db: Kysely<DB>, p: { upload_id: number; b0: number; b1: number; b2: number; b3: number }) {
  return db
    .selectFrom("picture_prints as p")
    .innerJoin("uploads as u", "u.id", "p.upload_id")
    .select(["p.upload_id", "p.hash", "p.user_id", "u.url"])
    .where((eb) => eb.or([eb("p.b0", "=", p.b0), eb("p.b1", "=", p.b1), eb("p.b2", "=", p.b2), eb("p.b3", "=", p.b3)]))
    .where("p.upload_id", "<", p.upload_id)
    .orderBy("p.upload_id")
    .limit(200)
    .execute();
}

/** The first live work of this member that shows this picture. */
export function liveWorkShowing(db: Kysely<DB>, userId: number, url: string) {
  return db
    .selectFrom("works")
    .select(["id", "title", "summary"])
    .where("user_id", "=", userId)
    .where("status", "=", WorkStatus.live)
    .where(sql<boolean>`images like ${`%${JSON.stringify(url).slice(1, -1)}%`}`)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Records a pair found (once: what is told of it goes by the notices' own keys). */
export async function insertMatch(db: Kysely<DB>, row: Insertable<PictureMatchTable>): Promise<void> {
  await db
    .insertInto("picture_matches")
    .values(row)
    .onConflict((oc) => oc.columns(["work_id", "original_work_id"]).doNothing())
    .execute();
}
