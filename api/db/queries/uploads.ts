import { sql, type Insertable, type Kysely } from "kysely";
import type { DB, UploadTable } from "../schema.ts";

export async function insertUpload(db: Kysely<DB>, row: Insertable<UploadTable>): Promise<number> {
  return (await db.insertInto("uploads").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

/** The uploads among these URLs that belong to this user (so a work cannot claim someone else's files). */
export function ownedUploads(db: Kysely<DB>, userId: number, urls: string[]) {
  if (!urls.length) return Promise.resolve([]);
  return db.selectFrom("uploads").selectAll().where("user_id", "=", userId).where("url", "in", urls).execute();
}

/** The stored sizes of these pictures, by address (a text's pictures, to draw a row of them at one height). */
export async function pictureSizes(db: Kysely<DB>, urls: string[]) {
  const rows = urls.length
    ? await db.selectFrom("uploads").select(["url", "width", "height"]).where("url", "in", urls.slice(0, 100)).execute()
    : [];
  return new Map(rows.map((r) => [r.url, { width: r.width, height: r.height }]));
}

/** How many files a member uploaded since `hourAgo`, and how many bytes since `dayAgo`. */
export async function uploadUsage(db: Kysely<DB>, userId: number, hourAgo: number, dayAgo: number) {
  const row = await db
    .selectFrom("uploads")
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when("created_at", ">=", hourAgo).then(1).else(0).end()).as("files"),
      eb.fn.sum<number>("bytes").as("bytes"),
    ])
    .where("user_id", "=", userId)
    .where("created_at", ">=", dayAgo)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Uploads older than `before` that nothing uses: no work of their owner names them (as a picture, cover, logo or
 * audio, in any state), they are not their owner's background, nor a node's logo. A work can only claim its own
 * author's uploads (publish.ts), so only that author's works are searched.
 */
export function unusedUploads(db: Kysely<DB>, before: number, limit: number) {
  return db
    .selectFrom("uploads as up")
    .select(["up.id", "up.url", "up.variants", "up.marked"])
    .where("up.created_at", "<", before)
    .where(({ not, exists, selectFrom, or, ref }) =>
      not(
        or([
          exists(
            selectFrom("works as w")
              .select("w.id")
              .whereRef("w.user_id", "=", "up.user_id")
              .where((w) =>
                w.or([
                  w("w.cover", "=", ref("up.url")),
                  w("w.logo", "=", ref("up.url")),
                  w("w.audio", "=", ref("up.url")),
                  w("w.images", "like", sql<string>`'%"' || ${ref("up.url")} || '"%'`),
                  // A picture put into an article's or a project's text.
                  w("w.content", "like", sql<string>`'%(' || ${ref("up.url")} || ')%'`),
                ]),
              ),
          ),
          exists(
            selectFrom("users as u")
              .select("u.id")
              .whereRef("u.id", "=", "up.user_id")
              .whereRef("u.background_image", "=", "up.url"),
          ),
          exists(selectFrom("nodes as n").select("n.id").whereRef("n.logo", "=", "up.url")),
          // A commission's delivered pictures stay with it.
          exists(selectFrom("commission_files as cf").select("cf.upload_id").whereRef("cf.upload_id", "=", "up.id")),
          // A draft's pictures, audio and logo wait for it to be published or deleted.
          exists(
            selectFrom("drafts as d")
              .select("d.id")
              .whereRef("d.user_id", "=", "up.user_id")
              .where("d.body", "like", sql<string>`'%' || ${ref("up.url")} || '%'`),
          ),
        ]),
      ),
    )
    .orderBy("up.id")
    .limit(limit)
    .execute();
}

/** Removes one upload's row; true for the one process whose delete took it (its files are then its to remove). */
export async function takeUpload(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("uploads").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** What serving these pictures' files follows, as the work that shows them now says. */
export async function markUploads(
  db: Kysely<DB>,
  urls: string[],
  rights: { noai: number; withheld: number; watermarked: number },
) {
  if (urls.length) await db.updateTable("uploads").set(rights).where("url", "in", urls).execute();
}

/** What serving one picture's files follows; undefined for a file no upload row names. */
export function uploadRights(db: Kysely<DB>, url: string) {
  return db
    .selectFrom("uploads")
    .select(["noai", "withheld", "watermarked", "private"])
    .where("url", "=", url)
    .where("kind", "=", "image")
    .executeTakeFirst();
}

/** Adds watermarked files made from a picture to its row, so the sweeper removes them with it. */
export async function addMarkedFiles(db: Kysely<DB>, url: string, files: string[]) {
  if (!files.length) return;
  const row = await db.selectFrom("uploads").select("marked").where("url", "=", url).executeTakeFirst();
  if (!row) return;
  const marked = [...new Set([...(JSON.parse(row.marked || "[]") as string[]), ...files])];
  await db
    .updateTable("uploads")
    .set({ marked: JSON.stringify(marked) })
    .where("url", "=", url)
    .execute();
}
