import { sql, type Kysely } from "kysely";

/**
 * Background work on a job queue (issue 55). PostgreSQL's jobs live in pg-boss's own schema, which pg-boss installs
 * and upgrades itself; SQLite's in a table here, in the site's own file, so a job is queued in the transaction of
 * the write that causes it on both. Beside them: the keys of effects already done, the mail log, and the members'
 * choices of notifications by mail.
 */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect === "sqlite") {
    await db.schema
      .createTable("jobs")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("name", "varchar(60)", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("state", "varchar(20)", (c) => c.notNull())
      .addColumn("singleton_key", "varchar(200)")
      .addColumn("retry_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("retry_limit", "integer", (c) => c.notNull())
      .addColumn("start_after", "bigint", (c) => c.notNull())
      .addColumn("owner", "varchar(200)")
      .addColumn("expire_at", "bigint")
      .addColumn("error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("started_at", "bigint")
      .addColumn("ended_at", "bigint")
      .execute();
    // What a runner asks for: work that is due.
    await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "start_after"]).execute();
    await db.schema
      .createIndex("jobs_one_per_key")
      .on("jobs")
      .columns(["name", "singleton_key"])
      .unique()
      .where(sql.ref("singleton_key"), "is not", null)
      .where(sql.ref("state"), "in", ["created", "retry", "active"])
      .execute();
    await db.schema
      .createTable("job_schedules")
      .addColumn("name", "varchar(60)", (c) => c.primaryKey())
      .addColumn("cron", "varchar(100)", (c) => c.notNull())
      .addColumn("next_at", "bigint", (c) => c.notNull())
      .execute();
  }
  await db.schema
    .createTable("job_effects")
    .addColumn("key", "varchar(200)", (c) => c.primaryKey())
    .addColumn("done_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("mail_log")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("to_address", "varchar(200)", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("state", "varchar(20)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("mail_log_newest").on("mail_log").column("created_at").execute();
  await db.schema
    .createTable("mail_choices")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("kinds", "varchar(200)", (c) => c.notNull())
    .addColumn("unsubscribe_key", "varchar(64)", (c) => c.notNull())
    .addColumn("digest_at", "bigint", (c) => c.notNull())
    .execute();
}
