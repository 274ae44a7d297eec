/**
 * Adds many works to a database (for the benchmark): `npm run seed:big -- 100000`. Uses the database named by
 * DATABASE_URL / DATA_DIR, migrates and seeds the demo first if it is empty, then inserts works in batches of 500
 * rows per statement, reusing the demo's pictures and sentences, spread over two years, with tags, likes counts,
 * scores and places on the charts, then indexes them for search.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createDeps } from "../app.ts";
import { openDatabase, type Database } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { prng } from "../seed/art.ts";
import { seedIfEmpty } from "../seed/index.ts";
import { recount } from "../db/queries/counts.ts";
import { readEnv } from "../config/env.ts";
import { silentLogger } from "../../contract/shared/log.ts";
import { rankScore } from "../services/browse/ranking.ts";
import { periodsHolding } from "../services/browse/charts.ts";
import { chinaDay } from "../lib/china-time.ts";
import { indexWorksAfter } from "../services/search/search-index.ts";
import { seedPeople } from "../seed/people.ts";
import { demo } from "../seed/content.ts";

const words = [
  "雨夜",
  "山川",
  "旧城",
  "晨光",
  "海边",
  "猫",
  "星空",
  "胶片",
  "水彩",
  "木刻",
  "灯火",
  "远方",
  "花园",
  "车站",
  "纸鹤",
  "湖面",
];
const verbs = ["练习", "写生", "随拍", "小记", "草图", "系列", "尝试", "日常"];

/** Sentences of the demo's own writing: the big corpus reads like the site, so search works on real text. */
const sentences = [
  ...demo.posts.flatMap((p) => p.lines),
  ...demo.chatter,
  ...demo.comments,
  ...demo.replies,
  ...demo.works.flatMap((w) => [w.title, w.summary ?? "", w.content]),
]
  .flatMap((text) => text.split(/(?<=[。！？\n])/))
  .map((s) => s.replace(/[#*\-\n]+/g, " ").trim())
  .filter((s) => s.length >= 4);
const titles = demo.works.map((w) => w.title);

export async function seedBig(
  database: Pick<Database, "db" | "dialect">,
  count: number,
  now = Date.now(),
): Promise<number> {
  const db = database.db;
  const users = (await db.selectFrom("users").select("id").execute()).map((u) => u.id);
  const nodes = (await db.selectFrom("nodes").select("id").execute()).map((n) => n.id);
  const pictures = (await db.selectFrom("works").select("images").where("images", "!=", "[]").limit(50).execute()).map(
    (w) => w.images,
  );
  if (!users.length || !nodes.length) throw new Error("seed the demo first: no users or nodes");
  const tags = (await db.selectFrom("tags").select("id").limit(60).execute()).map((t) => t.id);
  const lastBefore =
    (
      await db
        .selectFrom("works")
        .select((eb) => eb.fn.max("id").as("m"))
        .executeTakeFirst()
    )?.m ?? 0;
  const r = prng(count);
  const twoYears = 730 * 86_400_000;
  const batch = 500;
  for (let done = 0; done < count; done += batch) {
    const rows = Array.from({ length: Math.min(batch, count - done) }, () => {
      const type = r.pick([0, 1, 1, 1, 2, 3, 4]);
      const createdAt = now - Math.floor(r.next() * r.next() * twoYears);
      const likes = Math.floor(r.next() ** 3 * 300);
      const images = type === 3 || !pictures.length ? "[]" : r.pick(pictures);
      const cover = images === "[]" ? "" : (JSON.parse(images)[0]?.url ?? "");
      const title = type === 1 ? "" : r.next() < 0.3 ? r.pick(titles) : `${r.pick(words)}${r.pick(verbs)}`;
      return {
        type,
        user_id: r.pick(users),
        node_id: r.pick(nodes),
        title,
        content: Array.from({ length: r.int(2, 8) }, () => r.pick(sentences)).join(""),
        images,
        cover,
        url: type === 2 || type === 3 ? "https://example.com/" + r.int(1, 1e6) : "",
        like_count: likes,
        // Half the members let the site's AI read their works (without drawing on the generator: same rows as before).
        noai: likes % 2,
        view_count: likes * r.int(3, 20),
        score: rankScore({ likes, favorites: 0, comments: 0 }, createdAt),
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    const ids = (await db.insertInto("works").values(rows).returning("id").execute()).map((w) => w.id);
    // Their places on the charts: each liked work's likes, tallied on the day, week and month it came out.
    const tallies = rows.flatMap((w, i) =>
      w.like_count
        ? periodsHolding(chinaDay(w.created_at)).map((p) => ({
            ...p,
            work_id: ids[i],
            node_id: w.node_id,
            score: w.like_count,
          }))
        : [],
    );
    if (tallies.length) await db.insertInto("chart_tallies").values(tallies).execute();
    if (tags.length)
      await db
        .insertInto("work_tags")
        .values(
          ids.flatMap((work_id) =>
            r
              .shuffle(tags)
              .slice(0, r.int(0, 3))
              .map((tag_id) => ({ work_id, tag_id })),
          ),
        )
        .execute();
  }
  await recount(db);
  await indexWorksAfter(db, database.dialect, lastBefore);
  // As autovacuum would after a bulk load: the planner needs to know the tables' sizes to use the search index.
  if (database.dialect === "postgres") await sql`analyze`.execute(db);
  return count;
}

/** A database brought to the latest schema with the demo site in it, as a fresh start makes it. */
export async function demoSite(
  database: Database,
  uploadsDir: string,
  owner: { username: string | null; password: string | null; announce: (message: string) => void },
) {
  await migrateToLatest(database);
  await seedIfEmpty(createDeps({ db: database.db, dialect: database.dialect, log: silentLogger, uploadsDir }), {
    demo: true,
    ownerUsername: owner.username,
    ownerPassword: owner.password,
    announce: owner.announce,
  });
}

/**
 * The bench's SQLite site in `dataDir`, made once: the demo with its owner, `people` members and `works` more works.
 * A directory that already holds a database is left as it is.
 */
export async function benchSite(
  dataDir: string,
  owner: { username: string; password: string },
  people: number,
  works: number,
) {
  if (existsSync(path.join(dataDir, "site.db"))) return;
  const database = await openDatabase(`sqlite:${path.join(dataDir, "site.db")}`);
  await demoSite(database, path.join(dataDir, "uploads"), { ...owner, announce: () => {} });
  const started = performance.now();
  await seedPeople(database.db, people, Date.now());
  if (works > 0) await seedBig(database, works);
  console.log(`seeded ${people} members and ${works} extra works in ${Math.round(performance.now() - started)} ms`);
  await database.close();
}

if (import.meta.main) {
  const env = readEnv();
  const count = Number(process.argv[2]) || 100_000;
  const database = await openDatabase(env.databaseUrl);
  await demoSite(database, path.join(env.dataDir, "uploads"), {
    username: env.ownerUsername,
    password: env.ownerPassword,
    announce: (m) => process.stdout.write(m + "\n"),
  });
  const started = performance.now();
  await seedBig(database, count);
  process.stdout.write(`added ${count} works in ${Math.round(performance.now() - started)} ms\n`);
  await database.close();
}
