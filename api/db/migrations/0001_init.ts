import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../index.ts";

/** Users, sessions, captchas, site settings, nodes, works, tags, likes and follows. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const pk = (c: ColumnDefinitionBuilder) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("users")
    .addColumn("id", idType, pk)
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nickname", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("small_avatar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("background_image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("small_background_image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("roles", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("work_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("follow_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fans_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_created_at").on("users").column("created_at").execute();

  await db.schema
    .createTable("user_tokens")
    .addColumn("id", idType, pk)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("user_tokens_user").on("user_tokens").column("user_id").execute();

  await db.schema
    .createTable("captchas")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("captchas_expires_at").on("captchas").column("expires_at").execute();

  await db.schema
    .createTable("site_config")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("nodes")
    .addColumn("id", idType, pk)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_no", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("work_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("works")
    .addColumn("id", idType, pk)
    .addColumn("type", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("node_id", "integer", (c) => c.references("nodes.id"))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("audio", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("favorite_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("score", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("works_status_score").on("works").columns(["status", "score", "id"]).execute();
  await db.schema.createIndex("works_status_created").on("works").columns(["status", "created_at", "id"]).execute();
  await db.schema
    .createIndex("works_node_created")
    .on("works")
    .columns(["node_id", "status", "created_at", "id"])
    .execute();
  await db.schema.createIndex("works_user_created").on("works").columns(["user_id", "status", "created_at"]).execute();

  await db.schema
    .createTable("tags")
    .addColumn("id", idType, pk)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull().unique())
    .addColumn("work_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("work_tags")
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("work_tags_pk", ["work_id", "tag_id"])
    .execute();
  await db.schema.createIndex("work_tags_tag").on("work_tags").columns(["tag_id", "work_id"]).execute();

  await db.schema
    .createTable("likes")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("work_id", "integer", (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("likes_pk", ["user_id", "work_id"])
    .execute();
  await db.schema.createIndex("likes_work").on("likes").columns(["work_id", "created_at"]).execute();

  await db.schema
    .createTable("follows")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("target_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("follows_pk", ["user_id", "target_id"])
    .execute();
  await db.schema.createIndex("follows_target").on("follows").columns(["target_id", "created_at"]).execute();
}
