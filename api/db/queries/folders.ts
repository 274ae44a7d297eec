import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { cardQuery } from "./works.ts";
import { prepared } from "../prepared.ts";
import { newestFirst } from "./keyset.ts";

const columns = ["id", "user_id", "name", "public", "work_count"] as const;

/** A member's folders, or only their public ones: every work page asks for its reader's, so built once per shape. */
const folderList = prepared(
  (db, v: { userId: number; publicOnly: boolean }, call) => {
    let q = db.selectFrom("favorite_folders").select(columns).where("user_id", "=", v.userId);
    if (call.publicOnly) q = q.where("public", "=", 1);
    return q.orderBy("id");
  },
  (v) => String(v.publicOnly),
);

export const foldersOf = (db: Kysely<DB>, userId: number, publicOnly: boolean) =>
  folderList(db, { userId, publicOnly });

export function findFolder(db: Kysely<DB>, id: number) {
  return db.selectFrom("favorite_folders").select(columns).where("id", "=", id).executeTakeFirst();
}

export async function countFolders(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom("favorite_folders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFolder(db: Kysely<DB>, row: { user_id: number; name: string; public: number; at: number }) {
  const { at, ...rest } = row;
  return (
    await db
      .insertInto("favorite_folders")
      .values({ ...rest, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateFolder(db: Kysely<DB>, id: number, values: { name: string; public: number; at: number }) {
  await db
    .updateTable("favorite_folders")
    .set({ name: values.name, public: values.public, updated_at: values.at })
    .where("id", "=", id)
    .execute();
}

export async function deleteFolder(db: Kysely<DB>, id: number) {
  await db.deleteFrom("folder_works").where("folder_id", "=", id).execute();
  await db.deleteFrom("favorite_folders").where("id", "=", id).execute();
}

/** Which of a member's folders hold the work. */
const holding = prepared((db, v: { userId: number; workId: number }) =>
  db
    .selectFrom("folder_works as fw")
    .innerJoin("favorite_folders as f", "f.id", "fw.folder_id")
    .select("fw.folder_id")
    .where("f.user_id", "=", v.userId)
    .where("fw.work_id", "=", v.workId),
);

export async function foldersHolding(db: Kysely<DB>, userId: number, workId: number) {
  return new Set((await holding(db, { userId, workId })).map((r) => r.folder_id));
}

/** Puts a work in a folder (once) or takes it out; the folder's count moves only when the entry did. */
export async function setEntry(db: Kysely<DB>, folderId: number, workId: number, on: boolean, at: number) {
  const changed = on
    ? Number(
        (
          await db
            .insertInto("folder_works")
            .values({ folder_id: folderId, work_id: workId, created_at: at })
            .onConflict((oc) => oc.columns(["folder_id", "work_id"]).doNothing())
            .executeTakeFirst()
        ).numInsertedOrUpdatedRows ?? 0,
      )
    : Number(
        (
          await db
            .deleteFrom("folder_works")
            .where("folder_id", "=", folderId)
            .where("work_id", "=", workId)
            .executeTakeFirst()
        ).numDeletedRows,
      );
  if (changed)
    await db
      .updateTable("favorite_folders")
      .set((eb) => ({ work_count: eb("work_count", "+", on ? 1 : -1), updated_at: at }))
      .where("id", "=", folderId)
      .execute();
  return changed > 0;
}

/** An unfavorited work leaves every folder of the member's. */
export async function takeFromAllFolders(db: Kysely<DB>, userId: number, workId: number, at: number) {
  for (const folderId of await foldersHolding(db, userId, workId)) await setEntry(db, folderId, workId, false, at);
}

/** A folder's live works as cards, the latest put in first, keyset-paged. */
export function folderCards(
  db: Kysely<DB>,
  folderId: number,
  after: { key: number; id: number } | undefined,
  limit: number,
) {
  const query = cardQuery(db)
    .innerJoin("folder_works as fw", "fw.work_id", "w.id")
    .select("fw.created_at as put_at")
    .where("fw.folder_id", "=", folderId);
  return newestFirst(query, { key: "fw.created_at", id: "w.id", after, limit }).execute();
}
