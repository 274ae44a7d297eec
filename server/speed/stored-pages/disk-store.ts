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
    upsert: db.prepare("insert or replace into pages (key, stored, bytes, meta, body) values (?, ?, ?, ?, ?)"),
    bytesOf: db.prepare<[string], { bytes: number }>("select bytes from pages where key = ?"),
    total: db.prepare<[], { bytes: number }>("select bytes from totals where id = 1"),
    count: db.prepare<[], { pages: number }>("select count(*) as pages from pages"),
    grow: db.prepare("update totals set bytes = bytes + ? where id = 1"),
    untopic: db.prepare("delete from page_topics where key = ?"),
    topic: db.prepare("insert or ignore into page_topics (topic, key) values (?, ?)"),
    bump: db.prepare("update drop_seq set seq = seq + 1, at = ? where id = 1"),
    dropped: db.prepare("insert or replace into topic_drops (topic, seq) values (?, (select seq from drop_seq))"),
    keysOf: db.prepare<[string], { key: string }>("select key from page_topics where topic = ?"),
    remove: db.prepare("delete from pages where key = ?"),
    oldest: db.prepare<[], { key: string; bytes: number }>("select key, bytes from pages order by stored limit 200"),
  };
  const removePage = (key: string) => {
    const old = q.bytesOf.get(key);
    if (!old) return;
    q.remove.run(key);
    q.untopic.run(key);
    q.grow.run(-old.bytes);
  };
  let puts = 0;
  const put = db.transaction((key: string, page: StoredPage, topics: string[], mark: Mark): boolean => {
    for (const topic of [EVERYTHING, ...topics]) if ((q.lastDrop.get(topic)?.seq ?? 0) > mark.seq) return false;
    removePage(key);
    q.upsert.run(key, page.storedAt, page.body.length, metaOf(page), page.body);
    q.grow.run(page.body.length);
    for (const topic of topics) q.topic.run(topic, key);
    return true;
  });
  // The oldest stored go first, checked every so often rather than at every put.
  const trim = db.transaction(() => {
    let { bytes } = q.total.get()!;
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
        db.exec("delete from pages; delete from page_topics; update totals set bytes = 0");
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
    size: async () => ({ pages: q.count.get()!.pages, bytes: q.total.get()!.bytes }),
    close: async () => void db.close(),
  };
}

/** The file's layout: a file of another is started afresh. */
const LAYOUT = 2;

function openFile(Sqlite: typeof BetterSqlite3, file: string) {
  // A lock held by another process is waited for briefly; a store that long busy is the least of the site's troubles.
  const db = new Sqlite(file, { timeout: 2_000 });
  try {
    db.pragma("journal_mode = WAL");
    // Nothing here is precious: a commit need not reach the disk before the page is answered.
    db.pragma("synchronous = OFF");
    // The small columns come before the body: reading them never walks a page's overflow.
    if (db.pragma("user_version", { simple: true }) !== LAYOUT)
      db.exec(`drop table if exists pages; drop table if exists page_topics; drop table if exists topic_drops;
        drop table if exists drop_seq; drop table if exists totals; pragma user_version = ${LAYOUT}`);
    db.exec(`
      create table if not exists pages (
        key text primary key, stored integer not null, bytes integer not null, meta text not null, body blob not null);
      create table if not exists totals (id integer primary key check (id = 1), bytes integer not null);
      insert or ignore into totals (id, bytes) values (1, 0);
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
