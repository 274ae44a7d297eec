import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";

export async function readConfigRows(db: Kysely<DB>): Promise<Record<string, string>> {
  const rows = await db.selectFrom("site_config").selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function writeConfigRows(db: Kysely<DB>, values: Record<string, string>) {
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(values)) {
      await trx
        .insertInto("site_config")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    }
  });
}
