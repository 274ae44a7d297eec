import type { Kysely } from "kysely";
import type { DB, ProcessTable } from "../schema.ts";

/** A process's heartbeat: its row written afresh, and those of processes long gone removed. */
export async function beat(db: Kysely<DB>, row: ProcessTable, forgetBefore: number): Promise<void> {
  await db
    .insertInto("processes")
    .values(row)
    .onConflict((oc) => oc.column("id").doUpdateSet({ seen_at: row.seen_at, health: row.health }))
    .execute();
  await db.deleteFrom("processes").where("seen_at", "<", forgetBefore).execute();
}

/** The processes heard from since `since`, newest start first. */
export function listProcesses(db: Kysely<DB>, since: number) {
  return db
    .selectFrom("processes")
    .selectAll()
    .where("seen_at", ">=", since)
    .orderBy("started_at", "desc")
    .limit(64)
    .execute();
}

/** A process that stopped cleanly says so: it leaves the list at once. */
export async function forgetProcess(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("processes").where("id", "=", id).execute();
}
