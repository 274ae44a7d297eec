import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Originals protected (issue 59): each uploaded picture's perceptual hash, cut in four bands so that a picture within
 * three bits of another shares a band with it and is found by index; the pairs found (a work's picture like another
 * member's earlier one), each told once; a work's verified 原创 mark; and a copyright claim's original.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("picture_prints")
    .addColumn("upload_id", "integer", (c) => c.primaryKey().references("uploads.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("hash", "varchar(16)", (c) => c.notNull())
    .addColumn("b0", "integer", (c) => c.notNull())
    .addColumn("b1", "integer", (c) => c.notNull())
    .addColumn("b2", "integer", (c) => c.notNull())
    .addColumn("b3", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  for (const band of ["b0", "b1", "b2", "b3"])
    await db.schema.createIndex(`picture_prints_${band}`).on("picture_prints").column(band).execute();
  await db.schema
    .createTable("picture_matches")
    .addColumn("id", idType, pk)
    .addColumn("work_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("original_work_id", "integer", (c) => c.notNull())
    .addColumn("original_user_id", "integer", (c) => c.notNull())
    .addColumn("picture", "varchar(300)", (c) => c.notNull())
    .addColumn("distance", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("picture_matches_pair")
    .on("picture_matches")
    .columns(["work_id", "original_work_id"])
    .unique()
    .execute();
  await db.schema
    .alterTable("works")
    .addColumn("original_verified", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("reports")
    .addColumn("original_url", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .execute();
}
