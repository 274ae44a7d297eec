import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Deps } from "../services/deps.ts";
import { hashPassword } from "../lib/password.ts";
import { rankScore } from "../services/browse/ranking.ts";
import type { DB } from "../db/schema.ts";
import { insertUser } from "../db/queries/users.ts";
import { prng, type ArtStyle } from "./art.ts";
import { Files } from "./files.ts";
import { recount, recountLikesReceived } from "../db/queries/counts.ts";
import { seedConversations } from "./conversations.ts";
import { seedGrowth } from "./growth.ts";
import { seedCuration } from "./curation.ts";
import { WorkType } from "../../contract/shared/kinds.ts";
import { demo } from "./content.ts";
import { AiLabel, DEFAULT_LICENSE } from "../../contract/works/rights.ts";
import { catchUpSearch, indexWorksAfter } from "../services/search/search-index.ts";
import { oneProcessAtATime, Lease } from "../db/lease.ts";
import type { Database } from "../db/index.ts";

export type SeedOptions = {
  demo: boolean;
  ownerUsername: string | null;
  ownerPassword: string | null;
  /** Tells the operator something once (the generated owner password). */
  announce: (message: string) => void;
};

const DAY = 86_400_000;

/** Fills an empty database: default nodes always, the owner when asked for, and the demo community when on. */
export async function seedIfEmpty(deps: Deps, opts: SeedOptions): Promise<boolean> {
  const anyone = await deps.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  const anyNode = await deps.db.selectFrom("nodes").select("id").limit(1).executeTakeFirst();
  if (anyone || anyNode) return false;
  // The demo's pictures and tracks go where the site keeps uploads.
  const files = new Files(deps.storage);
  const now = deps.now();
  const nodeIds = await seedNodes(deps.db, files, now);

  let ownerId: number | null = null;
  if (opts.ownerUsername || opts.demo) {
    const username = (opts.ownerUsername ?? "admin").toLowerCase();
    const password = opts.ownerPassword ?? randomBytes(9).toString("base64url");
    ownerId = await insertUser(deps.db, {
      username,
      nickname: "站长",
      roles: "owner",
      password_hash: await hashPassword(password),
      created_at: now - 60 * DAY,
      updated_at: now,
    });
    if (!opts.ownerPassword)
      opts.announce(`站长账号已创建：用户名 ${username}，密码 ${password}（只显示这一次，请登录后妥善保管）`);
  }
  if (opts.demo) {
    await seedCommunity(deps.db, files, nodeIds, now, ownerId);
    await indexWorksAfter(deps.db, deps.dialect);
  }
  await files.flush();
  deps.log.info("seeded database", { demo: opts.demo });
  return true;
}

/**
 * seedIfEmpty for servers that may start together on one empty database: one seeds while the others wait, then
 * find it full. Without the lease each saw an empty database and seeded it again. The search index is caught up
 * under the same lease (catchUpSearch): after a migration that left it empty, one process writes it.
 */
export function seedAlone(database: Pick<Database, "db" | "dialect" | "url">, deps: Deps, opts: SeedOptions) {
  return oneProcessAtATime(database, Lease.seed, async () => {
    const seeded = await seedIfEmpty(deps, opts);
    await catchUpSearch(deps.db, deps.dialect, opts.announce);
    return seeded;
  });
}

async function seedNodes(db: Kysely<DB>, files: Files, now: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, node] of demo.nodes.entries()) {
    const logo = files.image(`node-${i + 1}.webp`, 1000 + i, node.style, 128, 128);
    const row = await db
      .insertInto("nodes")
      .values({ name: node.name, description: node.description, logo, sort_no: i, created_at: now - 90 * DAY })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(node.name, row.id);
  }
  return ids;
}

const authorsOf = (node: string) => demo.nodes.find((d) => d.name === node)!.authors;
const styleOf = (node: string) => demo.nodes.find((d) => d.name === node)?.style ?? "glow";

type NewWork = {
  type: number;
  node: string;
  author: string;
  title?: string;
  summary?: string;
  content: string;
  url?: string;
  tags: string[];
  images: { url: string; width: number; height: number; alt: string; variants: Record<string, string> }[];
  logo?: string;
  audio?: string;
  duration?: number;
  rights?: (typeof demo.works)[number]["rights"];
};

async function seedCommunity(
  db: Kysely<DB>,
  files: Files,
  nodeIds: Map<string, number>,
  now: number,
  ownerId: number | null,
) {
  const r = prng(20261121);
  // Demo members cannot sign in: their password is a secret nobody was told.
  const unusable = await hashPassword(randomBytes(24).toString("hex"));
  const userIds = new Map<string, number>();
  for (const [i, u] of demo.users.entries()) {
    const avatar = u.avatar
      ? files.image(`avatar-${i + 1}.webp`, 500 + i, r.pick(["glow", "bauhaus", "mosaic"] as const), 200, 200)
      : "";
    const id = await insertUser(db, {
      username: u.username,
      nickname: u.nickname,
      description: u.description,
      avatar,
      small_avatar: avatar,
      email: `${u.username}@example.com`,
      password_hash: unusable,
      created_at: now - (50 - i) * DAY,
      updated_at: now,
    });
    userIds.set(u.username, id);
  }

  const works: NewWork[] = [];
  let n = 0;
  const pictures = (count: number, style: ArtStyle, alt: string) =>
    Array.from({ length: count }, () => {
      n++;
      const portrait = r.next() < 0.35;
      const [width, height] = portrait ? [720, 960] : [960, r.pick([540, 640, 720])];
      const drawn = r.next() < 0.6 ? style : r.pick(["mountains", "bauhaus", "waves", "mosaic", "glow"] as const);
      return { ...files.picture(`work-${n}`, n * 7 + 3, drawn, width, height), width, height, alt };
    });

  for (const group of demo.posts) {
    for (const line of group.lines) {
      works.push({
        type: WorkType.post,
        node: group.node,
        author: r.pick(authorsOf(group.node)),
        content: line,
        tags: r.shuffle(group.tags).slice(0, r.int(1, 3)),
        images: pictures(r.int(1, 4), styleOf(group.node), line.slice(0, 20)),
      });
    }
  }
  for (const line of demo.chatter) {
    works.push({
      type: WorkType.post,
      node: "随笔",
      author: r.pick(demo.users).username,
      content: line,
      tags: ["闲聊"],
      images: [],
    });
  }
  const made = { article: 0, project: 0, link: 0, music: 0 };
  for (const { kind, ...w } of demo.works) {
    const i = made[kind]++;
    works.push({
      ...w,
      type: WorkType[kind],
      author: r.pick(authorsOf(w.node)),
      images: kind === "link" ? [] : pictures(1, styleOf(w.node), w.title),
      logo: kind === "project" ? files.image(`project-${i + 1}.webp`, 3000 + i, "bauhaus", 128, 128) : undefined,
      audio: kind === "music" ? files.audio(`music-${i + 1}.wav`, 4000 + i) : undefined,
      duration: kind === "music" ? 12 : undefined,
    });
  }

  // Spread over the last six weeks, in a shuffled order so every node has recent works.
  const ordered = r.shuffle(works);
  const tagIds = new Map<string, number>();
  const people = [...userIds.values()];
  const likeCounts = new Map<number, number>();
  const workIds: number[] = [];
  const createdAt: number[] = [];
  const authorIds: number[] = [];
  for (const [i, w] of ordered.entries()) {
    const at = now - Math.floor(((ordered.length - i) / ordered.length) * 42 * DAY) + r.int(0, 3_600_000);
    const row = await db
      .insertInto("works")
      .values({
        type: w.type,
        user_id: userIds.get(w.author)!,
        node_id: nodeIds.get(w.node)!,
        title: w.title ?? "",
        summary: w.summary ?? "",
        content: w.content,
        cover: w.images[0]?.url ?? "",
        images: JSON.stringify(w.images),
        url: w.url ?? "",
        logo: w.logo ?? "",
        audio: w.audio ?? "",
        duration: w.duration ?? 0,
        license: w.rights?.license ?? DEFAULT_LICENSE,
        noai: w.rights?.noai === false ? 0 : 1,
        ai_label: w.rights?.ai ?? AiLabel.none,
        source_url: w.rights?.source?.url ?? "",
        source_author: w.rights?.source?.author ?? "",
        view_count: r.int(20, 900),
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    workIds.push(row.id);
    createdAt.push(at);
    authorIds.push(userIds.get(w.author)!);
    for (const name of new Set(w.tags)) {
      const key = name.toLowerCase();
      let tagId = tagIds.get(key);
      if (!tagId) {
        tagId = (
          await db
            .insertInto("tags")
            .values({ name, name_key: key, created_at: at })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
        tagIds.set(key, tagId);
      }
      await db.insertInto("work_tags").values({ work_id: row.id, tag_id: tagId }).execute();
    }
  }

  for (const userId of people) {
    for (const workId of r.shuffle(workIds).slice(0, r.int(8, 30))) {
      await db
        .insertInto("likes")
        .values({ user_id: userId, work_id: workId, created_at: now - r.int(0, 20) * DAY })
        .execute();
      likeCounts.set(workId, (likeCounts.get(workId) ?? 0) + 1);
    }
    for (const target of r.shuffle(people.filter((p) => p !== userId)).slice(0, r.int(2, 8))) {
      await db
        .insertInto("follows")
        .values({ user_id: userId, target_id: target, created_at: now - r.int(0, 30) * DAY })
        .execute();
    }
  }
  // Two members follow the owner just before the first start, so the owner's bell has news.
  if (ownerId)
    for (const [i, userId] of people.slice(0, 2).entries())
      await db
        .insertInto("follows")
        .values({ user_id: userId, target_id: ownerId, created_at: now - (3 - i) * 3_600_000 })
        .execute();
  const talk = workIds.map((id, i) => ({ id, authorId: authorIds[i], createdAt: createdAt[i] }));
  await seedConversations(db, r, talk, people, now);
  await recount(db);
  const commenters = new Map(
    (await db.selectFrom("works").select(["id", "commenter_count"]).execute()).map((w) => [w.id, w.commenter_count]),
  );
  for (const [i, workId] of workIds.entries()) {
    const likes = likeCounts.get(workId) ?? 0;
    const comments = commenters.get(workId) ?? 0;
    await db
      .updateTable("works")
      .set({ like_count: likes, score: rankScore({ likes, favorites: 0, comments }, createdAt[i]) })
      .where("id", "=", workId)
      .execute();
  }
  await recountLikesReceived(db);
  await seedGrowth(db, r, people, ownerId, now);
  await seedCuration(db, r, people, ownerId, now);
}
