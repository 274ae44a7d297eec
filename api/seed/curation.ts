import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { WorkStatus } from "../../contract/shared/kinds.ts";
import type { prng } from "./art.ts";

type Rng = ReturnType<typeof prng>;
const DAY = 86_400_000;

const reasons = [
  "色彩克制，留白讲究，越看越有味道",
  "构图大胆，光影处理得很细腻",
  "笔触松弛自然，看得出多年的功底",
  "题材新颖，细节经得起放大看",
  "氛围感很强，像一段安静的电影镜头",
  "配色温暖，让人想起小时候的冬天",
  "把日常小景画出了诗意",
  "技法扎实，适合初学者细细揣摩",
];

/**
 * The demo's curation (issue 59): eight picks of 编辑精选 with their reasons, an event taking entries and votes, one
 * whose winners are out, and members following a few tags, so /picks, /events and /follow have something to show.
 */
export async function seedCuration(db: Kysely<DB>, r: Rng, people: number[], ownerId: number | null, now: number) {
  const pictured = await db
    .selectFrom("works")
    .select(["id", "user_id", "created_at"])
    .where("status", "=", WorkStatus.live)
    .where("cover", "!=", "")
    .orderBy("id")
    .execute();
  const chosen = r.shuffle(pictured);
  for (const [i, w] of chosen.slice(0, reasons.length).entries())
    await db
      .updateTable("works")
      .set({
        recommended_at: Math.min(now, Math.max(w.created_at + DAY / 2, now - (i + 1) * DAY)),
        recommend_reason: reasons[i],
      })
      .where("id", "=", w.id)
      .execute();

  const tag = async (name: string) =>
    (
      await db
        .insertInto("tags")
        .values({ name, name_key: name, created_at: now - 30 * DAY })
        .onConflict((oc) => oc.column("name_key").doNothing())
        .returning("id")
        .executeTakeFirst()
    )?.id ?? (await db.selectFrom("tags").select("id").where("name_key", "=", name).executeTakeFirstOrThrow()).id;
  const event = async (e: { title: string; rules: string; tag: string; starts: number; ends: number }) =>
    (
      await db
        .insertInto("events")
        .values({
          title: e.title,
          rules: e.rules,
          tag_id: await tag(e.tag),
          starts_at: e.starts,
          ends_at: e.ends,
          created_by: ownerId ?? people[0],
          created_at: e.starts - DAY,
          updated_at: e.starts - DAY,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const open = await event({
    title: "冬日小景",
    rules:
      "画下这个冬天里让你停下脚步的一个瞬间：窗上的霜、街角的灯、一杯热茶都可以。\n\n发布作品时带上标签「冬日小景」即可参加，每人最多三件。每位会员可以投一票，活动结束后由管理员公布前三名。",
    tag: "冬日小景",
    starts: now - 5 * DAY,
    ends: now + 9 * DAY,
  });
  const past = await event({
    title: "秋日写生",
    rules: "走出门去，对着真实的秋天写生。水彩、速写、油画都欢迎。",
    tag: "秋日写生",
    starts: now - 40 * DAY,
    ends: now - 12 * DAY,
  });
  const rest = chosen.slice(reasons.length);
  const enter = async (eventId: number, works: typeof rest, at: number) => {
    for (const w of works)
      await db
        .insertInto("event_entries")
        .values({ event_id: eventId, work_id: w.id, user_id: w.user_id, created_at: at })
        .execute();
  };
  const openEntries = rest.slice(0, 6);
  const pastEntries = rest.slice(6, 10);
  await enter(open, openEntries, now - 4 * DAY);
  await enter(past, pastEntries, now - 30 * DAY);
  // Each member votes once in each, never for their own work.
  for (const [eventId, entries] of [
    [open, openEntries],
    [past, pastEntries],
  ] as const)
    for (const voter of people) {
      const choice = r.shuffle(entries.filter((e) => e.user_id !== voter))[0];
      if (!choice || r.int(0, 3) === 0) continue;
      await db
        .insertInto("event_votes")
        .values({ event_id: eventId, user_id: voter, work_id: choice.id, counted: 1, created_at: now - 2 * DAY })
        .execute();
    }
  for (const eventId of [open, past]) {
    const tally = await db
      .selectFrom("event_votes")
      .select(["work_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("event_id", "=", eventId)
      .groupBy("work_id")
      .execute();
    for (const t of tally)
      await db
        .updateTable("event_entries")
        .set({ votes: Number(t.n), counted_votes: Number(t.n) })
        .where("event_id", "=", eventId)
        .where("work_id", "=", t.work_id)
        .execute();
    await db
      .updateTable("events")
      .set({ entry_count: eventId === open ? openEntries.length : pastEntries.length })
      .where("id", "=", eventId)
      .execute();
  }
  const ranked = await db
    .selectFrom("event_entries")
    .select("work_id")
    .where("event_id", "=", past)
    .orderBy("counted_votes", "desc")
    .orderBy("work_id")
    .limit(3)
    .execute();
  for (const [i, e] of ranked.entries())
    await db
      .updateTable("event_entries")
      .set({ place: i + 1 })
      .where("event_id", "=", past)
      .where("work_id", "=", e.work_id)
      .execute();
  await db
    .updateTable("events")
    .set({ announced_at: now - 10 * DAY })
    .where("id", "=", past)
    .execute();

  // Members follow a tag or two of those most used.
  const popular = await db.selectFrom("work_tags").select("tag_id").groupBy("tag_id").orderBy("tag_id").execute();
  for (const userId of people.slice(0, 8))
    for (const t of r.shuffle(popular).slice(0, r.int(1, 2)))
      await db
        .insertInto("tag_follows")
        .values({ user_id: userId, tag_id: t.tag_id, created_at: now - r.int(1, 20) * DAY })
        .execute();
}
