import { sql, type Kysely, type Selectable } from "kysely";
import type { DB } from "../schema.ts";
import type { AiMessageTable } from "../schema-ai.ts";
import { WorkStatus } from "../../../contract/shared/kinds.ts";
import { machinesMayRead } from "./rights.ts";
import { worksWithAuthorAndNode } from "./works.ts";

/** The site's AI: conversations, their messages, the day's ledger, and the works it may quote. */

export type AiMessageRow = Selectable<AiMessageTable>;

export async function insertConversation(db: Kysely<DB>, userId: number, title: string, now: number) {
  const row = await db
    .insertInto("ai_conversations")
    .values({ user_id: userId, title, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function conversationRow(db: Kysely<DB>, id: number) {
  return db.selectFrom("ai_conversations").selectAll().where("id", "=", id).executeTakeFirst();
}

export function conversationsOf(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom("ai_conversations")
    .select(["id", "title", "updated_at"])
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** A conversation's messages, oldest first; the last `limit` when given. */
export async function messagesOf(db: Kysely<DB>, conversationId: number, limit = 1000): Promise<AiMessageRow[]> {
  const rows = await db
    .selectFrom("ai_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function countMessages(db: Kysely<DB>, conversationId: number) {
  const row = await db
    .selectFrom("ai_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("conversation_id", "=", conversationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertMessage(db: Kysely<DB>, m: Omit<AiMessageRow, "id">): Promise<AiMessageRow> {
  return db.insertInto("ai_messages").values(m).returningAll().executeTakeFirstOrThrow();
}

export async function touchConversation(db: Kysely<DB>, id: number, now: number) {
  await db.updateTable("ai_conversations").set({ updated_at: now }).where("id", "=", id).execute();
}

/** Deletes one of the member's conversations; another's is left alone (and counts as none). */
export async function deleteConversation(db: Kysely<DB>, id: number, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom("ai_conversations")
      .select("id")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!owned) return false;
    await trx.deleteFrom("ai_messages").where("conversation_id", "=", id).execute();
    await trx.deleteFrom("ai_conversations").where("id", "=", id).execute();
    return true;
  });
}

/**
 * Charges one question if the member's day and the site's day both have room, each in one statement and both in
 * one transaction: however many questions arrive at once, no more than `quota` are charged to a member and no more
 * than `siteCap` to the site. The refusal says which was spent.
 */
export async function chargeQuestion(
  db: Kysely<DB>,
  userId: number,
  day: number,
  quota: number,
  siteCap: number,
): Promise<"charged" | "member" | "site"> {
  if (quota <= 0) return "member";
  if (siteCap <= 0) return "site";
  return db.transaction().execute(async (trx) => {
    const site = await trx
      .insertInto("ai_site_usage")
      .values({ day, questions: 1 })
      .onConflict((oc) =>
        oc
          .column("day")
          .doUpdateSet({ questions: sql`ai_site_usage.questions + 1` })
          .where("ai_site_usage.questions", "<", siteCap),
      )
      .returning("questions")
      .executeTakeFirst();
    if (!site) return "site";
    const member = await trx
      .insertInto("ai_usage")
      .values({ user_id: userId, day, questions: 1 })
      .onConflict((oc) =>
        oc
          .columns(["user_id", "day"])
          .doUpdateSet({ questions: sql`ai_usage.questions + 1` })
          .where("ai_usage.questions", "<", quota),
      )
      .returning("questions")
      .executeTakeFirst();
    if (member) return "charged";
    await trx
      .updateTable("ai_site_usage")
      .set({ questions: sql`questions - 1` })
      .where("day", "=", day)
      .execute();
    return "member";
  });
}

/**
 * A question the provider failed to answer (counted as a failure), or that was stopped before the provider was asked,
 * is given back to the member and the site.
 */
export async function giveBackQuestion(db: Kysely<DB>, userId: number, day: number, failed: boolean) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("ai_usage")
      .set({
        questions: sql`case when questions > 0 then questions - 1 else 0 end`,
        failures: failed ? sql`failures + 1` : sql`failures`,
      })
      .where("user_id", "=", userId)
      .where("day", "=", day)
      .execute();
    await trx
      .updateTable("ai_site_usage")
      .set({ questions: sql`case when questions > 0 then questions - 1 else 0 end` })
      .where("day", "=", day)
      .execute();
  });
}

export async function siteQuestionsOn(db: Kysely<DB>, day: number): Promise<number> {
  const row = await db.selectFrom("ai_site_usage").select("questions").where("day", "=", day).executeTakeFirst();
  return row?.questions ?? 0;
}

export async function addTokens(db: Kysely<DB>, userId: number, day: number, tokensIn: number, tokensOut: number) {
  if (!tokensIn && !tokensOut) return;
  await db
    .updateTable("ai_usage")
    .set({ tokens_in: sql`tokens_in + ${tokensIn}`, tokens_out: sql`tokens_out + ${tokensOut}` })
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .execute();
}

export async function questionsOn(db: Kysely<DB>, userId: number, day: number): Promise<number> {
  const row = await db
    .selectFrom("ai_usage")
    .select("questions")
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .executeTakeFirst();
  return row?.questions ?? 0;
}

/** The site's days from `since` on, newest first. */
export function usageByDay(db: Kysely<DB>, since: number) {
  return db
    .selectFrom("ai_usage")
    .select((eb) => [
      "day",
      eb.fn.sum<number>("questions").as("questions"),
      eb.fn.count<number>("user_id").as("members"),
      eb.fn.sum<number>("tokens_in").as("tokens_in"),
      eb.fn.sum<number>("tokens_out").as("tokens_out"),
      eb.fn.sum<number>("failures").as("failures"),
    ])
    .where("day", ">=", since)
    .groupBy("day")
    .orderBy("day", "desc")
    .execute();
}

export async function aiCounts(db: Kysely<DB>) {
  const [c, m] = await Promise.all([
    db
      .selectFrom("ai_conversations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ai_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { conversations: Number(c.n), messages: Number(m.n) };
}

/**
 * The works among `ids` an AI may read: live, and their authors did not say no (noai). The text is cut to
 * `chars`; nothing of a refusing work leaves this query.
 */
export function worksForAi(db: Kysely<DB>, ids: number[], chars: number) {
  if (!ids.length) return Promise.resolve([]);
  return worksWithAuthorAndNode(db)
    .select([
      "w.id",
      "w.title",
      "w.summary",
      sql<string>`substr(w.content, 1, ${sql.lit(chars * 4)})`.as("text_head"),
      "u.nickname",
    ])
    .where("w.id", "in", ids)
    .where("w.status", "=", WorkStatus.live)
    .where(machinesMayRead)
    .execute();
}
