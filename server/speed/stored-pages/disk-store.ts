import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { EVERYTHING, metaOf, pageOf, type Mark, type PageStore, type StoredPage } from "./store.ts";

/**
 * Visitors' pages on disk: one SQLite file (DATA_DIR/pages/pages.db by default) that every process of this machine
 * opens, so a drop in one is seen by all. It is a cache: it is never backed up, a damaged file is started afresh, and
 * the oldest pages go first once it holds more than `maxBytes`.
 */
export async function diskStore(file: string, options: { maxBytes: number; now?: () => number }): Promise<PageStore> {
  const { default: Sqlite } = await import("better-sqlite3");
  mkdirSync(path.dirname(file), { recursive: true });
  let db: BetterSqlite3.Database;
  try {
    db = openFile(Sqlite, file);
  } catch {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    db = openFile(Sqlite, file);
  }
  const now = options.now ?? Date.now;
  const q = {
    mark: db.prepare<[], { seq: number; at: number }>("select seq, at from drop_seq where id = 1"),
    get: db.prepare<[string], { meta: string; body: Buffer }>("select meta, body from pages where key = ?"),
    lastDrop: db.prepare<[string], { seq: number }>("select seq from topic_drops where topic = ?"),
    upsert: db.prepare("insert or replace into pages (key, meta, body, bytes, stored) values (?, ?, ?, ?, ?)"),
    untopic: db.prepare("delete from page_topics where key = ?"),
    topic: db.prepare("insert or ignore into page_topics (topic, key) values (?, ?)"),
    bump: db.prepare("update drop_seq set seq = seq + 1, at = ? where id = 1"),
    dropped: db.prepare("insert or replace into topic_drops (topic, seq) values (?, (select seq from drop_seq))"),
    keysOf: db.prepare<[string], { key: string }>("select key from page_topics where topic = ?"),
    remove: db.prepare("delete from pages where key = ?"),
    size: db.prepare<[], { pages: number; bytes: number | null }>(
      "select count(*) as pages, sum(bytes) as bytes from pages",
    ),
    oldest: db.prepare<[], { key: string; bytes: number }>("select key, bytes from pages order by stored limit 200"),
  };
  const removePage = (key: string) => {
    q.remove.run(key);
    q.untopic.run(key);
  };
  let puts = 0;
  const put = db.transaction((key: string, page: StoredPage, topics: string[], mark: Mark): boolean => {
    for (const topic of [EVERYTHING, ...topics]) if ((q.lastDrop.get(topic)?.seq ?? 0) > mark.seq) return false;
    q.untopic.run(key);
    q.upsert.run(key, metaOf(page), page.body, page.body.length, page.storedAt);
    for (const topic of topics) q.topic.run(topic, key);
    return true;
  });
  // The oldest stored go first; counted every so often, not at every put (a sum over the pages).
  const trim = db.transaction(() => {
    let { bytes } = q.size.get()!;
    bytes ??= 0;
    while (bytes > options.maxBytes * 0.9) {
      const batch = q.oldest.all();
      if (!batch.length) break;
      for (const old of batch) {
        if (bytes <= options.maxBytes * 0.9) break;
        removePage(old.key);
        bytes -= old.bytes;
      }
    }
  });
  const drop = db.transaction((topics: string[]) => {
    q.bump.run(now());
    for (const topic of topics) {
      q.dropped.run(topic);
      if (topic === EVERYTHING) {
        db.exec("delete from pages; delete from page_topics");
        return;
      }
      for (const { key } of q.keysOf.all(topic)) removePage(key);
    }
  });
  return {
    kind: "disk",
    mark: async () => {
      const { seq, at } = q.mark.get()!;
      return { seq, lastDropAt: at };
    },
    get: async (key) => {
      const row = q.get.get(key);
      if (!row) return null;
      const page = pageOf(row.meta, row.body);
      return page.expiresAt > now() ? page : null;
    },
    put: async (key, page, topics, mark) => {
      const stored = put(key, page, topics, mark);
      if (stored && ++puts % 64 === 0) trim();
      return stored;
    },
    drop: async (topics) => {
      if (topics.length) drop(topics);
    },
    size: async () => {
      const { pages, bytes } = q.size.get()!;
      return { pages, bytes: bytes ?? 0 };
    },
    close: async () => void db.close(),
  };
}

function openFile(Sqlite: typeof BetterSqlite3, file: string) {
  // A lock held by another process is waited for briefly; a store that long busy is the least of the site's troubles.
  const db = new Sqlite(file, { timeout: 2_000 });
  try {
    db.pragma("journal_mode = WAL");
    // Nothing here is precious: a commit need not reach the disk before the page is answered.
    db.pragma("synchronous = OFF");
    db.exec(`
      create table if not exists pages (
        key text primary key, meta text not null, body blob not null, bytes integer not null, stored integer not null);
      create index if not exists pages_stored on pages (stored);
      create table if not exists page_topics (topic text not null, key text not null, primary key (topic, key))
        without rowid;
      create index if not exists page_topics_key on page_topics (key);
      create table if not exists topic_drops (topic text primary key, seq integer not null) without rowid;
      create table if not exists drop_seq (
        id integer primary key check (id = 1), seq integer not null, at integer not null);
      insert or ignore into drop_seq (id, seq, at) values (1, 0, 0);
    `);
    db.prepare("select count(*) from pages").get();
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
