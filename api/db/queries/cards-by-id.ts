import type { Kysely } from "kysely";
import type { DB } from "../schema.ts";
import { cardQuery } from "./works.ts";

/* Live works as cards, by id: a profile's pinned, a text's blocks, search hits. */

/** One author's live works among these ids, as cards (a profile's pinned works). */
export function authorCardsByIds(db: Kysely<DB>, userId: number, ids: number[]) {
  return cardQuery(db)
    .where("w.id", "in", ids.length ? ids : [0])
    .where("w.user_id", "=", userId)
    .execute();
}

/** Live works by id, as cards (the works a text shows as blocks). */
export function liveCardsByIds(db: Kysely<DB>, ids: number[]) {
  return cardQuery(db)
    .where("w.id", "in", ids.length ? ids : [0])
    .execute();
}

/** Live works by id, as cards, with their whole text (search hits show the passage that matched). */
export function cardsWithText(db: Kysely<DB>, ids: number[]) {
  return cardQuery(db).select("w.content").where("w.id", "in", ids).execute();
}
