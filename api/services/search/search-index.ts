import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Dialect } from "../../db/index.ts";
import { setNameSearch, unkeyedForSearch } from "../../db/queries/users.ts";
import {
  searchIndexEmpty,
  dropStaleSearchDocs,
  dropSearchDocs,
  writeSearchDocs,
  type SearchDoc,
} from "../../db/queries/search.ts";
import { liveWorkIdsOf, searchSources, tagsOfWorks, type SearchSource } from "../../db/queries/search-sources.ts";
import { charTerms, indexWords, nameTerms, normalize } from "../../lib/segment.ts";
import { plainText } from "../../lib/plain-text.ts";

/**
 * Keeps the search index in step with the works: every write of a work (publish, edit, delete) calls these in its
 * own transaction, and `rebuildSearchIndex` makes the whole index again (npm run search:reindex).
 */

/** Words of a text past this are not indexed: a 50,000-character essay is found by its first 20,000. */
const BODY_MAX = 20_000;
/** The text as single characters covers its head only: that is where a reader looks for a phrase. */
const CHARS_MAX = 3_000;
const BATCH = 500;

export function searchDoc(src: SearchSource, tags: string[]): SearchDoc {
  const names = [...tags, src.node_name ?? "", src.nickname, src.username];
  const title = normalize(src.title);
  const meta = normalize(names.join(" "));
  const body = normalize(`${src.summary} ${plainText(src.content.slice(0, BODY_MAX))}`);
  return {
    title: indexWords(title),
    // Each fact once: a work filed under 插画 and tagged 插画 says no more about 插画 than its title would.
    meta: [...new Set([...names.flatMap(nameTerms), ...indexWords(meta)])],
    body: indexWords(body),
    chars: charTerms(`${title} ${meta} ${body.slice(0, CHARS_MAX)}`),
    facts: { nodeId: src.node_id, type: src.type, createdAt: src.created_at, ai: src.ai_label },
  };
}

/** Indexes these works as they now are; those no longer live leave the index. */
export async function indexWorks(db: Kysely<DB>, dialect: Dialect, ids: number[]) {
  const sources = await searchSources(db, { ids });
  await write(db, dialect, sources);
  const live = new Set(sources.map((s) => s.id));
  await dropSearchDocs(
    db,
    dialect,
    ids.filter((id) => !live.has(id)),
  );
}

async function write(db: Kysely<DB>, dialect: Dialect, sources: SearchSource[]) {
  const tags = await tagsOfWorks(
    db,
    sources.map((s) => s.id),
  );
  const docs = sources.map((s) => ({
    id: s.id,
    doc: searchDoc(
      s,
      (tags.get(s.id) ?? []).map((t) => t.name),
    ),
  }));
  await writeSearchDocs(db, dialect, docs);
}

/** A person's works carry their nickname: after it changes, they are indexed again. */
export async function indexWorksOf(db: Kysely<DB>, dialect: Dialect, userId: number) {
  const ids = await liveWorkIdsOf(db, userId);
  for (let i = 0; i < ids.length; i += BATCH) await indexWorks(db, dialect, ids.slice(i, i + BATCH));
}

/** Indexes every live work with an id above `after`, a batch per transaction; answers how many. */
export async function indexWorksAfter(
  db: Kysely<DB>,
  dialect: Dialect,
  after = 0,
  progress?: (done: number) => void,
): Promise<number> {
  let done = 0;
  for (let last = after; ;) {
    const batch = await searchSources(db, { after: last, limit: BATCH });
    if (!batch.length) return done;
    // Inside a migration (PostgreSQL runs each in a transaction) the batches join it.
    if (db.isTransaction) await write(db, dialect, batch);
    else await db.transaction().execute((trx) => write(trx, dialect, batch));
    last = batch[batch.length - 1].id;
    done += batch.length;
    progress?.(done);
  }
}

/**
 * Makes the index again from the works themselves. Each row is replaced where it stands, so searches during a
 * rebuild still find every work; rows of works gone meanwhile are dropped at the end.
 */
export async function rebuildSearchIndex(db: Kysely<DB>, dialect: Dialect, progress?: (done: number) => void) {
  const done = await indexWorksAfter(db, dialect, 0, progress);
  await dropStaleSearchDocs(db, dialect);
  return done;
}

/**
 * Brings what search reads up to the database it starts on: names keyed for search, and an index that is empty
 * beside live works (migration 0009 makes it so, leaving the documents to today's code) written whole. Answers how
 * many works were indexed; run by the process that migrates, before the site opens.
 */
export async function catchUpSearch(db: Kysely<DB>, dialect: Dialect, log?: (message: string) => void) {
  for (let after = 0; ;) {
    const batch = await unkeyedForSearch(db, after, BATCH);
    if (!batch.length) break;
    await db.transaction().execute(async (trx) => {
      for (const u of batch) await setNameSearch(trx, u.id, u.nickname);
    });
    after = batch[batch.length - 1].id;
  }
  if (!(await searchIndexEmpty(db, dialect))) return 0;
  const done = await rebuildSearchIndex(db, dialect);
  if (done) log?.(`搜索索引已建立：${done} 件作品`);
  return done;
}
