import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { machinesMayRead } from "./rights.ts";

/**
 * What a feed adds to a page of cards: each live work's text, when it last changed, and whether its author lets
 * machines read it (1) or not (0). A work that stopped being live since its card was listed is left out.
 */
export function feedFacts(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("works as w")
    .select([
      "w.id",
      "w.content",
      "w.updated_at",
      sql<number>`case when ${machinesMayRead} then 1 else 0 end`.as("readable"),
    ])
    .where("w.id", "in", ids)
    .where("w.status", "=", WorkStatus.live)
    .execute();
}
