import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/**
 * Curation (issue 59): 编辑精选 gives the admins' recommendation a reason and a listing of its own (by when it was
 * picked); members follow tags; 活动 are events with entries, one vote a member and winners.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .alterTable("works")
    .addColumn("recommend_reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .execute();
  // The 编辑精选 listing walks the picked works only.
  await db.schema
    .createIndex("works_picked")
    .on("works")
    .columns(["recommended_at", "id"])
    .where("recommended_at", ">", 0)
    .execute();

  await db.schema
    .createTable("tag_follows")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tag_follows_pk", ["user_id", "tag_id"])
    .execute();

  await db.schema
    .createTable("events")
    .addColumn("id", idType, pk)
    .addColumn("title", "varchar(60)", (c) => c.notNull())
    .addColumn("rules", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id"))
    .addColumn("cover", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("entry_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("announced_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_tag").on("events").columns(["tag_id", "ends_at"]).execute();
  await db.schema.createIndex("events_ends").on("events").column("ends_at").execute();

  await db.schema
    .createTable("event_entries")
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("votes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("counted_votes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("place", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("event_entries_pk", ["event_id", "work_id"])
    .execute();
  await db.schema.createIndex("event_entries_work").on("event_entries").column("work_id").execute();
  await db.schema.createIndex("event_entries_user").on("event_entries").columns(["event_id", "user_id"]).execute();

  await db.schema
    .createTable("event_votes")
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("work_id", "integer", (c) => c.notNull())
    .addColumn("counted", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("event_votes_pk", ["event_id", "user_id"])
    .execute();
}
