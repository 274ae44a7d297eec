import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import { containing } from "./like.ts";
import { personColumns } from "./people.ts";

// People, tags and nodes found by a part of their name (the people tab, and the suggestions as one types).

/** Active people whose nickname or username holds one of the keys (lower case), most followed first. */
export function findPeople(db: Kysely<DB>, keys: string[], offset: number, limit: number) {
  return db
    .selectFrom("users as u")
    .select(personColumns)
    .where("u.status", "=", UserStatus.active)
    .where((eb) =>
      eb.or(keys.flatMap((k) => [eb("u.name_search", "like", containing(k)), eb("u.username", "like", containing(k))])),
    )
    .orderBy("u.fans_count", "desc")
    .orderBy("u.id")
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Tags in use whose name holds one of the keys, most used first. */
export function findTags(db: Kysely<DB>, keys: string[], limit: number) {
  return db
    .selectFrom("tags")
    .select(["id", "name"])
    .where("work_count", ">", 0)
    .where((eb) => eb.or(keys.map((k) => eb("name_key", "like", containing(k)))))
    .orderBy("work_count", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Nodes whose name holds one of the keys. */
export function findNodes(db: Kysely<DB>, keys: string[], limit: number) {
  return db
    .selectFrom("nodes")
    .select(["id", "name"])
    .where((eb) => eb.or(keys.map((k) => eb(sql`lower(name)`, "like", containing(k)))))
    .orderBy("sort_no")
    .orderBy("id")
    .limit(limit)
    .execute();
}
